import type { LiveActor } from '@contracts/events';
import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { cachedQueries, updateQueries } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { onLive } from '../../api/socket';
import { storeFleetRow } from '../fleet/fleet.api';
import { dropBoardTrip, mergeBoardFleet, mergeBoardTrip } from './board-data';
import { addNotification, closeNotificationsOf, settleNotificationsOf } from './dispatch.api';

const inRequests = (tripId: number) =>
  cachedQueries<DispatchBoardDto>(queryKeys.board).some(({ data }) => (data.requests ?? []).some((t) => t.id === tripId));

/** Puts a trip into every cached board (a bar, a lane, or neither), and closes its alerts whose cause is over. */
export function mergeTripIntoBoards(trip: TripDto): void {
  updateQueries<DispatchBoardDto>(queryKeys.board, (board) => mergeBoardTrip(board, trip));
  settleNotificationsOf(trip);
}

type RequestListener = (trip: TripDto, by: LiveActor | null) => void;
const requestListeners = new Set<RequestListener>();

/**
 * Tells `listener` of each trip that a live event newly put into a cached board's request lane (a trip requested,
 * or a trip turned into an edit request), with who did it. Returns the unsubscribe.
 */
export function onNewRequest(listener: RequestListener): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

function mergeLive(trip: TripDto, by: LiveActor | null): void {
  const before = inRequests(trip.id);
  mergeTripIntoBoards(trip);
  if (!before && inRequests(trip.id)) requestListeners.forEach((listener) => listener(trip, by));
}

/**
 * The board, the fleet lists and the bell follow live events: trips merge into every cached board,
 * `fleet:updated` into the boards and fleet lists, `notification:created` into the bell's alerts.
 */
export function subscribeDispatchLive(): () => void {
  const offs = [
    onLive('trip:created', ({ trip, by }) => mergeLive(trip, by ?? null)),
    onLive('trip:updated', ({ trip, by }) => mergeLive(trip, by ?? null)),
    onLive('trip:deleted', ({ tripId }) => {
      updateQueries<DispatchBoardDto>(queryKeys.board, (board) => dropBoardTrip(board, tripId));
      closeNotificationsOf(tripId);
    }),
    onLive('fleet:updated', (event) => {
      const row = event.bus ? { bus: event.bus } : event.driver ? { driver: event.driver } : null;
      if (!row) return;
      storeFleetRow(row);
      updateQueries<DispatchBoardDto>(queryKeys.board, (board) => mergeBoardFleet(board, row));
    }),
    onLive('notification:created', ({ notification }) => addNotification(notification)),
  ];
  return () => offs.forEach((off) => off());
}
