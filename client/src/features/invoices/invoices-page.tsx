import { Paper } from '@mantine/core';
import { useEffect } from 'react';
import { invalidateQueries } from '../../api/query-cache';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { InvoiceList } from './invoice-list';
import { invoiceKeys, useInvoices } from './invoices.api';
import { subscribeInvoicesLive } from './invoices.live';

function Invoices() {
  const { data, loading, error, refetch } = useInvoices();
  if (loading) return <LoadingScreen text="Loading invoices..." />;
  if (error && !data) return <LoadFailed title="Failed to load invoices" error={error} onRetry={refetch} />;
  return (
    <Paper withBorder p="md" radius="md">
      <InvoiceList invoices={data ?? []} />
    </Paper>
  );
}

/**
 * Invoices (docs/domain.md, "Invoices"): what bus companies bill schools for completed trips and cancellation fees, as
 * the caller may see them (the tenant's for admins and finance, their company's for a dispatcher, their school's for
 * school staff), each with its PDF.
 */
export function InvoicesPage() {
  // invoices issued while this screen was closed are not in the cache, so the list is read afresh on arrival; while it
  // is open, a trip completed or cancelled in any console may bring one
  useEffect(() => {
    invalidateQueries(invoiceKeys.all);
    return subscribeInvoicesLive();
  }, []);
  return (
    <>
      <PageHeader title="Invoices" />
      <Invoices />
    </>
  );
}
