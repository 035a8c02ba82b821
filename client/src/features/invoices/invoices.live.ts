import { invalidateQueries } from '../../api/query-cache';
import { onLive } from '../../api/socket';
import { invoiceKeys } from './invoices.api';

/**
 * What the invoice views show changes when an invoice is paid or credited (`invoice:changed`), and when a trip turns
 * up Completed or Canceled, which may have brought a new invoice. Either way the lists, the Finance totals and the
 * balances are marked stale (only those on screen load again, once). Returns the unsubscribe.
 */
export function subscribeInvoicesLive(): () => void {
  const offs = [
    onLive('trip:updated', ({ trip }) => {
      if (trip.status === 'Completed' || trip.status === 'Canceled') invalidateQueries(invoiceKeys.all);
    }),
    onLive('invoice:changed', () => invalidateQueries(invoiceKeys.all)),
  ];
  return () => offs.forEach((off) => off());
}
