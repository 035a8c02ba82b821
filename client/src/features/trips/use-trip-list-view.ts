import type { TripFilter, TripOrder } from '@contracts/trip-list';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '../../shared/toast';
import { clampPage, DEFAULT_PAGE_SIZE } from '../../components/pagination';
import { tripsApi, useTripMonths, useTripPage } from './trips.api';

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 250;

/** What the server is asked for: which trips, in which order. */
export interface TripListQuery {
  filter: TripFilter;
  order: TripOrder;
}

interface TripListViewOptions<F extends { search: string }> {
  /** The filter bar's state when the screen opens. */
  initialFilters: F;
  /**
   * The filter bar as the server's filter and order. `search` is the search box once typing pauses (the box itself
   * shows every keystroke at once). A function defined once, outside the component.
   */
  queryOf: (filters: F, search: string) => TripListQuery;
  /** The CSV export's file name, and whether it carries the `paid` column. */
  csv: { fileName: string; withPaid?: boolean };
  /** False while the table is not shown (e.g. the calendar is): the page is not read. */
  enabled?: boolean;
}

/** The Month filter's options, "MMMM YYYY", newest first, from the months that hold trips. */
function monthLabels(months: readonly string[] | undefined): { value: string; label: string }[] {
  return [...(months ?? [])]
    .sort((x, y) => (x < y ? 1 : x > y ? -1 : 0))
    .map((value) => ({ value, label: dayjs(`${value}-01`).format('MMMM YYYY') }));
}

/**
 * A paged list of trips read from the server (All Trips and Finance): the filter bar's state, the page and its size,
 * the Month options, the delayed search and the CSV export of everything the filters match. Changing a filter or the
 * page size goes back to page 1.
 */
export function useTripListView<F extends { search: string }>({ initialFilters, queryOf, csv, enabled = true }: TripListViewOptions<F>) {
  const [filters, setFilters] = useState<F>(initialFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [search] = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const { filter, order } = useMemo(() => queryOf(filters, search), [queryOf, filters, search]);
  const query = useMemo(() => ({ filter, order, page, pageSize }), [filter, order, page, pageSize]);
  const { data, loading, error, refetch } = useTripPage(query, { enabled });
  const months = useTripMonths();
  const monthOptions = useMemo(() => monthLabels(months.data), [months.data]);

  // A live event or another console may shrink the list under the page shown: follow to the last page that exists.
  const total = data?.total ?? 0;
  const current = data ? clampPage(page, total, pageSize) : page;
  useEffect(() => {
    if (data && current !== page) setPage(current);
  }, [data, current, page]);

  const changeFilters = useCallback((patch: Partial<F>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  }, []);
  const changePageSize = useCallback((size: number) => {
    setPageSize(size);
    setPage(1);
  }, []);

  const { fileName, withPaid = false } = csv;
  const exportCsv = useCallback(async () => {
    try {
      const [{ downloadCsv }, text] = await Promise.all([import('./trip-csv'), tripsApi.exportCsv(filter, order, fileName, withPaid)]);
      downloadCsv(fileName, text);
    } catch (e) {
      console.error('CSV export failed', e);
      toast.error('The export could not be created. Please try again.');
    }
  }, [filter, order, fileName, withPaid]);

  return {
    filters,
    changeFilters,
    filter,
    order,
    data,
    loading,
    error,
    refetch,
    total,
    /** The props of the PaginationBar under the table. */
    paging: { total, page: current, pageSize, onPage: setPage, onPageSize: changePageSize },
    monthOptions,
    exportCsv,
  };
}
