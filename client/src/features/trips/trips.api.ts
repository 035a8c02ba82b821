import {
  parseTripStatus,
  type TripFilter,
  tripMonth,
  type TripOrder,
  type TripPage,
  type TripStats,
  tripMatchesFilter,
} from '@contracts/trip-list';
import type { HeldChangeBody } from '@contracts/approvals';
import type { TripRequestBody } from '@contracts/trip-form-rules';
import type {
  SeriesAcceptDto,
  SeriesAssignDto,
  SeriesAssignWeeks,
  SeriesCancelDto,
  SeriesEditChanges,
  SeriesEditDto,
  SeriesRejectDto,
} from '@contracts/trip-series';
import type { TripPatch } from '@contracts/trip-patch-rules';
import type { BusAssignment, PassengerDto, SubtripDto, TripConflictBody, TripDto, TripHistoryDto } from '@contracts/trip-wire';
import { ApiError, http } from '../../api/http';
import { cachedQueries, getQueryData, invalidateQueries, refetchQuery, setQueryData, useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { isNewerTrip } from '../../shared/trip-freshness';
import { dashboardStatsPushed } from '../dashboard/stats-pushed';
import { mergeTripIntoPage, type TripEventKind } from './trip-page-merge';

/** A passenger to add: full name plus optional details (trimmed to null). */
export interface PassengerInput {
  fullName: string;
  guardianName: string | null;
  guardianPhone: string | null;
  pickupPoint: string | null;
  dropoffPoint: string | null;
  notes: string | null;
  checkedIn: boolean;
}

/**
 * A new trip is submitted as Pending, price 0, with no edit or cancel request (the server makes it Awaiting Approval
 * when its school's policy says so), and the budget code when one is given.
 */
export type NewTripBody = TripRequestBody & {
  status: 'Pending';
  price: 0;
  editRequest: false;
  cancelRequest: false;
  budgetCode?: string;
};

/** The later weeks a series' Assign Bus reaches by default: those without buses. */
export const ONLY_WITHOUT: SeriesAssignWeeks = { withoutBuses: true, withBuses: false, withTheseBuses: false };

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** What a paged list asks the server: its filter, its order, the page and the rows per page. */
export interface TripPageQuery {
  filter: TripFilter;
  order: TripOrder;
  page: number;
  pageSize: number;
}

/** The query parameters of a filter (absent fields are left out, so equal filters make equal cache keys). */
export function filterParams(filter: TripFilter): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    params[name] = String(value);
  }
  return params;
}

/** The All Trips filter bar's values as the server's filter (contracts/trip-list.ts). */
export function tripFilterOf(f: { search: string; month: string | null; status: string | null }): TripFilter {
  const filter: TripFilter = {};
  if (f.search.trim()) filter.search = f.search.trim();
  if (f.month) filter.month = f.month;
  const status = f.status ? parseTripStatus(f.status) : null;
  if (status) filter.status = status;
  return filter;
}

