import { parseTripTime } from '@contracts/trip-form-rules';
import type { TripDto } from '@contracts/trip-wire';
import { statusBucket, tripDate } from '../trips/trip-view';

export interface TripStats {
  total: number;
  upcoming: number;
  pending: number;
  cancelled: number;
}

/** "Upcoming" means dated today or later and not cancelled or rejected. */
export function isUpcoming(trip: TripDto, today: string): boolean {
  const date = tripDate(trip);
  const bucket = statusBucket(trip.status);
  return Boolean(date) && date >= today && bucket !== 'cancelled' && bucket !== 'rejected';
}

/** The stat cards, counted by status bucket (pending, approved, cancelled, ...). */
export function tripStats(trips: readonly TripDto[], today: string): TripStats {
  const stats: TripStats = { total: trips.length, upcoming: 0, pending: 0, cancelled: 0 };
  for (const trip of trips) {
    if (isUpcoming(trip, today)) stats.upcoming += 1;
    const bucket = statusBucket(trip.status);
    if (bucket === 'pending') stats.pending += 1;
    else if (bucket === 'cancelled') stats.cancelled += 1;
  }
  return stats;
}

/** At most 10 upcoming trips, by date ascending (then by departure time). */
export function upcomingTrips(trips: readonly TripDto[], today: string, limit = 10): TripDto[] {
  const key = (t: TripDto) => `${tripDate(t)} ${String(parseTripTime(t.departureTime ?? '') ?? 9999).padStart(4, '0')}`;
  return trips
    .filter((t) => isUpcoming(t, today))
    .map((t) => [key(t), t] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit)
    .map(([, t]) => t);
}
