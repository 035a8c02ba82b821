import dayjs from 'dayjs';

/** "12 Mar 2026, 14:05"; empty for a missing or bad date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY, HH:mm') : '';
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY') : '';
}
