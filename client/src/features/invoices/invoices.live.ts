import { invalidateQueries } from '../../api/query-cache';
import { onLive } from '../../api/socket';
import { invoiceKeys } from './invoices.api';

/**
 * What the invoice views show changes only with an invoice: issued (with the trip's completion or its cancellation
 * fee), paid or credited, each announced as `invoice:changed` to whoever may see it. Then the lists, the Finance
 * totals and the balances are marked stale (only those on screen load again, once); a trip event alone costs them
 * nothing. Returns the unsubscribe.
 */
export function subscribeInvoicesLive(): () => void {
  return onLive('invoice:changed', () => invalidateQueries(invoiceKeys.all));
}
