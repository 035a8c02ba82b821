import { Text } from '@mantine/core';
import { localDate } from '@contracts/calendar';
import type { ReactNode } from 'react';
import { DateField } from './date-field';
import { TimeSelect } from './time-select';

/**
 * A start and an end, each a date and a time ("hh:mm AM"), as the booking and trip forms ask for them:
 * four required fields in two rows, the end date never before the start date, and the end following the start
 * while the person has not set it apart. Each form keeps its own names, labels, messages and checks.
 */
/** Beside a start day before today, on a new request or booking. */
export const PAST_DAY = 'This day has already passed.';

export type RangePart = 'startDate' | 'startTime' | 'endDate' | 'endTime';

/** Which field of the form each part is, and its label. */
export type RangeFields<N extends string> = Record<RangePart, { name: N; label: string }>;

type NamedField<N extends string> = readonly [name: N, label: string];

/** A form's four parts as [field, label] pairs, in the order they show: start date, start time, end date, end time. */
export function rangeFields<N extends string>(
  startDate: NamedField<N>,
  startTime: NamedField<N>,
  endDate: NamedField<N>,
  endTime: NamedField<N>,
): RangeFields<N> {
  const part = ([name, label]: NamedField<N>) => ({ name, label });
  return { startDate: part(startDate), startTime: part(startTime), endDate: part(endDate), endTime: part(endTime) };
}

export function DateTimeRangeFields<N extends string>({
  fields,
  values,
  errors,
  onChange,
  endTimeFollowsStart = false,
  endDateStaysAfterStart = false,
  timePlaceholder,
  warnIfPast = false,
}: {
  fields: RangeFields<N>;
  values: Record<NoInfer<N>, string>;
  errors: Partial<Record<NoInfer<N>, ReactNode>>;
  /** A start change carries the end with it (followed or not), so a form may clear both parts' messages. */
  onChange: (patch: Partial<Record<NoInfer<N>, string>>) => void;
  /** the end time follows the start time while it is empty or the same */
  endTimeFollowsStart?: boolean;
  /** the end date also follows a start date moved past it */
  endDateStaysAfterStart?: boolean;
  timePlaceholder?: string;
  /**
   * A new request or booking says so when its start day has passed (by the browser's calendar). It does not refuse it:
   * the server keeps no such rule, and an office may record a trip after the fact; but a day picked a month short in
   * the calendar was accepted without a word.
   */
  warnIfPast?: boolean;
}) {
  const { startDate, startTime, endDate, endTime } = fields;
  const get = (part: RangePart) => values[fields[part].name] ?? '';
  const patch = (entries: [RangePart, string][]) =>
    onChange(Object.fromEntries(entries.map(([part, value]) => [fields[part].name, value])) as Partial<Record<N, string>>);

  // the end date (and, for a trip, the end time) takes the start's until the person sets it apart
  const follows = (end: string, previousStart: string, nextStart: string, staysAfter: boolean) =>
    !end || end === previousStart || (staysAfter && end < nextStart);

  const start = get('startDate');
  const past = warnIfPast && start !== '' && start < localDate();

  return (
    <>
      <DateField
        label={startDate.label}
        required
        value={get('startDate')}
        onChange={(date) => {
          const end = get('endDate');
          patch([
            ['startDate', date],
            ['endDate', follows(end, get('startDate'), date, endDateStaysAfterStart) ? date : end],
          ]);
        }}
        error={errors[startDate.name]}
        description={
          past ? (
            <Text component="span" size="xs" c="var(--mantine-color-orange-text)">
              {PAST_DAY}
            </Text>
          ) : undefined
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <TimeSelect
        label={startTime.label}
        required
        placeholder={timePlaceholder}
        value={get('startTime') || null}
        onChange={(time) => {
          const t = time ?? '';
          const end = get('endTime');
          patch([
            ['startTime', t],
            ['endTime', endTimeFollowsStart && follows(end, get('startTime'), t, false) ? t : end],
          ]);
        }}
        error={errors[startTime.name]}
      />
      <DateField
        label={endDate.label}
        required
        minDate={get('startDate')}
        value={get('endDate')}
        onChange={(date) => patch([['endDate', date]])}
        error={errors[endDate.name]}
      />
      <TimeSelect
        label={endTime.label}
        required
        placeholder={timePlaceholder}
        value={get('endTime') || null}
        onChange={(time) => patch([['endTime', time ?? '']])}
        error={errors[endTime.name]}
      />
    </>
  );
}
