import type { TripDto } from '@contracts/trip-wire';
import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import type { TripFilter, TripTotals } from '@contracts/trip-list';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { PaginationBar } from '../../components/pagination-bar';
import { formatAed } from '../trips/trip-view';
import { TripWorkflowProvider } from '../trips/trip-workflow';
import { useTripTotals } from '../trips/trips.api';
import { type TripListQuery, useTripListView } from '../trips/use-trip-list-view';
import { FinanceTable } from './finance-table';

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

const NO_TRIPS: TripDto[] = [];

/** The Finance filter bar as the server's filter and order (the search looks at the requester and the destination). */
export function financeQuery(f: FinanceFilters, search: string): TripListQuery {
  const filter: TripFilter = {};
  if (search.trim()) {
    filter.search = search.trim();
    filter.searchIn = 'finance';
  }
  if (f.month) filter.month = f.month;
  if (f.payment !== 'all') filter.paid = f.payment === 'paid';
  return { filter, order: { sort: 'date', dir: f.order === 'newest' ? 'desc' : 'asc' } };
}

function TotalTile({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz={26} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The totals over every trip the filters match (not only the page shown), in AED. */
function FinanceTotals({ totals, shown }: { totals: TripTotals | undefined; shown: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <TotalTile label="Total paid revenue" value={formatAed(totals?.paidRevenue ?? 0)} testId="paid-revenue" />
      <TotalTile label="Awaiting payment" value={formatAed(totals?.awaitingPayment ?? 0)} />
      <TotalTile label="Trips shown" value={totals?.count ?? shown} />
    </SimpleGrid>
  );
}

function FinanceBody() {
  const list = useTripListView({
    initialFilters: NO_FINANCE_FILTERS,
    queryOf: financeQuery,
    csv: { fileName: 'finance-trips.csv', withPaid: true },
  });
  const { filters, changeFilters, total } = list;
  const totals = useTripTotals(list.filter);

  if (list.loading) return <LoadingScreen text="Loading, please wait..." />;
  if (list.error && !list.data) return <LoadFailed title="Failed to load trips" error={list.error} onRetry={list.refetch} />;
  return (
    <Stack gap="md">
      <FinanceTotals totals={totals.data} shown={total} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Payment status"
              value={filters.payment}
              onChange={(payment) => changeFilters({ payment: payment as PaymentFilter })}
              data={[
                { value: 'all', label: 'All' },
                { value: 'paid', label: 'Paid' },
                { value: 'unpaid', label: 'Unpaid' },
              ]}
            />
            <Select
              aria-label="Month"
              placeholder="All months"
              data={list.monthOptions}
              value={filters.month}
              onChange={(month) => changeFilters({ month })}
              clearable
              style={{ flex: '0 1 190px', minWidth: 150 }}
            />
            <TextInput
              aria-label="Search by requester or destination"
              placeholder="Search requester or destination"
              leftSection={<IconSearch size={16} />}
              value={filters.search}
              onChange={(e) => changeFilters({ search: e.currentTarget.value })}
              style={{ flex: '1 1 220px', minWidth: 180 }}
            />
            <Select
              aria-label="Sort by date"
              data={[
                { value: 'newest', label: 'Newest first' },
                { value: 'oldest', label: 'Oldest first' },
              ]}
              value={filters.order}
              onChange={(order) => order && changeFilters({ order: order as FinanceFilters['order'] })}
              allowDeselect={false}
              style={{ flex: '0 1 160px', minWidth: 140 }}
            />
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => void list.exportCsv()}
              disabled={total === 0}
              title="Export CSV"
            >
              Export CSV
            </Button>
          </Group>
          <FinanceTable trips={list.data?.trips ?? NO_TRIPS} />
          <PaginationBar {...list.paging} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * Finance: trip payments read from the trips themselves (there is no separate ledger): filters, revenue in AED, a CSV
 * export and the paid toggle; kept up to date by live events.
 */
export function FinancePage() {
  return (
    <TripWorkflowProvider>
      <PageHeader title="Finance" description="Trip payments, from the trips themselves. Prices are in AED." />
      <FinanceBody />
    </TripWorkflowProvider>
  );
}
