import dayjs from 'dayjs';

/**
 * "12 Mar 2026, 02:05 PM", the hours as a trip's times are written beside it; empty for a missing or bad date. (The
 * dispatch board alone writes 24-hour times, short enough for a narrow bar.)
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY, hh:mm A') : '';
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY') : '';
}
