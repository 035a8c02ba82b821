import { Paper, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { invalidateQueries } from '../../api/query-cache';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/session-context';
import { InvoiceList } from './invoice-list';
import { invoiceKeys, useInvoices } from './invoices.api';
import { subscribeInvoicesLive } from './invoices.live';
import { SchoolBalances } from './school-balances';

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
 * Invoices (docs/domain.md, "Invoices"): what bus companies bill schools for completed trips and cancellation fees, and
 * the credit notes against them, as the caller may see them (the tenant's for admins and finance, their company's for
 * a dispatcher, their school's for school staff), each with its status, what is still owed and its PDF. School staff
 * and dispatchers also see what is owed by age, with the monthly statements (finance and admins have it on Finance).
 */
export function InvoicesPage() {
  const { roles } = useSession();
  const withBalances = roles.includes('school_staff') || roles.includes('bus_company');
  // invoices issued while this screen was closed are not in the cache, so the list is read afresh on arrival; while it
  // is open, a payment, a credit note, or a trip completed or cancelled in any console may change it
  useEffect(() => {
    invalidateQueries(invoiceKeys.all);
    return subscribeInvoicesLive();
  }, []);
  return (
    <>
      <PageHeader title="Invoices" />
      <Stack gap="md">
        <Invoices />
        {withBalances ? <SchoolBalances /> : null}
      </Stack>
    </>
  );
}
