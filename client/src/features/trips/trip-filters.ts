/** The All Trips filter bar and Date header, as the page keeps them (the server filters, sorts and pages the list). */
export interface TripFilters {
  search: string;
  /** YYYY-MM, or null for every month */
  month: string | null;
  status: string | null;
}

export const NO_FILTERS: TripFilters = { search: '', month: null, status: null };

/** The Date header cycles none → ascending → descending. */
export type DateSort = 'none' | 'asc' | 'desc';
export const nextDateSort = (sort: DateSort): DateSort => (sort === 'none' ? 'asc' : sort === 'asc' ? 'desc' : 'none');
