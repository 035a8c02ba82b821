import { invalidateQueries } from '../../api/query-cache';
import { onLive } from '../../api/socket';
import { dropTrip, mergeTrip, tripHistoryKey } from './trips.api';

/**
 * Merges pushed trips into the one cached trip list (DESIGN §6), so the list, calendar, dashboard cards and
 * an open details modal change as events arrive: upsert by id unless the cached version is as new or newer,
 * drop on trip:deleted. Only a details modal that shows the trip refetches its history (a watched entry).
 */
export function subscribeTripsLive(): () => void {
  const offs = [
    onLive('trip:created', ({ trip }) => {
      mergeTrip(trip);
    }),
    onLive('trip:updated', ({ trip }) => {
      mergeTrip(trip);
      invalidateQueries(tripHistoryKey(trip.id));
    }),
    onLive('trip:deleted', ({ tripId }) => dropTrip(tripId)),
  ];
  return () => offs.forEach((off) => off());
}
