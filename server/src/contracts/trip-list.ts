/**
 * The list rules of All Trips, the calendar, the dashboard and Finance, as pure functions over
 * a trip: which trips a filter keeps, in which order they come, the keyset cursor of the next slice, the month a trip
 * falls in, the dashboard's buckets. The server's SQL (trips/repository/trip-list.repository.ts) mirrors each rule, and
 * test/api/trips-list-rules.e2e.ts walks a table of trips and filters through both to prove they agree. The client
 * can ask the same functions whether a live event's trip belongs on the page it shows, and where.
 */
import { isTripDate, parseTripTime } from './trip-form-rules';
import { type TripDto, TRIP_STATUSES, TRIP_TYPES, type TripStatus, type TripType } from './trip-wire';

/** Rows per page on All Trips; 12 is the default. */
export const TRIP_PAGE_SIZES = [12, 25, 50] as const;
export const DEFAULT_TRIP_PAGE_SIZE = 12;
/** The largest `pageSize` the server answers (the sizes above and a little room for other screens). */
export const MAX_TRIP_PAGE_SIZE = 100;
/** `GET /trips` without page parameters answers at most this many trips (`limit` may ask for fewer); the rest by `cursor`. */
export const MAX_TRIP_SLICE = 1000;
/** How many trips the dashboard's upcoming list shows. */
export const DASHBOARD_UPCOMING_LIMIT = 10;
export const MAX_TRIP_SEARCH_LENGTH = 200;

/**
 * The Status filter's options (Cancel Requested is a step inside a trip's life; the filter still accepts it). The last
 * four are a school's approval policy's (docs/domain.md, "Approval at the school").
 */
export const TRIP_FILTER_STATUSES = [
  'Pending',
  'Accepted',
  'Confirmed',
  'Completed',
  'Canceled',
  'Rejected',
  'Awaiting Approval',
  'Changes Requested',
  'Denied',
  'Withdrawn',
] as const satisfies readonly TripStatus[];

/** What a search looks in: All Trips (destination, notes, trip type) or Finance (requester or destination). */
export const TRIP_SEARCH_IN = ['trip', 'finance'] as const;
export type TripSearchIn = (typeof TRIP_SEARCH_IN)[number];

/** The filters of All Trips, the calendar and Finance. Every field is optional; an empty filter keeps every trip. */
export interface TripFilter {
  /** Case-insensitive substring, trimmed; blank means no search. */
  search?: string;
  searchIn?: TripSearchIn;
  /** YYYY-MM: the month of the departure date, else the return date. */
  month?: string;
  status?: TripStatus;
  paid?: boolean;
  /** Calendar: trips whose days (departure to return) overlap [from, to], both YYYY-MM-DD and inclusive. */
  from?: string;
  to?: string;
  /** `createdBy`: the requester's name, exactly. */
  createdBy?: string;
}

