import { DEFAULT_TRIP_ORDER, type TripOrder } from '@contracts/trip-list';
import type { TripDto } from '@contracts/trip-wire';
import { Button, Paper, Stack } from '@mantine/core';
import { IconCalendar, IconTable } from '@tabler/icons-react';
import { type Dispatch, lazy, type SetStateAction, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/http';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { TripRequestPanel } from './trip-request-panel';
import { TripWorkflowProvider, useTripWorkflow } from './trip-workflow';
import { tripFilterOf, useTripRange } from './trips.api';
import { NO_FILTERS, type TripFilters, TripsFilterBar } from './trips-filter-bar';
import { type DateSort, nextDateSort, TripsTable } from './trips-table';
import { type TripListQuery, useTripListView } from './use-trip-list-view';

// The calendar (react-big-calendar and its styles) loads only when it is first shown.
const TripsCalendar = lazy(() => import('./trips-calendar'));

const NO_TRIPS: TripDto[] = [];

/** The filter bar and the Date header's sort: what All Trips asks the server for. */
type TripListFilters = TripFilters & { sort: DateSort };
const START_FILTERS: TripListFilters = { ...NO_FILTERS, sort: 'none' };

/** The Date header's three states as the server's order (none: newest first). */
export function orderOfSort(sort: DateSort): TripOrder {
  return sort === 'none' ? DEFAULT_TRIP_ORDER : { sort: 'date', dir: sort };
}

function tripsQuery(f: TripListFilters, search: string): TripListQuery {
  return { filter: tripFilterOf({ search, month: f.month, status: f.status }), order: orderOfSort(f.sort) };
}

/** A link to one trip (a notification's): /trips?trip=12 opens its details, then the address is the list's again. */
function useLinkedTrip(openDetails: (id: number) => void) {
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('trip'));
  useEffect(() => {
    if (!Number.isInteger(linked) || linked <= 0) return;
    openDetails(linked);
    setParams(
      (p) => {
        p.delete('trip');
        return p;
      },
      { replace: true },
    );
  }, [linked, openDetails, setParams]);
}

function TripsScreen({
  title,
  expandedId,
  setExpandedId,
}: {
  title: string;
  expandedId: number | null;
  setExpandedId: Dispatch<SetStateAction<number | null>>;
}) {
  const { openDetails } = useTripWorkflow();
  useLinkedTrip(openDetails);
  const [showCalendar, setShowCalendar] = useState(false);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const list = useTripListView({
    initialFilters: START_FILTERS,
    queryOf: tripsQuery,
    csv: { fileName: 'trips.csv' },
    enabled: !showCalendar,
  });
  const { filters, changeFilters, data, error } = list;
  const calendar = useTripRange({ ...list.filter, ...(range ?? {}) }, showCalendar && range !== null);

  useEffect(() => {
    // a failed read of the trip list is logged as well as shown
    if (error) console.error('Trips could not be loaded', errorText(error));
  }, [error]);

  const toggleRow = useCallback((id: number) => setExpandedId((open) => (open === id ? null : id)), [setExpandedId]);

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button
            variant="light"
            leftSection={showCalendar ? <IconTable size={16} /> : <IconCalendar size={16} />}
            onClick={() => setShowCalendar((s) => !s)}
          >
            {showCalendar ? 'Show Table View' : 'Show Calendar View'}
          </Button>
        }
      />
      <TripRequestPanel />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <TripsFilterBar
            filters={filters}
            onChange={changeFilters}
            months={list.monthOptions}
            onReset={() => changeFilters(NO_FILTERS)}
            onExport={() => void list.exportCsv()}
            exportDisabled={showCalendar ? (calendar.data ?? []).length === 0 : list.total === 0}
          />
          {showCalendar ? (
            <Suspense fallback={<LoadingScreen text="Loading calendar..." minHeight="600px" />}>
              {calendar.error && !calendar.data ? <LoadFailed title="Failed to load trips" error={calendar.error} /> : null}
              <TripsCalendar trips={calendar.data ?? NO_TRIPS} onOpen={openDetails} onRange={setRange} />
            </Suspense>
          ) : list.loading ? (
            <LoadingScreen text="Loading trips..." minHeight="200px" />
          ) : error && !data ? (
            <LoadFailed title="Failed to load trips" error={error} onRetry={list.refetch} />
          ) : (
            <>
              <TripsTable
                trips={data?.trips ?? NO_TRIPS}
                sort={filters.sort}
                onSort={() => changeFilters({ sort: nextDateSort(filters.sort) })}
                expandedId={expandedId}
                onToggle={toggleRow}
              />
              <PaginationBar {...list.paging} />
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}

/**
 * All Trips: the filter bar, the table with pagination or the calendar, the trip request form and every trip action
 * the user may take; kept up to date by live events.
 */
export function TripsPage({ title = 'All Trips' }: { title?: string }) {
  const [expandedId, setExpandedId] = useState<number | null>(null);
  // after a status change the row closes and the details modal opens
  const closeRow = useCallback(() => setExpandedId(null), []);
  return (
    <TripWorkflowProvider onStatusChanged={closeRow}>
      <TripsScreen title={title} expandedId={expandedId} setExpandedId={setExpandedId} />
    </TripWorkflowProvider>
  );
}
