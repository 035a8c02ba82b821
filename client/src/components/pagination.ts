import { DEFAULT_TRIP_PAGE_SIZE, TRIP_PAGE_SIZES } from '@contracts/trip-list';

/**
 * Paging of a long list (the range text, the page box, rows per page), as pure functions the
 * trip list and the finance overview share.
 */
/** Rows per page: 12, 25 or 50, 12 by default; the server's own page sizes, so the two cannot disagree. */
export const PAGE_SIZES = TRIP_PAGE_SIZES;
export const DEFAULT_PAGE_SIZE = DEFAULT_TRIP_PAGE_SIZE;

export function pageCount(total: number, pageSize: number): number {
  return total <= 0 ? 0 : Math.ceil(total / pageSize);
}

/** The page to show after the list changed under it (a filter, a live event): within 1..pages. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pageCount(total, pageSize)));
}

export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (clampPage(page, items.length, pageSize) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** "{from}–{to} of {total} Trips", or "0 of 0 Trips". */
export function rangeText(total: number, page: number, pageSize: number, noun = 'Trips'): string {
  if (total <= 0) return `0 of 0 ${noun}`;
  const current = clampPage(page, total, pageSize);
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return `${from}–${to} of ${total} ${noun}`;
}

/** The page box accepts digits only; a jump applies only between 1 and the page count. */
export function pageJump(text: string, pages: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= pages ? page : null;
}
