import { parseTripTime } from '@contracts/trip-rules';
import type { TripDto } from '@contracts/trip-wire';
import dayjs from 'dayjs';
import { normalizeStatus, tripDate } from './trip-view';

/**
 * The All Trips list rules (spec §2 filter bar, table and pagination; spec §5 Trip list; spec §9), as pure
 * functions over the cached list so they are cheap to memoise and to test. With 10,000 trips a keystroke
 * costs one pass over precomputed lower-case texts; only the page shown is rendered.
 */
export interface TripFilters {
  search: string;
  /** YYYY-MM, or null for every month */
  month: string | null;
  status: string | null;
}

export const NO_FILTERS: TripFilters = { search: '', month: null, status: null };

export function hasFilters(f: TripFilters): boolean {
  return f.search.trim() !== '' || f.month !== null || f.status !== null;
}

/** The month a trip falls in, YYYY-MM: from its departure date, or its return date (spec §9). */
export function tripMonth(trip: Pick<TripDto, 'departureDate' | 'date' | 'returnDate'>): string | null {
  const date = tripDate(trip) || trip.returnDate;
  return date && /^\d{4}-\d{2}/.test(date) ? date.slice(0, 7) : null;
}

/** spec §9: Month options from the trips' dates, "MMMM YYYY", newest first. */
export function monthOptions(trips: readonly TripDto[]): { value: string; label: string }[] {
  const months = new Set<string>();
  for (const trip of trips) {
    const month = tripMonth(trip);
    if (month) months.add(month);
  }
  return [...months]
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
    .map((value) => ({ value, label: dayjs(`${value}-01`).format('MMMM YYYY') }));
}

// One lower-case text per trip object; a pushed update is a new object, so it gets a fresh text.
const searchTexts = new WeakMap<TripDto, string>();

/** spec §5: search matches destination, notes and the trip type (with its custom type), case-insensitively. */
export function searchText(trip: TripDto): string {
  let text = searchTexts.get(trip);
  if (text === undefined) {
    text = [trip.destination, trip.notes, trip.tripType, trip.customType].filter(Boolean).join('\n').toLowerCase();
    searchTexts.set(trip, text);
  }
  return text;
}

export function filterTrips(trips: readonly TripDto[], filters: TripFilters): TripDto[] {
  const needle = filters.search.trim().toLowerCase();
  const status = filters.status ? normalizeStatus(filters.status) : null;
  const month = filters.month;
  if (!needle && !status && !month) return trips as TripDto[];
  return trips.filter(
    (trip) =>
      (!status || normalizeStatus(trip.status) === status) &&
      (!month || tripMonth(trip) === month) &&
      (!needle || searchText(trip).includes(needle)),
  );
}

/** spec §2: the Date header cycles none → ascending → descending. */
export type DateSort = 'none' | 'asc' | 'desc';
export const nextDateSort = (sort: DateSort): DateSort => (sort === 'none' ? 'asc' : sort === 'asc' ? 'desc' : 'none');

const dateKey = (trip: TripDto) =>
  `${tripDate(trip) || '9999-99-99'} ${String(parseTripTime(trip.departureTime ?? '') ?? 9999).padStart(4, '0')}`;

/** Sorted by departure date and time; 'none' keeps the server's order (newest first). */
export function sortTrips(trips: readonly TripDto[], sort: DateSort): TripDto[] {
  if (sort === 'none') return trips as TripDto[];
  const keyed = trips.map((trip) => [dateKey(trip), trip] as const);
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  if (sort === 'desc') keyed.reverse();
  return keyed.map(([, trip]) => trip);
}
