import type { BookingDto } from '@contracts/bookings';
import { updateQueries } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { upsertById } from '../../api/records';
import { onLive } from '../../api/socket';
import { liveFeed } from '../../shared/live-feed';

/** Merges pushed bookings into every cached booking list (newest first). */
export function subscribeBookingsLive(): () => void {
  const merge = (booking: BookingDto) => updateQueries<BookingDto[]>(queryKeys.bookings, (list) => upsertById(list, booking, 'start'));
  const offs = [
    onLive('booking:created', ({ booking }) => {
      merge(booking);
      liveFeed.push(`New bus booking${booking.title ? `: ${booking.title}` : ''}`, '/bookings');
    }),
    onLive('booking:updated', ({ booking }) => {
      merge(booking);
      liveFeed.push(`Booking${booking.title ? ` "${booking.title}"` : ''} marked ${booking.status}`, '/bookings');
    }),
  ];
  return () => offs.forEach((off) => off());
}
