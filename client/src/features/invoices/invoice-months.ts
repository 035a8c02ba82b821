import dayjs from 'dayjs';

/** How far back the month pickers of Finance and the statements reach. */
export const MONTHS_SHOWN = 24;

/** This month, `YYYY-MM`, on the device's calendar. */
export const currentMonth = (now: dayjs.Dayjs = dayjs()) => now.format('YYYY-MM');

/** Today, `YYYY-MM-DD`, on the device's calendar. */
export const today = (now: dayjs.Dayjs = dayjs()) => now.format('YYYY-MM-DD');

/** This month and the ones before it, newest first: `{ value: '2026-11', label: 'November 2026' }`. */
export function recentMonths(count = MONTHS_SHOWN, now: dayjs.Dayjs = dayjs()): { value: string; label: string }[] {
  const first = now.startOf('month');
  return Array.from({ length: count }, (_, i) => {
    const month = first.subtract(i, 'month');
    return { value: month.format('YYYY-MM'), label: month.format('MMMM YYYY') };
  });
}
