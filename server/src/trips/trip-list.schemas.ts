import { z } from 'zod';
import { isTripDate } from '../contracts/trip-form-rules';
import {
  decodeTripCursor,
  isTripMonth,
  MAX_TRIP_PAGE_SIZE,
  MAX_TRIP_SEARCH_LENGTH,
  MAX_TRIP_SLICE,
  parseTripStatus,
  SORT_DIRECTIONS,
  TRIP_SEARCH_IN,
  TRIP_SORT_FIELDS,
  type TripFilter,
  TripListMessages as M,
  type TripOrder,
  type TripSortKey,
} from '../contracts/trip-list';
import { listTripsQuery } from './trips.schemas';

/**
 * The query parameters of the list calls (contracts/trip-list.ts): the All Trips page's own controls, the calendar's
 * range, Finance's paid filter, and either a page (page, pageSize) or a slice (cursor, limit). An empty value counts
 * as absent (`?status=` is every status); anything else that does not read answers 400 with the message.
 */

/** '' and a missing parameter are the same: not asked. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const search = z
  .string({ error: M.searchInvalid })
  .max(MAX_TRIP_SEARCH_LENGTH, M.searchInvalid)
  .refine((s) => !CONTROL.test(s), M.searchInvalid);
const status = z.string({ error: M.statusInvalid }).transform((s, ctx) => {
  const parsed = parseTripStatus(s);
  if (parsed) return parsed;
  ctx.addIssue({ code: 'custom', message: M.statusInvalid });
  return z.NEVER;
});
const bool = (message: string) => z.enum(['true', 'false'], { error: message }).transform((v) => v === 'true');
const day = (message: string) => z.string({ error: message }).refine(isTripDate, message);
const whole = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

const filterShape = {
  search: optional(search),
  searchIn: optional(z.enum(TRIP_SEARCH_IN, { error: M.searchInInvalid })),
  month: optional(z.string({ error: M.monthInvalid }).refine(isTripMonth, M.monthInvalid)),
  status: optional(status),
  paid: optional(bool(M.paidInvalid)),
  from: optional(day(M.fromInvalid)),
  to: optional(day(M.toInvalid)),
};
const orderShape = {
  sort: optional(z.enum(TRIP_SORT_FIELDS, { error: M.sortInvalid })),
  dir: optional(z.enum(SORT_DIRECTIONS, { error: M.dirInvalid })),
};

type FilterFields = { from?: string; to?: string };
const rangeInOrder = (q: FilterFields) => !(q.from && q.to && q.from > q.to);

/** Who and what: `createdBy` (the requester's name) and a platform admin's tenant_id (trips.schemas.ts), plus the filters. */
export const tripFilterQuery = listTripsQuery.extend(filterShape).refine(rangeInOrder, { message: M.rangeReversed });
export type TripFilterQuery = z.infer<typeof tripFilterQuery>;

/** GET /trips: filters, order, and a page or a slice. */
export const tripListQuery = listTripsQuery
  .extend({
    ...filterShape,
    ...orderShape,
    page: optional(whole(M.pageInvalid, 1, 100_000_000)),
    pageSize: optional(whole(M.pageSizeInvalid, 1, MAX_TRIP_PAGE_SIZE)),
    cursor: optional(z.string({ error: M.cursorInvalid }).max(40, M.cursorInvalid)),
    limit: optional(whole(M.limitInvalid, 1, MAX_TRIP_SLICE)),
  })
  .refine(rangeInOrder, { message: M.rangeReversed })
  .refine((q) => !((q.page !== undefined || q.pageSize !== undefined) && (q.cursor !== undefined || q.limit !== undefined)), {
    message: M.pageAndCursor,
  })
  .transform((q, ctx) => {
    const sort = q.sort ?? 'id';
    let cursorKey: TripSortKey | undefined;
    if (q.cursor !== undefined) {
      const key = decodeTripCursor(q.cursor, sort);
      if (!key) {
        ctx.addIssue({ code: 'custom', message: M.cursorInvalid, path: ['cursor'] });
        return z.NEVER;
      }
      cursorKey = key;
    }
    return { ...q, cursorKey };
  });
export type TripListQuery = z.infer<typeof tripListQuery>;

/** GET /trips/stats: the filters, and the caller's today (YYYY-MM-DD; default the server's, in UTC). */
export const tripStatsQuery = listTripsQuery
  .extend({ ...filterShape, today: optional(day(M.todayInvalid)) })
  .refine(rangeInOrder, { message: M.rangeReversed });
export type TripStatsQuery = z.infer<typeof tripStatsQuery>;

/** GET /trips/export: the filters and order of the view, the file's name (given by the caller) and Finance's paid column. */
export const tripExportQuery = listTripsQuery
  .extend({
    ...filterShape,
    ...orderShape,
    fileName: optional(
      z
        .string({ error: M.fileNameInvalid })
        .max(100, M.fileNameInvalid)
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, M.fileNameInvalid),
    ),
    withPaid: optional(bool(M.withPaidInvalid)),
  })
  .refine(rangeInOrder, { message: M.rangeReversed });
export type TripExportQuery = z.infer<typeof tripExportQuery>;

/** The filter part of any of these queries, as contracts/trip-list.ts reads it. */
export function filterOf(q: TripFilterQuery | TripListQuery | TripStatsQuery | TripExportQuery): TripFilter {
  return {
    search: q.search,
    searchIn: q.searchIn,
    month: q.month,
    status: q.status,
    paid: q.paid,
    from: q.from,
    to: q.to,
    createdBy: q.createdBy || undefined,
  };
}

export function orderOf(q: { sort?: TripOrder['sort']; dir?: TripOrder['dir'] }): TripOrder {
  const sort = q.sort ?? 'id';
  // Newest first by default; a click on All Trips' Date header starts ascending, so `sort=date` alone is ascending.
  return { sort, dir: q.dir ?? (sort === 'id' ? 'desc' : 'asc') };
}

/** A page is asked for with page or pageSize; otherwise the answer is a plain array, one slice of it. */
export const isPageQuery = (q: TripListQuery): boolean => q.page !== undefined || q.pageSize !== undefined;
