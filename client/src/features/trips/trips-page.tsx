import { Alert, Button, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendar, IconChevronDown, IconChevronRight, IconTable } from '@tabler/icons-react';
import { type Dispatch, lazy, memo, type SetStateAction, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { DEFAULT_TRIP_ORDER, type TripOrder } from '@contracts/trip-list';
import type { TripDto } from '@contracts/trip-wire';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/http';
import { toast } from '../../app/toast';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { clampPage, DEFAULT_PAGE_SIZE } from '../../components/pagination';
import { useSession } from '../auth/session-context';
import { type DateSort, nextDateSort, NO_FILTERS, type TripFilters } from './trip-filters';
import { canRequestTrips, TripRequestForm } from './trip-request-form';
import { TripWorkflowProvider, useTripWorkflow } from './trip-workflow';
import { tripFilterOf, tripsApi, useTripMonths, useTripPage, useTripRange } from './trips.api';
import { TripsFilterBar } from './trips-filter-bar';
import { TripsTable } from './trips-table';

// The calendar (react-big-calendar and its styles) loads only when it is first shown.
const TripsCalendar = lazy(() => import('./trips-calendar'));

const NO_TRIPS: TripDto[] = [];
/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 250;

const FORM_OPEN_KEY = 'trips.request-form-open';

/** Open by default for school staff (spec §2: they see the form); folded for the roles that request now and then. */
function readFormOpen(byDefault: boolean): boolean {
  try {
    const saved = window.localStorage.getItem(FORM_OPEN_KEY);
    return saved === null ? byDefault : saved === 'true';
  } catch {
    return byDefault;
  }
}

/** spec §2: school staff (and the other roles that may request) see the trip request form on All Trips. Memoised: typing in the search box does not re-render the form. */
const RequestPanel = memo(function RequestPanel() {
  const { profile } = useSession();
  const [open, setOpen] = useState(() => readFormOpen(profile?.role === 'school_staff'));
  if (!profile || !canRequestTrips(profile)) return null;
  const toggle = () => {
    setOpen((o) => {
      try {
        window.localStorage.setItem(FORM_OPEN_KEY, String(!o));
      } catch {
        // private mode: the choice lasts for this page
      }
      return !o;
    });
  };
  return (
    <Paper withBorder p="md" mb="md" radius="md">
      <UnstyledButton onClick={toggle} aria-expanded={open} aria-controls="trip-request-form" style={{ width: '100%' }}>
        <Group gap="xs" wrap="nowrap">
          {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          <Title order={4}>Request a Trip</Title>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id="trip-request-form">
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
          <TripRequestForm profile={profile} />
        </div>
      </Collapse>
    </Paper>
  );
});

/** spec §2: the Date header's three states as the server's order (none: newest first). */
export function orderOfSort(sort: DateSort): TripOrder {
  return sort === 'none' ? DEFAULT_TRIP_ORDER : { sort: 'date', dir: sort };
}

/** spec §9 Month options, "MMMM YYYY", newest first. */
function monthLabels(months: readonly string[] | undefined): { value: string; label: string }[] {
  return [...(months ?? [])]
    .sort((x, y) => (x < y ? 1 : x > y ? -1 : 0))
    .map((value) => ({ value, label: dayjs(`${value}-01`).format('MMMM YYYY') }));
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
  // A link to one trip (a notification's): /trips?trip=12 opens its details, then the address is the list's again.
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
  const [showCalendar, setShowCalendar] = useState(false);
  const [filters, setFilters] = useState<TripFilters>(NO_FILTERS);
  const [sort, setSort] = useState<DateSort>('none');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  // The box shows every keystroke at once; the server is asked once typing pauses.
  const [search] = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const filter = useMemo(
    () => tripFilterOf({ search, month: filters.month, status: filters.status }),
    [search, filters.month, filters.status],
  );
  const order = useMemo(() => orderOfSort(sort), [sort]);
  const query = useMemo(() => ({ filter, order, page, pageSize }), [filter, order, page, pageSize]);
  const { data, loading, error, refetch } = useTripPage(query, { enabled: !showCalendar });
  const calendar = useTripRange({ ...filter, ...(range ?? {}) }, showCalendar && range !== null);
  const months = useTripMonths();
  const monthOptions = useMemo(() => monthLabels(months.data), [months.data]);

  useEffect(() => {
    // spec §8: trip page load failures are logged
    if (error) console.error('Trips could not be loaded', errorText(error));
  }, [error]);

  // A live event or another console may shrink the list under the page shown: follow to the last page that exists.
  const total = data?.total ?? 0;
  const current = data ? clampPage(page, total, pageSize) : page;
  useEffect(() => {
    if (data && current !== page) setPage(current);
  }, [data, current, page]);

  const changeFilters = useCallback((next: TripFilters) => {
    setFilters(next);
    setPage(1);
  }, []);
  const toggleRow = useCallback((id: number) => setExpandedId((open) => (open === id ? null : id)), [setExpandedId]);

  const exportCsv = async () => {
    try {
      const [{ downloadCsv }, csv] = await Promise.all([import('./trip-csv'), tripsApi.exportCsv(filter, order, 'trips.csv')]);
      downloadCsv('trips.csv', csv);
    } catch (e) {
      console.error('CSV export failed', e);
      toast.error('The export could not be created. Please try again.');
    }
  };

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
      <RequestPanel />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <TripsFilterBar
            filters={filters}
            onChange={changeFilters}
            months={monthOptions}
            onReset={() => changeFilters(NO_FILTERS)}
            onExport={() => void exportCsv()}
            exportDisabled={showCalendar ? (calendar.data ?? []).length === 0 : total === 0}
          />
          {showCalendar ? (
            <Suspense fallback={<LoadingScreen text="Loading calendar..." minHeight="600px" />}>
              {calendar.error && !calendar.data ? (
                <Alert color="red" variant="light" title="Failed to load trips">
                  <Text size="sm">{errorText(calendar.error)}</Text>
                </Alert>
              ) : null}
              <TripsCalendar trips={calendar.data ?? NO_TRIPS} onOpen={openDetails} onRange={setRange} />
            </Suspense>
          ) : loading ? (
            <LoadingScreen text="Loading trips..." minHeight="200px" />
          ) : error && !data ? (
            <Alert color="red" variant="light" title="Failed to load trips">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{errorText(error)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
                  Retry
                </Button>
              </Group>
            </Alert>
          ) : (
            <>
              <TripsTable
                trips={data?.trips ?? NO_TRIPS}
                sort={sort}
                onSort={() => {
                  setSort(nextDateSort);
                  setPage(1);
                }}
                expandedId={expandedId}
                onToggle={toggleRow}
              />
              <PaginationBar
                total={total}
                page={current}
                pageSize={pageSize}
                onPage={setPage}
                onPageSize={(size) => {
                  setPageSize(size);
                  setPage(1);
                }}
              />
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}

/** spec §2 All Trips: filter bar, table with pagination or calendar, trip request form, every trip action; live. */
export function TripsPage({ title = 'All Trips' }: { title?: string }) {
  const [expandedId, setExpandedId] = useState<number | null>(null);
  // spec §4: after a status change the row closes and the details modal opens
  const closeRow = useCallback(() => setExpandedId(null), []);
  return (
    <TripWorkflowProvider onStatusChanged={closeRow}>
      <TripsScreen title={title} expandedId={expandedId} setExpandedId={setExpandedId} />
    </TripWorkflowProvider>
  );
}
