import type { DispatchBoardDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { updateQueries } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { onLive } from '../../api/socket';
import { storeFleetRow } from '../fleet/fleet.api';
import { dropBoardTrip, mergeBoardFleet, mergeBoardTrip } from './board-data';
import { addNotification, closeNotificationsOf } from './dispatch.api';

const stillWaiting = (trip: TripDto) => !trip.deleted && trip.status === 'Accepted' && trip.buses.length === 0;

/** Puts a trip into every cached board (a bar, the waiting lane, or neither), and closes its alert once it has a bus. */
export function mergeTripIntoBoards(trip: TripDto): void {
  updateQueries<DispatchBoardDto>(queryKeys.board, (board) => mergeBoardTrip(board, trip));
  if (!stillWaiting(trip)) closeNotificationsOf(trip.id);
}

/**
 * The board, the fleet lists and the bell follow live events (issue 15): trips merge into every cached board,
 * `fleet:updated` into the boards and fleet lists, `notification:created` into the bell's alerts.
 */
export function subscribeDispatchLive(): () => void {
  const offs = [
    onLive('trip:created', ({ trip }) => mergeTripIntoBoards(trip)),
    onLive('trip:updated', ({ trip }) => mergeTripIntoBoards(trip)),
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
