import { PAYABLE_STATUSES } from '@contracts/trip-list';
import type { TripDto } from '@contracts/trip-wire';
import { tripMonth } from '../trips/trip-filters';
import { tripDate, tripPrice } from '../trips/trip-view';

/** spec §2 Finance overview: payment status, month, a search by requester or destination, sort by date. */
export type PaymentFilter = 'all' | 'paid' | 'unpaid';
export type DateOrder = 'newest' | 'oldest';

export interface FinanceFilters {
  payment: PaymentFilter;
  month: string | null;
  search: string;
  order: DateOrder;
}

export const NO_FINANCE_FILTERS: FinanceFilters = { payment: 'all', month: null, search: '', order: 'newest' };

const texts = new WeakMap<TripDto, string>();
function requesterOrDestination(trip: TripDto): string {
  let text = texts.get(trip);
  if (text === undefined) {
    text = [trip.createdBy, trip.createdByEmail, trip.destination].filter(Boolean).join('\n').toLowerCase();
    texts.set(trip, text);
  }
  return text;
}

export function filterFinance(trips: readonly TripDto[], f: Omit<FinanceFilters, 'order'>): TripDto[] {
  const needle = f.search.trim().toLowerCase();
  return trips.filter(
    (trip) =>
      (f.payment === 'all' || (f.payment === 'paid') === Boolean(trip.paid)) &&
      (!f.month || tripMonth(trip) === f.month) &&
      (!needle || requesterOrDestination(trip).includes(needle)),
  );
}

/** By departure date, newest or oldest first; the same day keeps the newest request first. */
export function sortByDate(trips: readonly TripDto[], order: DateOrder): TripDto[] {
  const sign = order === 'newest' ? -1 : 1;
  return [...trips].sort((a, b) => {
    const da = tripDate(a);
    const db = tripDate(b);
    if (da !== db) return da < db ? -sign : sign;
    return b.id - a.id;
  });
}

/** The total paid revenue in AED: each paid trip's price (its buses' prices, or the trip's own). */
export function paidRevenue(trips: readonly TripDto[]): number {
  return trips.reduce((sum, trip) => (trip.paid ? sum + tripPrice(trip) : sum), 0);
}

/**
 * The trips a school owes for: the company accepted them and they were not cancelled. A pending, rejected or
 * canceled trip is not billed, so it has no paid toggle.
 */

export const isPayable = (trip: Pick<TripDto, 'status'>) => PAYABLE_STATUSES.includes(trip.status);
export { PAYABLE_STATUSES };
