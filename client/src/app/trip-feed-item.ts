import { formatDay } from '@contracts/calendar';
import type { TripDto, TripStatus } from '@contracts/trip-wire';
import type { FeedMerge } from '../shared/live-feed';

/**
 * What happened to a trip. The server names the status a change moved it from (`from`); a change that left the status as it
 * was (an edit, a payment, other buses for a Confirmed trip) is an update, whatever the status. A move is told by where it
 * went ("accepted", "asked to change"), and by where it came from when that says more: a request its school approved is
 * "approved", a cancellation its company declined "declined the cancellation of".
 */
export function tripVerb(trip: Pick<TripDto, 'status' | 'editRequest' | 'cancelRequest'>, from?: TripStatus): string {
  if (from === undefined) return 'updated';
  if (trip.status === 'Pending' && from === 'Awaiting Approval') return 'approved';
  if (from === 'Cancel Requested' && trip.status !== 'Canceled') return 'declined the cancellation of';
  if (trip.status === 'Pending') return trip.editRequest ? 'asked to change' : 'updated';
  switch (trip.status) {
    case 'Accepted':
      return 'accepted';
    case 'Rejected':
      return 'rejected';
    case 'Confirmed':
      return 'confirmed the buses of';
    case 'Completed':
      return 'completed';
    case 'Canceled':
      return 'canceled';
    case 'Cancel Requested':
      return 'asked to cancel';
    // a request waiting at its school: resubmitted, or approved to its next step; either way put forward for approval
    case 'Awaiting Approval':
      return 'put forward';
    case 'Changes Requested':
      return 'asked for changes to';
    case 'Denied':
      return 'denied';
    case 'Withdrawn':
      return 'withdrew';
  }
}

/**
 * "Layla Aziz accepted Swimming Gala (Thu 26 Nov, 45 passengers)"; of `weeks` weeks of a series at once, "Layla Aziz
 * accepted Swimming Gala (13 weeks from Thu 26 Nov, 45 passengers)".
 */
export function tripNotice(trip: TripDto, who: string, verb: string, weeks = 1): string {
  const passengers = trip.students + (trip.staff ?? 0);
  const what = trip.destination || trip.customType || trip.tripType;
  const when = weeks > 1 ? `${weeks} weeks from ${formatDay(trip.departureDate)}` : formatDay(trip.departureDate);
  return `${who} ${verb} ${what} (${when}, ${passengers} passenger${passengers === 1 ? '' : 's'})`;
}

/** The trip's details, opened from the trips list. */
export const tripLink = (tripId: number) => `/trips?trip=${tripId}`;

/**
 * The bell's item for a live trip event, or null: none for the reader's own action (they saw it happen), none for a
 * change of computed flags only (`by` absent: another trip's clash touched this one; the board shows that), and none
 * for a driver's step (the trip's progress shows it where the trip is listed; a late bus is an alert of its own).
 */
export function tripFeedItem(
  event: { trip: TripDto; by?: { id: number; name: string } | null; from?: TripStatus; driverStep?: boolean },
  kind: 'created' | 'updated',
  readerId: number | undefined,
): { text: string; link: string; merge?: FeedMerge } | null {
  const { trip, by } = event;
  if (!by || by.id === readerId || event.driverStep) return null;
  const verb = kind === 'created' ? 'requested' : tripVerb(trip, event.from);
  // The weeks of a series one person acted on at once (filed, approved, accepted together) are one item: they arrive
  // one event each, first departure first, and the first week's item counts the others.
  const merge = trip.seriesId
    ? { key: `${trip.seriesId}:${by.id}:${verb}`, of: trip.id, say: (n: number) => tripNotice(trip, by.name, verb, n) }
    : undefined;
  return { text: tripNotice(trip, by.name, verb), link: tripLink(trip.id), merge };
}
