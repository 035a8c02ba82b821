import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';

/** The form every date field takes and gives, and the API's: a calendar day 'YYYY-MM-DD'. */
export const DAY_FORMAT = 'YYYY-MM-DD';
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A whole, real day typed as 'YYYY-MM-DD', else null: a half-typed '2031-0' or a '2031-02-30' picks nothing. */
export function parseDay(text: string): string | null {
  const match = DAY.exec(text.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? match[0] : null;
}

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> & {
  /** 'YYYY-MM-DD', or '' when no day is set */
  value: string;
  onChange: (value: string) => void;
  /** the earliest day the calendar and typing accept, 'YYYY-MM-DD' */
  minDate?: string;
};

/**
 * The calendar's arrows and headings by name (Mantine's have none of their own: a screen reader announced "button").
 */
const CALENDAR_LABELS = {
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
};

/**
 * A date typed as 'YYYY-MM-DD' or picked from a calendar that opens under it. The days of the months before and after
 * are left out, and weekends are drawn as the other days: Mantine draws the first faint and the second in a light red,
 * both below WCAG AA's contrast. The text shown is the value itself, so
 * typing works as it reads and a form, its rules and the API keep their 'YYYY-MM-DD' strings. Emptying the text
 * clears the value (a required field then says so on submit); a half-typed date goes back to the last day on blur.
 * Keyboard: type the date; Escape closes the calendar.
 */
export function DateField({ value, onChange, minDate, placeholder = DAY_FORMAT, ...props }: DateFieldProps) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      // Escape closes an open calendar, not the modal the field is in (Mantine's own selects mark themselves the same way)
      data-mantine-stop-propagation={calendarOpen || undefined}
      popoverProps={{ onOpen: () => setCalendarOpen(true), onClose: () => setCalendarOpen(false) }}
      valueFormat={DAY_FORMAT}
      dateParser={parseDay}
      placeholder={placeholder}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
      // DateInput clears only clearable fields on empty text: a required date too must be able to go back to empty
      onInput={(e) => {
        if (!e.currentTarget.value.trim() && value) onChange('');
      }}
      minDate={minDate || undefined}
      ariaLabels={CALENDAR_LABELS}
      hideOutsideDates
      weekendDays={[]}
      {...props}
    />
  );
}
