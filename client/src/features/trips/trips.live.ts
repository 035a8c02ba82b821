import { invalidateQueries } from '../../api/query-cache';
import { onLive } from '../../api/socket';
import { applyTripChange, tripHistoryKey } from './trips.api';

/**
 * Merges pushed trips into the cached trip reads (docs/architecture.md; trips.api.ts applyTripChange): the trip's own entry,
 * every cached page of a paged list (in or out of the page, total following), the calendar's ranges and the
 * aggregates on screen. Only a details modal that shows the trip refetches its history (a watched entry).
 */
export function subscribeTripsLive(): () => void {
  const offs = [
    onLive('trip:created', ({ trip }) => {
      applyTripChange('created', trip);
    }),
    onLive('trip:updated', ({ trip }) => {
      applyTripChange(trip.deleted ? 'deleted' : 'updated', trip);
      invalidateQueries(tripHistoryKey(trip.id));
    }),
    onLive('trip:deleted', ({ tripId }) => {
      applyTripChange('deleted', undefined, tripId);
    }),
  ];
  return () => offs.forEach((off) => off());
}
