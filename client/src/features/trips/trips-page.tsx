import { Alert, Button, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendar, IconChevronDown, IconChevronRight, IconTable } from '@tabler/icons-react';
import {
  type Dispatch,
  lazy,
  memo,
  type SetStateAction,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { errorText } from '../../api/http';
import { toast } from '../../app/toast';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { clampPage, DEFAULT_PAGE_SIZE, pageSlice } from '../../components/pagination';
import { useSession } from '../auth/session-context';
import {
  type DateSort,
  filterTrips,
  monthOptions,
  nextDateSort,
  NO_FILTERS,
  searchText,
  sortTrips,
  type TripFilters,
} from './trip-filters';
import { canRequestTrips, TripRequestForm } from './trip-request-form';
import { TripWorkflowProvider, useTripWorkflow } from './trip-workflow';
import { useTrips } from './trips.api';
import { TripsFilterBar } from './trips-filter-bar';
import { TripsTable } from './trips-table';

// The calendar (react-big-calendar and its styles) loads only when it is first shown.
const TripsCalendar = lazy(() => import('./trips-calendar'));

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

function TripsScreen({
  title,
  expandedId,
  setExpandedId,
}: {
  title: string;
  expandedId: number | null;
  setExpandedId: Dispatch<SetStateAction<number | null>>;
}) {
  const { data, loading, error, refetch } = useTrips();
  const { openDetails } = useTripWorkflow();
  const [showCalendar, setShowCalendar] = useState(false);
  const [filters, setFilters] = useState<TripFilters>(NO_FILTERS);
  const [sort, setSort] = useState<DateSort>('none');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // The box shows every keystroke at once; the list follows as soon as React has a moment (no debounce).
  const search = useDeferredValue(filters.search);

  useEffect(() => {
    // spec §8: trip page load failures are logged
    if (error) console.error('Trips could not be loaded', errorText(error));
  }, [error]);

  const trips = useMemo(() => data ?? [], [data]);
  // Build the lower-case search texts while the browser is idle, so the first keystroke does not pay for them.
  useEffect(() => {
    if (trips.length === 0 || typeof window.requestIdleCallback !== 'function') return;
    const handle = window.requestIdleCallback(() => trips.forEach(searchText));
    return () => window.cancelIdleCallback(handle);
  }, [trips]);
  const months = useMemo(() => monthOptions(trips), [trips]);
  const filtered = useMemo(
    () => filterTrips(trips, { search, month: filters.month, status: filters.status }),
    [trips, search, filters.month, filters.status],
  );
  const sorted = useMemo(() => sortTrips(filtered, sort), [filtered, sort]);
  const current = clampPage(page, sorted.length, pageSize);
  const visible = useMemo(() => pageSlice(sorted, current, pageSize), [sorted, current, pageSize]);

  const changeFilters = useCallback((next: TripFilters) => {
    setFilters(next);
    setPage(1);
  }, []);
  const toggleRow = useCallback((id: number) => setExpandedId((open) => (open === id ? null : id)), [setExpandedId]);

  const exportCsv = async () => {
    try {
      const { exportTrips } = await import('./trip-csv');
      exportTrips(sorted, 'trips.csv');
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
            months={months}
            onReset={() => changeFilters(NO_FILTERS)}
            onExport={() => void exportCsv()}
            exportDisabled={sorted.length === 0}
          />
          {loading ? (
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
          ) : showCalendar ? (
            <Suspense fallback={<LoadingScreen text="Loading calendar..." minHeight="600px" />}>
              <TripsCalendar trips={sorted} onOpen={openDetails} />
            </Suspense>
          ) : (
            <>
              <TripsTable
                trips={visible}
                sort={sort}
                onSort={() => {
                  setSort(nextDateSort);
                  setPage(1);
                }}
                expandedId={expandedId}
                onToggle={toggleRow}
              />
              <PaginationBar
                total={sorted.length}
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
