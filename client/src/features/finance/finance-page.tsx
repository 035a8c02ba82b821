import type { InvoiceFilter, InvoiceSummaryDto } from '@contracts/invoices';
import { invoiceMoney } from '@contracts/invoices';
import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { invalidateQueries } from '../../api/query-cache';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { DEFAULT_PAGE_SIZE } from '../../components/pagination';
import { PaginationBar } from '../../components/pagination-bar';
import { toast } from '../../shared/toast';
import { InvoiceList } from '../invoices/invoice-list';
import { recentMonths } from '../invoices/invoice-months';
import { invoiceKeys, invoicesApi, saveFile, useInvoices, useInvoiceSummary } from '../invoices/invoices.api';
import { subscribeInvoicesLive } from '../invoices/invoices.live';
import { SchoolBalances } from '../invoices/school-balances';

/** The Finance filter bar: payment status, month issued, a search by requester or destination, and the order. */
export type PaymentFilter = 'all' | 'paid' | 'unpaid';

export interface FinanceFilters {
  payment: PaymentFilter;
  /** YYYY-MM, or null for every month */
  month: string | null;
  search: string;
  order: 'newest' | 'oldest';
}

export const NO_FINANCE_FILTERS: FinanceFilters = { payment: 'all', month: null, search: '', order: 'newest' };

/** Typing pauses this long before the list is asked for again. */
const SEARCH_DELAY_MS = 250;

/** The filter bar as the server's filter (GET /invoices, /invoices/summary and /invoices/csv take the same one). */
export function financeFilter(f: FinanceFilters, search: string): InvoiceFilter {
  const filter: InvoiceFilter = { order: f.order };
  if (f.payment !== 'all') filter.payment = f.payment;
  if (f.month) filter.month = f.month;
  if (search.trim()) filter.search = search.trim();
  return filter;
}

function TotalTile({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 20, sm: 26 }} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The server's totals over every invoice the filters match, in its currency. */
function FinanceTotals({ summary }: { summary: InvoiceSummaryDto | undefined }) {
  const money = (fils: number | undefined) => invoiceMoney(fils ?? 0, summary?.currency ?? 'AED');
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <TotalTile label="Total paid revenue" value={money(summary?.paidRevenue)} testId="paid-revenue" />
      <TotalTile label="Outstanding" value={money(summary?.outstanding)} testId="outstanding" />
      <TotalTile label="Overdue" value={money(summary?.overdue)} testId="overdue" />
      <TotalTile label="Invoices shown" value={summary?.count ?? 0} testId="invoices-shown" />
    </SimpleGrid>
  );
}

function ExportButton({ filter, disabled }: { filter: InvoiceFilter; disabled: boolean }) {
  const [loading, setLoading] = useState(false);
  const exportCsv = async () => {
    setLoading(true);
    try {
      const file = await invoicesApi.csv(filter);
      saveFile(file.fileName, file.blob);
    } catch (e) {
      console.error('Finance: CSV export failed', errorText(e));
      toast.error(serverMessage(e) ?? errorText(e), { title: 'The CSV could not be exported.' });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconDownload size={16} />} loading={loading} onClick={() => void exportCsv()} disabled={disabled}>
      Export CSV
    </Button>
  );
}

function FinanceBody() {
  const [filters, setFilters] = useState<FinanceFilters>(NO_FINANCE_FILTERS);
  const [search] = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const filter = useMemo(() => financeFilter(filters, search), [filters, search]);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list = useInvoices(filter, paging);
  const summary = useInvoiceSummary(filter);
  const months = useMemo(() => recentMonths(), []);
  // a new filter starts again from its first page
  const change = (patch: Partial<FinanceFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, page: 1 }));
  };

  if (list.loading) return <LoadingScreen text="Loading, please wait..." />;
  if (list.error && !list.data) return <LoadFailed title="Failed to load invoices" error={list.error} onRetry={list.refetch} />;
  const invoices = list.data ?? [];
  return (
    <Stack gap="md">
      {summary.error && !summary.data ? (
        <LoadFailed title="Failed to load the totals" error={summary.error} onRetry={summary.refetch} />
      ) : (
        <FinanceTotals summary={summary.data} />
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Payment status"
              value={filters.payment}
              onChange={(payment) => change({ payment: payment as PaymentFilter })}
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
              onChange={(month) => change({ month })}
              clearable
              style={{ flex: '0 1 190px', minWidth: 150 }}
            />
            <TextInput
              aria-label="Search by requester or destination"
              placeholder="Search requester or destination"
              leftSection={<IconSearch size={16} />}
              value={filters.search}
              onChange={(e) => change({ search: e.currentTarget.value })}
              style={{ flex: '1 1 220px', minWidth: 180 }}
            />
            <Select
              aria-label="Sort by date"
              data={[
                { value: 'newest', label: 'Newest first' },
                { value: 'oldest', label: 'Oldest first' },
              ]}
              value={filters.order}
              onChange={(order) => order && change({ order: order as FinanceFilters['order'] })}
              allowDeselect={false}
              style={{ flex: '0 1 160px', minWidth: 140 }}
            />
            <ExportButton filter={filter} disabled={invoices.length === 0} />
          </Group>
          <InvoiceList invoices={invoices} emptyText="No invoices found" />
          <PaginationBar
            total={summary.data?.count ?? invoices.length}
            page={paging.page}
            pageSize={paging.pageSize}
            onPage={(page) => setPaging((p) => ({ ...p, page }))}
            onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
            noun="Invoices"
          />
        </Stack>
      </Paper>
      <SchoolBalances />
    </Stack>
  );
}

/**
 * Finance: the invoices with their payments and credit notes, filtered, with the server's totals, a CSV export, Record
 * payment and Credit note, and what each school owes by age; kept up to date by live events.
 */
export function FinancePage() {
  // read afresh on arrival (payments recorded while the page was closed), then kept live
  useEffect(() => {
    invalidateQueries(invoiceKeys.all);
    return subscribeInvoicesLive();
  }, []);
  return (
    <>
      <PageHeader title="Finance" description="Invoices, payments and what each school owes. Amounts are in AED." />
      <FinanceBody />
    </>
  );
}