export const TRIP_SORT_FIELDS = ['id', 'date'] as const;
export type TripSortField = (typeof TRIP_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** `id`: by number (newest first by default). `date`: All Trips' Date column, by departure day, then time, then number. */
export interface TripOrder {
  sort: TripSortField;
  dir: SortDirection;
}
export const DEFAULT_TRIP_ORDER: TripOrder = { sort: 'id', dir: 'desc' };

/** The fields the list rules read (a TripDto fits). */
export type TripListSubject = Pick<
  TripDto,
  | 'id'
  | 'tripType'
  | 'customType'
  | 'destination'
  | 'notes'
  | 'createdBy'
  | 'createdByEmail'
  | 'departureDate'
  | 'departureTime'
  | 'returnDate'
  | 'status'
  | 'paid'
>;

/** `GET /trips?page=&pageSize=`: one page and how many trips match in all. */
export interface TripPage {
  trips: TripDto[];
  total: number;
  page: number;
  pageSize: number;
  /** ceil(total / pageSize); 0 when nothing matches. */
  pageCount: number;
}

/** `GET /trips/stats`: the dashboard's cards, counted by status bucket, and its upcoming list. */
export interface TripStats {
  total: number;
  upcoming: number;
  pending: number;
  cancelled: number;
  /** At most 10 upcoming trips, by date ascending (then time, then number). */
  upcomingTrips: TripDto[];
}

/** `GET /trips/totals`: Finance's figures over the trips a filter keeps. */
export interface TripTotals {
  count: number;
  paidCount: number;
  /** AED: the sum of the paid trips' prices. */
  paidRevenue: number;
  /** AED: what is still owed, the prices of the unpaid trips the company has accepted and not cancelled (PAYABLE_STATUSES). */
  awaitingPayment: number;
}

/** Texts the list calls answer with. */
export const TripListMessages = {
  searchInvalid: `search must be text of at most ${MAX_TRIP_SEARCH_LENGTH} characters, without control characters.`,
  searchInInvalid: 'searchIn must be trip or finance.',
  monthInvalid: 'month must be a month written YYYY-MM, for example 2031-05.',
  statusInvalid: 'status must be one of Pending, Accepted, Confirmed, Completed, Canceled (or Cancelled), Rejected or Cancel Requested.',
  paidInvalid: 'paid must be true or false.',
  fromInvalid: 'from must be a real date written YYYY-MM-DD.',
  toInvalid: 'to must be a real date written YYYY-MM-DD.',
  rangeReversed: 'from must not be after to.',
  sortInvalid: 'sort must be id or date.',
  dirInvalid: 'dir must be asc or desc.',
  pageInvalid: 'page must be a whole number from 1.',
  pageSizeInvalid: `pageSize must be a whole number from 1 to ${MAX_TRIP_PAGE_SIZE}.`,
  limitInvalid: `limit must be a whole number from 1 to ${MAX_TRIP_SLICE}.`,
  cursorInvalid: 'cursor is not one this list gave out for this sort; start again without it.',
  pageAndCursor: 'Ask for a page (page, pageSize) or a slice (cursor, limit), not both.',
  todayInvalid: 'today must be a real date written YYYY-MM-DD.',
  fileNameInvalid: 'fileName may hold letters, digits, dots, hyphens and underscores (at most 100).',
  withPaidInvalid: 'withPaid must be true or false.',
} as const;

// ---------------------------------------------------------------------------------------------
// Filter

/** The search as compared: trimmed and lower-cased; '' means no search. */
export const searchNeedle = (search: string | undefined | null): string => (search ?? '').trim().toLowerCase();

/** The texts a search looks in (All Trips: destination, notes, trip type; Finance: the requester's name and e-mail, or the destination). */
function tripSearchTexts(trip: TripListSubject, searchIn: TripSearchIn = 'trip'): (string | null)[] {
  return searchIn === 'finance'
    ? [trip.createdBy, trip.createdByEmail, trip.destination]
    : [trip.destination, trip.notes, trip.tripType, trip.customType];
}

/** The trip types whose name holds the needle (trip types are a closed list, so SQL asks `trip_type IN (…)`). */
export const tripTypesMatching = (needle: string): TripType[] => TRIP_TYPES.filter((t) => t.toLowerCase().includes(needle));

/** The month a trip falls in (YYYY-MM), from its departure date, else its return date. */
export function tripMonth(trip: Pick<TripListSubject, 'departureDate' | 'returnDate'>): string | null {
  const date = trip.departureDate || trip.returnDate;
  return date && /^\d{4}-\d{2}/.test(date) ? date.slice(0, 7) : null;
}

export const isTripMonth = (value: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && isTripDate(`${value}-01`);

/** [first day of the month, first day of the next], YYYY-MM-DD: the month as a date range. */
export function monthBounds(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${month}-01`, `${next}-01`];
}

/** A status as a person types it: any case, "Cancelled" for Canceled; null when it is no status. */
export function parseTripStatus(text: string): TripStatus | null {
  const wanted = text.trim().toLowerCase();
  const canonical = wanted === 'cancelled' ? 'canceled' : wanted;
  return TRIP_STATUSES.find((s) => s.toLowerCase() === canonical) ?? null;
}

/** The last day of a trip: its return date, or its departure when the return is missing or earlier. */
export function tripLastDay(trip: Pick<TripListSubject, 'departureDate' | 'returnDate'>): string {
  return trip.returnDate && trip.returnDate > trip.departureDate ? trip.returnDate : trip.departureDate;
}

/** Does the filter keep this trip? (The SQL of trips/repository/trip-list.repository.ts asks the same.) */
export function tripMatchesFilter(trip: TripListSubject, filter: TripFilter): boolean {
  const needle = searchNeedle(filter.search);
  if (needle && !tripSearchTexts(trip, filter.searchIn).some((text) => text?.toLowerCase().includes(needle))) return false;
  if (filter.month && tripMonth(trip) !== filter.month) return false;
  if (filter.status && trip.status !== filter.status) return false;
  if (filter.paid !== undefined && trip.paid !== filter.paid) return false;
  if (filter.from && tripLastDay(trip) < filter.from) return false;
  if (filter.to && trip.departureDate > filter.to) return false;
  if (filter.createdBy !== undefined && filter.createdBy !== '' && trip.createdBy !== filter.createdBy) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Order and cursor

/** Minutes after midnight of the departure time; a time that does not read (never stored) sorts after every day's trips. */
export const NO_DEPARTURE_TIME = 24 * 60;
export const departureMinute = (trip: Pick<TripListSubject, 'departureTime'>): number =>
  parseTripTime(trip.departureTime ?? '') ?? NO_DEPARTURE_TIME;

/** Where a trip stands in an order: [id] or [departure day, departure minute, id]. */
export type TripSortKey = [number] | [string, number, number];

export function tripSortKey(trip: Pick<TripListSubject, 'id' | 'departureDate' | 'departureTime'>, sort: TripSortField): TripSortKey {
  return sort === 'date' ? [trip.departureDate, departureMinute(trip), trip.id] : [trip.id];
}

/** Negative when key `a` comes before key `b` in the order, positive after, 0 for the same trip. */
function compareTripKeys(a: TripSortKey, b: TripSortKey, order: TripOrder): number {
  let c = 0;
  for (let i = 0; i < a.length && c === 0; i++) c = a[i] < b[i] ? -1 : a[i] > b[i] ? 1 : 0;
  return order.dir === 'asc' ? c : -c;
}

export const compareTrips = (a: TripListSubject, b: TripListSubject, order: TripOrder): number =>
  compareTripKeys(tripSortKey(a, order.sort), tripSortKey(b, order.sort), order);

/** The `cursor` that continues after this trip: `<id>`, or `<YYYY-MM-DD>.<minute>.<id>` for the date order. */
export function encodeTripCursor(key: TripSortKey): string {
  return key.join('.');
}

/** The key a cursor stands for, or null when it is not one of this sort's cursors. */
export function decodeTripCursor(cursor: string, sort: TripSortField): TripSortKey | null {
  if (sort === 'id') {
    return /^[1-9]\d{0,9}$/.test(cursor) && Number(cursor) <= 2_147_483_647 ? [Number(cursor)] : null;
  }
  const m = /^(\d{4}-\d{2}-\d{2})\.(\d{1,4})\.([1-9]\d{0,9})$/.exec(cursor);
  if (!m || !isTripDate(m[1]) || Number(m[2]) > NO_DEPARTURE_TIME || Number(m[3]) > 2_147_483_647) return null;
  return [m[1], Number(m[2]), Number(m[3])];
}

/** Does this trip come after the cursor's trip in the order (so in the next slice)? */
export const isAfterCursor = (trip: TripListSubject, cursor: TripSortKey, order: TripOrder): boolean =>
  compareTripKeys(tripSortKey(trip, order.sort), cursor, order) > 0;

// ---------------------------------------------------------------------------------------------
// Dashboard (its cards count trips by status bucket)

export type TripStatusBucket = 'pending' | 'approved' | 'completed' | 'cancelled' | 'rejected' | 'other';
const BUCKETS: Record<string, TripStatusBucket> = {
  pending: 'pending',
  requested: 'pending',
  awaiting_approval: 'pending',
  approved: 'approved',
  confirmed: 'approved',
  accepted: 'approved',
  completed: 'completed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  rejected: 'rejected',
};

/** The dashboard's status buckets ("Cancel Requested" is in none of them). */
export function tripStatusBucket(status: string | null | undefined): TripStatusBucket {
  return (
    BUCKETS[
      String(status ?? '')
        .trim()
        .toLowerCase()
    ] ?? 'other'
  );
}

/** The statuses of one bucket (the dashboard's SQL counts by them). */
export const statusesInBucket = (bucket: TripStatusBucket): TripStatus[] => TRIP_STATUSES.filter((s) => tripStatusBucket(s) === bucket);

/** "Upcoming" means dated today or later and not cancelled or rejected. `today` is YYYY-MM-DD. */
export function isUpcomingTrip(trip: Pick<TripListSubject, 'departureDate' | 'status'>, today: string): boolean {
  const bucket = tripStatusBucket(trip.status);
  return Boolean(trip.departureDate) && trip.departureDate >= today && bucket !== 'cancelled' && bucket !== 'rejected';
}

/** The figures of `GET /trips/stats` over a list (what the aggregate query answers, for tests and for the client's live updates). */
export function tripStatsOf(trips: readonly TripDto[], today: string): TripStats {
  const upcoming = trips.filter((t) => isUpcomingTrip(t, today));
  return {
    total: trips.length,
    upcoming: upcoming.length,
    pending: trips.filter((t) => tripStatusBucket(t.status) === 'pending').length,
    cancelled: trips.filter((t) => tripStatusBucket(t.status) === 'cancelled').length,
    upcomingTrips: [...upcoming].sort((a, b) => compareTrips(a, b, { sort: 'date', dir: 'asc' })).slice(0, DASHBOARD_UPCOMING_LIMIT),
  };
}

/** A trip is billed once a company has accepted it, until it is cancelled: the statuses "Awaiting payment" counts. */
export const PAYABLE_STATUSES: readonly TripStatus[] = ['Accepted', 'Confirmed', 'Completed', 'Cancel Requested'];

/** The figures of `GET /trips/totals` over a list. Revenue is in AED cents-exact (prices have two decimals). */
export function tripTotalsOf(trips: readonly Pick<TripDto, 'paid' | 'price' | 'status'>[]): TripTotals {
  const paid = trips.filter((t) => t.paid);
  const cents = paid.reduce((sum, t) => sum + Math.round(Number(t.price) * 100), 0);
  const owed = trips.filter((t) => !t.paid && PAYABLE_STATUSES.includes(t.status));
  const owedCents = owed.reduce((sum, t) => sum + Math.round(Number(t.price) * 100), 0);
  return { count: trips.length, paidCount: paid.length, paidRevenue: cents / 100, awaitingPayment: owedCents / 100 };
}