/** The /trips calls: the paged lists and aggregates (docs/architecture.md, "Reads at scale"), and a trip's history. */
export const tripsApi = {
  one: (id: number) => http.get<TripDto>(`/trips/${id}`),
  page: (q: TripPageQuery) =>
    http.get<TripPage>('/trips', { ...filterParams(q.filter), sort: q.order.sort, dir: q.order.dir, page: q.page, pageSize: q.pageSize }),
  /** The trips whose days overlap [from, to] (the calendar's visible range), at most 1,000. */
  range: async (filter: TripFilter) =>
    asList<TripDto>(await http.get('/trips', { ...filterParams(filter), sort: 'date', dir: 'asc', limit: 1000 })),
  /** The server's CSV of every trip the filter keeps, in the view's order (the columns of contracts/trip-csv.ts; Finance adds paid). */
  exportCsv: async (filter: TripFilter, order: TripOrder, fileName: string, withPaid = false) => {
    const body = await http.get<unknown>('/trips/export', {
      ...filterParams(filter),
      sort: order.sort,
      dir: order.dir,
      fileName: fileName.replace(/\.csv$/i, ''),
      withPaid: withPaid ? 'true' : undefined,
    });
    return String(body ?? '').replace(/^\ufeff/, '');
  },
  /** The first slice of the spec's plain list (at most 1,000 trips, newest first). */
  slice: async () => asList<TripDto>(await http.get('/trips', { limit: 1000 })),
  months: async () => asList<string>(await http.get('/trips/months')),
  stats: (today: string) => http.get<TripStats>('/trips/stats', { today }),
  create: (body: NewTripBody) => http.post<TripDto>('/trips', body),
  /** The same request every week up to `repeatUntil`: every trip made, or none (contracts/trip-series.ts). */
  createSeries: (body: NewTripBody & { repeatUntil: string }) => http.post<TripDto[]>('/trips/series', body),
  /** The weeks of a series the user sees, first departure first. */
  series: async (seriesId: string) => asList<TripDto>(await http.get(`/trips/series/${seriesId}`)),
  /** Cancels the week `from` and every later one the user may cancel (or asks their bus company to). */
  cancelSeries: (seriesId: string, from: number) => http.post<SeriesCancelDto>(`/trips/series/${seriesId}/cancel`, { from }),
  /** Accepts the week `from` and every later one still Pending that the user's company may accept. */
  acceptSeries: (seriesId: string, from: number) => http.post<SeriesAcceptDto>(`/trips/series/${seriesId}/accept`, { from }),
  /** Rejects the week `from` and every later one still Pending that the user's company may reject. */
  rejectSeries: (seriesId: string, from: number) => http.post<SeriesRejectDto>(`/trips/series/${seriesId}/reject`, { from }),
  /**
   * Gives the week `from` and every later one without buses the same buses (each checked for its own day); with
   * `withBuses`, also those with other buses, in place of theirs; with `withTheseBuses`, confirms those Accepted with them.
   */
  assignSeries: (seriesId: string, from: number, buses: BusAssignment[], priceReason?: string, weeks: SeriesAssignWeeks = ONLY_WITHOUT) =>
    http.post<SeriesAssignDto>(`/trips/series/${seriesId}/assign`, {
      from,
      buses,
      ...(priceReason ? { priceReason } : {}),
      ...(weeks.withoutBuses ? {} : { withoutBuses: false }),
      ...(weeks.withBuses ? { withBuses: true } : {}),
      ...(weeks.withTheseBuses ? { withTheseBuses: true } : {}),
    }),
  /** Sets the same origin, destination, times, passengers or notes on the week `from` and every later one the user may edit, and moves them to `weekday`. */
  editSeries: (seriesId: string, from: number, changes: SeriesEditChanges) =>
    http.patch<SeriesEditDto>(`/trips/series/${seriesId}`, { from, ...changes }),
  update: (id: number, patch: TripPatch) => http.patch<TripDto>(`/trips/${id}`, patch),
  /**
   * The Edit form's PATCH: the trip, or (202) the change held at the school for approval, with the trip as it still is
   * (docs/domain.md, "Approval at the school").
   */
  edit: (id: number, patch: TripPatch) => http.patch<TripDto | HeldChangeBody>(`/trips/${id}`, patch),
  history: async (id: number) => asList<TripHistoryDto>(await http.get(`/trips/${id}/history`)),
  subtrips: async (id: number) => asList<SubtripDto>(await http.get(`/trips/${id}/subtrips`)),
  addSubtrip: (id: number, buses: BusAssignment[]) => http.post<SubtripDto>(`/trips/${id}/subtrips`, { buses }),
  passengers: async (id: number) => asList<PassengerDto>(await http.get(`/trips/${id}/passengers`)),
  addPassengers: async (id: number, passengers: PassengerInput[]) =>
    asList<PassengerDto>(await http.post(`/trips/${id}/passengers`, { passengers })),
};

export const tripHistoryKey = (id: number) => ['trip-history', id] as const;
export const passengersKey = (id: number) => ['trip-passengers', id] as const;

/**
 * Cache keys of the trip reads, all under ['trips'] so a resync or a sign-out reaches them: one entry per page of a
 * paged list, one per trip (seeded by the pages, read by the details and edit modals), and the aggregates.
 */
export const tripKeys = {
  all: queryKeys.trips,
  pages: [...queryKeys.trips, 'page'] as const,
  page: (q: TripPageQuery) => [...queryKeys.trips, 'page', q] as const,
  one: (id: number) => [...queryKeys.trips, 'one', id] as const,
  ranges: [...queryKeys.trips, 'range'] as const,
  range: (filter: TripFilter) => [...queryKeys.trips, 'range', filter] as const,
  months: [...queryKeys.trips, 'months'] as const,
  stats: [...queryKeys.trips, 'stats'] as const,
  allSeries: [...queryKeys.trips, 'series'] as const,
  series: (seriesId: string) => [...queryKeys.trips, 'series', seriesId] as const,
  /** A trip manager's school choices: the schools named on the newest trips they can see. */
  schools: [...queryKeys.trips, 'schools'] as const,
};

/** Each trip of an answer is also cached on its own, so a details modal opens at once and live events know the last version. */
function remember(trips: readonly TripDto[]): void {
  for (const trip of trips) {
    setQueryData<TripDto>(tripKeys.one(trip.id), (old) => (old && (old.version ?? 0) > (trip.version ?? 0) ? undefined : trip));
  }
}

/** One page of a server-paged trip list; the last page stays on screen while the next one loads. */
export function useTripPage(q: TripPageQuery, options: { enabled?: boolean } = {}) {
  return useQuery(
    tripKeys.page(q),
    async () => {
      const page = await tripsApi.page(q);
      remember(page.trips);
      return page;
    },
    { keepPrevious: true, enabled: options.enabled },
  );
}

