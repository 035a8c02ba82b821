import type { BusDto, DispatchBoardDto, DriverDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { useCallback, useState } from 'react';
import { errorText, serverMessage } from '../../api/http';
import { updateQueries } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../shared/toast';
import { canTrip } from '../trips/trip-actions';
import { tripTitle } from '../trips/trip-view';
import { useTripWorkflow } from '../trips/trip-workflow';
import { conflictOf, mergeTrip, tripsApi } from '../trips/trips.api';
import { replaceBoardTrip } from './board-data';
import { type BoardMode, movedBuses } from './board-layout';
import { mergeTripIntoBoards } from './dispatch.live';

/** Opens a trip the board shows: its details, or Assign Bus for a waiting trip the user may assign. */
export function useOpenTrip() {
  const { actor, openDetails, press } = useTripWorkflow();
  return {
    canAssign: (trip: TripDto) => actor !== null && canTrip(actor, trip, 'assignBuses'),
    details: (trip: TripDto) => {
      // the details modal reads the cached trip list; a trip older than its first page joins it here
      mergeTrip(trip);
      openDetails(trip.id);
    },
    assign: (trip: TripDto, busId?: number) => {
      mergeTrip(trip);
      press(trip, 'assignBuses', { busId });
    },
  };
}

export type MoveTarget = BusDto | DriverDto;

/** A refused move, as the board shows it until dismissed. */
export interface MoveRefusal {
  tripId: number;
  message: string;
}

/**
 * Moves a bar to another bus (or driver) with one PATCH of the trip's buses, the version the user saw included. The
 * bar moves at once; when the server refuses (a clash, too few seats, an expired licence, a stale version) it goes
 * back and the server's words show.
 */
export function useMoveTrip(mode: BoardMode) {
  const [refusal, setRefusal] = useState<MoveRefusal | null>(null);
  const move = useCallback(
    async (trip: TripDto, fromId: number, target: MoveTarget) => {
      const buses = movedBuses(trip, mode, fromId, target);
      if (!buses) return;
      const moved: TripDto = { ...trip, buses };
      const title = tripTitle(trip);
      setRefusal(null);
      updateQueries<DispatchBoardDto>(queryKeys.board, (board) => replaceBoardTrip(board, moved));
      try {
        const updated = await tripsApi.update(trip.id, { buses, version: trip.version });
        mergeTrip(updated);
        mergeTripIntoBoards(updated);
        toast.success(`${title} moved to ${target.name}.`);
      } catch (e) {
        // back where it was, unless a newer copy of the trip arrived meanwhile
        updateQueries<DispatchBoardDto>(queryKeys.board, (board) => replaceBoardTrip(board, trip, moved));
        const conflict = conflictOf(e);
        if (conflict) {
          mergeTrip(conflict.trip);
          mergeTripIntoBoards(conflict.trip);
        }
        const reason = conflict?.message ?? serverMessage(e) ?? errorText(e);
        setRefusal({ tripId: trip.id, message: `Could not move ${title} to ${target.name}. ${reason}` });
      }
    },
    [mode],
  );
  return { move, refusal, dismiss: () => setRefusal(null) };
}
