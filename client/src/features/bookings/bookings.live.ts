import { BOOKING_STATUS_CHANGES, type BookingDto } from '@contracts/bookings';
import { formatDay } from '@contracts/calendar';
import type { LiveActor } from '@contracts/events';
import { updateQueries } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { upsertById } from '../../api/records';
import { onLive } from '../../api/socket';
import { liveFeed } from '../../shared/live-feed';

/** What was done to a booking, as its new status says (the contract's status changes), else the status it was given. */
const statusVerb = (status: string) => ((BOOKING_STATUS_CHANGES as readonly string[]).includes(status) ? status : `marked ${status}`);

/**
 * The bell's line for a live booking event, or null for the reader's own action (they saw it happen): "Grace Green booked
 * Robotics fair shuttle (Wed 9 Dec, 34 passengers)", "Dana Admin approved …". An event without its actor says what became
 * of the booking.
 */
export function bookingFeedItem(
  event: { booking: BookingDto; by?: LiveActor | null },
  kind: 'created' | 'updated',
  readerId: number | undefined,
): string | null {
  const { booking, by } = event;
  if (by && by.id === readerId) return null;
  const passengers = booking.passengers_students + booking.passengers_adults;
  const what = `${booking.title || 'a bus booking'} (${formatDay(booking.date_start)}, ${passengers} passenger${passengers === 1 ? '' : 's'})`;
  const verb = kind === 'created' ? (booking.title ? 'booked' : 'requested') : statusVerb(booking.status);
  return by ? `${by.name} ${verb} ${what}` : `Booking ${what} ${kind === 'created' ? 'requested' : verb}`;
}

/** Merges pushed bookings into every cached booking list (newest first), and tells the bell of others' bookings. */
export function subscribeBookingsLive(readerId: number): () => void {
  const merge = (booking: BookingDto) => updateQueries<BookingDto[]>(queryKeys.bookings, (list) => upsertById(list, booking, 'start'));
  const tell = (text: string | null) => {
    if (text) liveFeed.push(text, '/bookings');
  };
  const offs = [
    onLive('booking:created', (event) => {
      merge(event.booking);
      tell(bookingFeedItem(event, 'created', readerId));
    }),
    onLive('booking:updated', (event) => {
      merge(event.booking);
      tell(bookingFeedItem(event, 'updated', readerId));
    }),
  ];
  return () => offs.forEach((off) => off());
}
