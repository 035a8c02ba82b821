import { PAYABLE_STATUSES } from '@contracts/trip-list';
import type { TripDto } from '@contracts/trip-wire';

/** The Finance filter bar: payment status, month, a search by requester or destination, and the date order. */
export type PaymentFilter = 'all' | 'paid' | 'unpaid';

export interface FinanceFilters {
  payment: PaymentFilter;
  /** YYYY-MM, or null for every month */
  month: string | null;
  search: string;
  order: 'newest' | 'oldest';
}

export const NO_FINANCE_FILTERS: FinanceFilters = { payment: 'all', month: null, search: '', order: 'newest' };

/**
 * The trips a school owes for: the company accepted them and they were not cancelled. A pending, rejected or
 * canceled trip is not billed, so it has no paid toggle.
 */
export const isPayable = (trip: Pick<TripDto, 'status'>) => PAYABLE_STATUSES.includes(trip.status);
