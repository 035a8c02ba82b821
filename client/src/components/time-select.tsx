import { formatTimeOfDay } from '@contracts/bookings';
import { Select, type SelectProps } from '@mantine/core';

/** spec §5/§9: hours 01–12 with AM or PM, minutes in 15-minute steps. */
export const TIME_OPTIONS = Array.from({ length: 96 }, (_, i) => formatTimeOfDay(i * 15));

/** A time of day written "hh:mm AM". */
export function TimeSelect(props: Omit<SelectProps, 'data'>) {
  return <Select data={TIME_OPTIONS} searchable allowDeselect={false} maxDropdownHeight={260} {...props} />;
}
