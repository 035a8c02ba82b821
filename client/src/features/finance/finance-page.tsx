import type { TripDto } from '@contracts/trip-wire';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import type { TripFilter, TripOrder } from '@contracts/trip-list';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { memo, useEffect, useMemo, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { toast } from '../../app/toast';
import { EmptyState } from '../../components/empty-state';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { clampPage, DEFAULT_PAGE_SIZE } from '../../components/pagination';
import { canTrip } from '../trips/trip-actions';
import { TripStatusBadge } from '../trips/trip-details-modal';
import { displayType, formatAed, formatTripDate, tripDate, tripPrice } from '../trips/trip-view';
import { TripWorkflowProvider, useTripWorkflow } from '../trips/trip-workflow';
import { conflictOf, mergeTrip, tripHistoryKey, tripsApi, useTripMonths, useTripPage, useTripTotals } from '../trips/trips.api';
import { type FinanceFilters, isPayable, NO_FINANCE_FILTERS, type PaymentFilter } from './finance-filters';

const PaidToggle = memo(function PaidToggle({ trip, editable }: { trip: TripDto; editable: boolean }) {
  const [saving, setSaving] = useState(false);
  if (!isPayable(trip) && !trip.paid) {
    return (
      <Text size="sm" c="dimmed">
        Not billed
      </Text>
    );
  }
  if (!editable || !isPayable(trip)) {
    return (
      <Badge variant="light" color={trip.paid ? 'teal' : 'gray'}>
        {trip.paid ? 'Paid' : 'Unpaid'}
      </Badge>
    );
  }
  // DESIGN §4: finance and admin mark a trip paid or unpaid with PATCH {paid}
  const toggle = async (paid: boolean) => {
    setSaving(true);
    try {
      const updated = await tripsApi.update(trip.id, { paid, version: trip.version });
      if (updated && typeof updated === 'object' && 'id' in updated) mergeTrip(updated);
      invalidateQueries(tripHistoryKey(trip.id));
      toast.success(paid ? 'Marked paid.' : 'Marked unpaid.');
    } catch (e) {
      const conflict = conflictOf(e);
      if (conflict) {
        mergeTrip(conflict.trip);
        toast.error(`${conflict.message} It is now ${conflict.trip.paid ? 'paid' : 'unpaid'}.`, {
          title: 'This trip was changed by someone else',
        });
      } else {
        console.error(`Trip ${trip.id}: marking paid failed`, errorText(e));
        toast.error(serverMessage(e) ?? errorText(e), { title: 'Could not change the payment status.' });
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      checked={trip.paid}
      onChange={(e) => void toggle(e.currentTarget.checked)}
      disabled={saving}
      label={trip.paid ? 'Paid' : 'Unpaid'}
      aria-label={`Paid: ${trip.destination}`}
      color="teal"
    />
  );
});

function FinanceTable({ trips }: { trips: TripDto[] }) {
  const { actor, openDetails } = useTripWorkflow();
  if (trips.length === 0) return <EmptyState>No trips found</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Trip</Table.Th>
            <Table.Th>Requester</Table.Th>
            <Table.Th>Bus company</Table.Th>
            <Table.Th>Students</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Payment</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((trip) => (
            <Table.Tr key={trip.id} data-trip-id={trip.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTripDate(tripDate(trip))}</Table.Td>
              <Table.Td style={{ minWidth: 180 }}>
                <Text
                  size="sm"
                  fw={500}
                  component="button"
                  type="button"
                  onClick={() => openDetails(trip.id)}
                  style={{
                    background: 'none',
                    border: 0,
                    padding: 0,
                    cursor: 'pointer',
                    color: 'var(--mantine-color-anchor)',
                    textAlign: 'left',
                  }}
                >
                  {trip.destination}
                </Text>
                <Text size="xs" c="dimmed">
                  {displayType(trip)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{trip.createdBy}</Text>
                <Text size="xs" c="dimmed">
                  {trip.schoolName}
                </Text>
              </Table.Td>
              <Table.Td>{trip.busCompanyName ?? '—'}</Table.Td>
              <Table.Td>{trip.students}</Table.Td>
              <Table.Td>
                <TripStatusBadge status={trip.status} size="sm" />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatAed(tripPrice(trip))}
              </Table.Td>
              <Table.Td>
                <PaidToggle trip={trip} editable={Boolean(actor && canTrip(actor, trip, 'markPaid'))} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The Finance filter bar as the server's filter and order (search by requester or destination, spec §2). */
export function financeQuery(f: FinanceFilters, search: string): { filter: TripFilter; order: TripOrder } {
  const filter: TripFilter = {};
  if (search.trim()) {
    filter.search = search.trim();
    filter.searchIn = 'finance';
  }
  if (f.month) filter.month = f.month;
  if (f.payment !== 'all') filter.paid = f.payment === 'paid';
  return { filter, order: { sort: 'date', dir: f.order === 'newest' ? 'desc' : 'asc' } };
}

function FinanceBody() {
  const [filters, setFilters] = useState<FinanceFilters>(NO_FINANCE_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [search] = useDebouncedValue(filters.search, 250);
  const { filter, order } = useMemo(() => financeQuery(filters, search), [filters, search]);
  const query = useMemo(() => ({ filter, order, page, pageSize }), [filter, order, page, pageSize]);
  const { data, loading, error } = useTripPage(query);
  const totals = useTripTotals(filter);
  const monthList = useTripMonths();
  const months = useMemo(
    () =>
      [...(monthList.data ?? [])]
        .sort((x, y) => (x < y ? 1 : x > y ? -1 : 0))
        .map((value) => ({ value, label: dayjs(`${value}-01`).format('MMMM YYYY') })),
    [monthList.data],
  );
  const total = data?.total ?? 0;
  const current = data ? clampPage(page, total, pageSize) : page;
  useEffect(() => {
    if (data && current !== page) setPage(current);
  }, [data, current, page]);
  const set = (patch: Partial<FinanceFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const exportCsv = async () => {
    try {
      const [{ downloadCsv }, csv] = await Promise.all([
        import('../trips/trip-csv'),
        tripsApi.exportCsv(filter, order, 'finance-trips.csv', true),
      ]);
      downloadCsv('finance-trips.csv', csv);
    } catch (e) {
      console.error('CSV export failed', e);
      toast.error('The export could not be created. Please try again.');
    }
  };

  if (loading) return <LoadingScreen text="Loading, please wait..." />;
  if (error && !data) {
    return (
      <Alert color="red" variant="light" title="Failed to load trips">
        {errorText(error)}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Total paid revenue
          </Text>
          <Text fw={700} fz={26} data-testid="paid-revenue">
            {formatAed(totals.data?.paidRevenue ?? 0)}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Awaiting payment
          </Text>
          <Text fw={700} fz={26}>
            {formatAed(totals.data?.awaitingPayment ?? 0)}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Trips shown
          </Text>
          <Text fw={700} fz={26}>
            {totals.data?.count ?? total}
          </Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Payment status"
              value={filters.payment}
              onChange={(payment) => set({ payment: payment as PaymentFilter })}
              data={[
                { value: 'all', label: 'All' },
                { value: 'paid', label: 'Paid' },
                { value: 'unpaid', label: 'Unpaid' },
              ]}
            />
            <Select
              aria-label="Month"
              placeholder="All months"
              data={months}
              value={filters.month}
              onChange={(month) => set({ month })}
              clearable
              style={{ flex: '0 1 190px', minWidth: 150 }}
            />
            <TextInput
              aria-label="Search by requester or destination"
              placeholder="Search requester or destination"
              leftSection={<IconSearch size={16} />}
              value={filters.search}
              onChange={(e) => set({ search: e.currentTarget.value })}
              style={{ flex: '1 1 220px', minWidth: 180 }}
            />
            <Select
              aria-label="Sort by date"
              data={[
                { value: 'newest', label: 'Newest first' },
                { value: 'oldest', label: 'Oldest first' },
              ]}
              value={filters.order}
              onChange={(order) => order && set({ order: order as FinanceFilters['order'] })}
              allowDeselect={false}
              style={{ flex: '0 1 160px', minWidth: 140 }}
            />
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => void exportCsv()}
              disabled={total === 0}
              title="Export CSV"
            >
              Export CSV
            </Button>
          </Group>
          <FinanceTable trips={data?.trips ?? []} />
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
        </Stack>
      </Paper>
    </Stack>
  );
}

/** spec §2 Finance overview, built from the real trips (DESIGN §4): filters, revenue in AED, CSV, paid toggle; live. */
export function FinancePage() {
  return (
    <TripWorkflowProvider>
      <PageHeader title="Finance" description="Trip payments, from the trips themselves. Prices are in AED." />
      <FinanceBody />
    </TripWorkflowProvider>
  );
}
