import type { NotificationDto } from '@contracts/fleet-wire';
import { RUNNING_STATUSES } from '@contracts/progress-rules';
import type { TripDto } from '@contracts/trip-wire';

/**
 * When the bell lets an alert go, from the trip a live event brings (docs/domain.md, "The day of travel"): the server
 * lists an alert only while its cause lasts, and the bell follows it without asking again.
 */

type Alert = Pick<NotificationDto, 'id' | 'kind' | 'tripId' | 'lateKind' | 'driverId'>;

/**
 * Whether `alert` is still open now that its trip is `trip`: "Needs a bus" while the trip is accepted and has no bus;
 * a late bus while that bus is still late for that reason (and the trip runs); a departure count while the counts differ.
 */
export function alertStillOpen(alert: Alert, trip: TripDto): boolean {
  if (trip.deleted) return false;
  if (alert.kind === 'needsBus') return trip.status === 'Accepted' && trip.buses.length === 0;
  if (alert.kind === 'departureCount') return trip.departureCount !== null;
  if (!RUNNING_STATUSES.includes(trip.status)) return false;
  return (trip.progress ?? []).some(
    (p) =>
      p.late !== null && (alert.lateKind == null || p.late === alert.lateKind) && (alert.driverId == null || p.driverId === alert.driverId),
  );
}

/** A trip has one "Needs a bus" alert; the day's alerts are one per bus and reason, told apart by their ids. */
export function sameAlert(a: Alert, b: Alert): boolean {
  return a.id === b.id || (a.kind === 'needsBus' && b.kind === 'needsBus' && a.tripId === b.tripId);
}
