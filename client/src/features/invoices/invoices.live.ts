import { invalidateQueries } from '../../api/query-cache';
import { onLive } from '../../api/socket';
import { invoiceKeys } from './invoices.api';

/**
 * The server issues an invoice when a trip is completed or cancelled with a fee, and sends no event of its own for it:
 * a trip that turns up Completed or Canceled may have brought one, so the list is read again. Returns the unsubscribe.
 */
export function subscribeInvoicesLive(): () => void {
  return onLive('trip:updated', ({ trip }) => {
    if (trip.status === 'Completed' || trip.status === 'Canceled') invalidateQueries(invoiceKeys.list);
  });
}
