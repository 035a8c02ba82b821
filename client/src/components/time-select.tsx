import { formatTimeOfDay } from '@contracts/bookings';
import { Select, type SelectProps } from '@mantine/core';
import type { SyntheticEvent } from 'react';

/** The times a form offers: hours 01–12 with AM or PM, minutes in 15-minute steps. */
export const TIME_OPTIONS = Array.from({ length: 96 }, (_, i) => formatTimeOfDay(i * 15));

const selectAll = (e: SyntheticEvent<HTMLInputElement>) => e.currentTarget.select();

/**
 * A time of day written "hh:mm AM". Focusing or clicking it selects the time shown, so typing replaces it ("3:00")
 * rather than running on from it ("09:00 AM3:00"); a click's mouse-up would otherwise drop a selection made on focus.
 */
export function TimeSelect({ onFocus, onClick, ...props }: Omit<SelectProps, 'data'>) {
  return (
    <Select
      data={TIME_OPTIONS}
      searchable
      allowDeselect={false}
      maxDropdownHeight={260}
      onFocus={(e) => {
        selectAll(e);
        onFocus?.(e);
      }}
      onClick={(e) => {
        selectAll(e);
        onClick?.(e);
      }}
      {...props}
    />
  );
}