export function useTripRange(filter: TripFilter, enabled = true) {
  return useQuery(
    tripKeys.range(filter),
    async () => {
      const trips = await tripsApi.range(filter);
      remember(trips);
      return trips;
    },
    { keepPrevious: true, enabled },
  );
}

/** The Month filter's options: the months that hold trips, newest first. */
export function useTripMonths() {
  return useQuery(tripKeys.months, tripsApi.months);
}

export function useTripStats(today: string) {
  return useQuery([...tripKeys.stats, today], () => tripsApi.stats(today));
}

/** One trip: from the cache when a list brought it, else from GET /trips/{id}. Undefined once deleted. */
export function useTrip(id: number | null) {
  const state = useQuery(tripKeys.one(id ?? 0), () => tripsApi.one(id as number), { enabled: id !== null });
  return { ...state, data: id === null || state.data?.deleted ? undefined : state.data };
}

/** The weeks of a trip's weekly series (none for a trip requested alone), kept live by applyTripChange. */
export function useTripSeries(seriesId: string | null) {
  return useQuery(
    tripKeys.series(seriesId ?? ''),
    async () => {
      const weeks = await tripsApi.series(seriesId as string);
      remember(weeks);
      return weeks;
    },
    { enabled: seriesId !== null },
  );
}

export function useTripHistory(id: number | null) {
  return useQuery(tripHistoryKey(id ?? 0), () => tripsApi.history(id as number), { enabled: id !== null });
}

export function usePassengers(id: number) {
  return useQuery(passengersKey(id), () => tripsApi.passengers(id));
}

/** A 409 from PATCH carries the trip as it now is (docs/domain.md, "Concurrency and history"). */
export function conflictOf(error: unknown): TripConflictBody | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<TripConflictBody> | undefined;
  if (!body || typeof body !== 'object' || !body.trip || typeof body.trip !== 'object') return null;
  return { message: typeof body.message === 'string' ? body.message : error.message, trip: body.trip };
}

/**
 * Applies one trip change (a live event, or the answer to this console's own call) to every cached trip read
 * (docs/architecture.md; skip stale versions): the trip's own entry, each cached page (trip-page-merge.ts: in or out of the page,
 * the total follows, a refetch when rows shift from another page), the calendar ranges, and the aggregates a screen
 * shows. Returns whether anything changed.
 */
export function applyTripChange(kind: TripEventKind, trip: TripDto | undefined, tripId: number = trip?.id ?? 0): boolean {
  const before = getQueryData<TripDto>(tripKeys.one(tripId));
  if (kind !== 'deleted' && trip && before && !isNewerTrip(trip, before)) return false; // seen already
  const current = kind === 'deleted' ? (before ? { ...before, deleted: true } : undefined) : trip;
  if (current) setQueryData<TripDto>(tripKeys.one(tripId), current);

  for (const { key, data } of cachedQueries<TripPage>(tripKeys.pages)) {
    const q = key[2] as TripPageQuery;
    const { next, refetch } = mergeTripIntoPage(data, q, kind, current, before, tripId);
    if (next) setQueryData<TripPage>(key, next);
    if (refetch) refetchQuery(key);
  }
  for (const { key, data } of cachedQueries<TripDto[]>(tripKeys.ranges)) {
    const filter = key[2] as TripFilter;
    const keep = current && !current.deleted && tripMatchesFilter(current, filter);
    const rest = data.filter((t) => t.id !== tripId);
    setQueryData<TripDto[]>(key, keep ? [...rest, current] : rest);
  }
  // A series' weeks as a details modal shows them: the week as it now is, or gone.
  for (const { key, data } of cachedQueries<TripDto[]>(tripKeys.allSeries)) {
    if (!data.some((t) => t.id === tripId)) continue;
    const keep = current && !current.deleted;
    setQueryData<TripDto[]>(key, keep ? data.map((t) => (t.id === tripId ? current : t)) : data.filter((t) => t.id !== tripId));
  }
  // The dashboard's figures come pushed by the server (`trips:stats`, once a second per audience: dashboard.live.ts);
  // platform admins, whose figures span every tenant, have none pushed and ask again.
  if (!dashboardStatsPushed()) invalidateQueries(tripKeys.stats);
  const month = current ? tripMonth(current) : null;
  const months = getQueryData<string[]>(tripKeys.months);
  if (kind === 'deleted' || (month && months && !months.includes(month))) invalidateQueries(tripKeys.months);
  return true;
}

/** A trip answered by this console's own call (or a 409's current version): merged like a live event. */
export function mergeTrip(trip: TripDto, kind: 'created' | 'updated' = 'updated'): boolean {
  return applyTripChange(trip.deleted ? 'deleted' : kind, trip);
}

export function dropTrip(id: number): void {
  applyTripChange('deleted', undefined, id);
}
