import { compareTrips, type TripFilter, tripMatchesFilter, type TripOrder, type TripPage, tripSortKey } from '@contracts/trip-list';
import type { TripDto } from '@contracts/trip-wire';
import { isNewerTrip } from '../../shared/trip-freshness';

/**
 * Live merging of one trip event into one cached page of a server-paged list (All Trips, Finance). The server keeps
 * the list rules (contracts/trip-list.ts); the client asks the same `tripMatchesFilter`/`compareTrips` whether the
 * trip belongs on the page it shows and where. When the page cannot know the answer alone (the trip moved in or out
 * of the filter on another page, so every row after it shifts), it asks for a refetch of that page: the rows on
 * screen stay until the answer replaces them (no flicker), and a row is never shown twice or lost.
 */
export interface PageView {
  filter: TripFilter;
  order: TripOrder;
  page: number;
  pageSize: number;
}

export type TripEventKind = 'created' | 'updated' | 'deleted';

export interface PageMerge {
  /** The page to show now, or undefined when it does not change locally. */
  next?: TripPage;
  /** The page must be asked again (rows shifted in from or out to a neighbouring page). */
  refetch: boolean;
}

const NOTHING: PageMerge = { refetch: false };
const REFETCH: PageMerge = { refetch: true };

const isEmptyFilter = (f: TripFilter): boolean => Object.values(f).every((v) => v === undefined || v === '');

function withTotal(page: TripPage, trips: TripDto[], total: number): TripPage {
  return { ...page, trips, total, pageCount: total <= 0 ? 0 : Math.ceil(total / page.pageSize) };
}

/**
 * @param trip   the trip as the event carries it (for `deleted`, the last known version with `deleted: true`, if any)
 * @param before the last version this console knew of the trip (from any page or the details), if any
 */
export function mergeTripIntoPage(
  page: TripPage,
  view: PageView,
  kind: TripEventKind,
  trip: TripDto | undefined,
  before: TripDto | undefined,
  tripId: number,
): PageMerge {
  const rows = page.trips;
  const index = rows.findIndex((t) => t.id === tripId);
  const nowIn = kind !== 'deleted' && trip !== undefined && !trip.deleted && tripMatchesFilter(trip, view.filter);
  const hasLater = view.page * view.pageSize < page.total;

  if (index !== -1) {
    const shown = rows[index];
    if (kind !== 'deleted' && trip && !isNewerTrip(trip, shown)) return NOTHING; // stale event
    if (!nowIn) {
      // Left the filter (or was deleted): out of the page, the total one less; a row of the next page moves up.
      const next = withTotal(page, [...rows.slice(0, index), ...rows.slice(index + 1)], page.total - 1);
      return { next, refetch: hasLater };
    }
    const t = trip as TripDto;
    const resorted = rows.map((r) => (r.id === t.id ? t : r)).sort((a, b) => compareTrips(a, b, view.order));
    const at = resorted.findIndex((r) => r.id === t.id);
    const keyMoved = String(tripSortKey(shown, view.order.sort)) !== String(tripSortKey(t, view.order.sort));
    // Moved to an edge of the page: it may now belong to the page before or after, so the server decides.
    const atEdge = (at === 0 && view.page > 1) || (at === resorted.length - 1 && hasLater);
    return { next: { ...page, trips: resorted }, refetch: keyMoved && atEdge };
  }

  // Not on this page.
  if (kind !== 'deleted' && trip && before && !isNewerTrip(trip, before)) return NOTHING; // stale
  const wasIn: boolean | undefined =
    kind === 'created'
      ? false
      : before
        ? !before.deleted && tripMatchesFilter(before, view.filter)
        : isEmptyFilter(view.filter)
          ? true
          : undefined;
  if (!nowIn && wasIn === false) return NOTHING; // never in this list
  if (wasIn === undefined) return REFETCH; // it may have left or entered the filter on another page

  const first = rows[0];
  const last = rows[rows.length - 1];
  const beforeFirst = (t: TripDto) => first !== undefined && compareTrips(t, first, view.order) < 0;
  const afterLast = (t: TripDto) => last !== undefined && compareTrips(t, last, view.order) > 0;

  if (nowIn && wasIn) {
    // Still in the list, somewhere else: only a move of its sort key can shift rows into or out of this page.
    if (!before || String(tripSortKey(before, view.order.sort)) === String(tripSortKey(trip as TripDto, view.order.sort))) return NOTHING;
    const t = trip as TripDto;
    const sameSide = (beforeFirst(before) && beforeFirst(t)) || (afterLast(before) && afterLast(t));
    return sameSide ? NOTHING : REFETCH;
  }

  if (!nowIn) {
    // Left the filter from another page: one fewer; when it stood before this page, every row here shifts up one.
    if (view.page > 1 && (!before || !afterLast(before))) return REFETCH;
    return { next: withTotal(page, rows, page.total - 1), refetch: false };
  }

  // Entered the filter (a new trip, or one changed into it).
  const t = trip as TripDto;
  const total = page.total + 1;
  if (rows.length === 0) {
    return view.page === 1 ? { next: withTotal(page, [t], total), refetch: false } : REFETCH;
  }
  if (beforeFirst(t)) {
    if (view.page > 1) return REFETCH; // every row here shifts down one
  } else if (afterLast(t)) {
    // Belongs on a later page, unless this is the last page and it has room.
    if (rows.length >= view.pageSize || hasLater) return { next: withTotal(page, rows, total), refetch: false };
  }
  const inserted = [...rows, t].sort((a, b) => compareTrips(a, b, view.order)).slice(0, view.pageSize);
  return { next: withTotal(page, inserted, total), refetch: false };
}
