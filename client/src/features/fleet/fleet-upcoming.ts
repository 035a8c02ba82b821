import { addDays, BOARD_MAX_DAYS, holdsFleet, localDate, localDateTime, tripWindow } from '@contracts/fleet-rules';
import type { TripDto } from '@contracts/trip-wire';
import { useBoard } from '../dispatch/dispatch.api';
import { boardTripsOf } from '../trips/assign-availability';

export type FleetResource = { kind: 'bus'; id: number } | { kind: 'driver'; id: number };

/**
 * The trips that still count on a bus or driver: they hold it (accepted, confirmed, cancel requested or an edit
 * request) and have not ended yet. Deactivating it leaves each of them needing another bus, by departure.
 */
export function upcomingTripsOf(resource: FleetResource, trips: readonly TripDto[], now: string = localDateTime()): TripDto[] {
  const seen = new Set<number>();
  return trips
    .filter((t) => !seen.has(t.id) && seen.add(t.id))
    .filter(
      (t) =>
        holdsFleet(t) && tripWindow(t).end > now && t.buses.some((b) => (resource.kind === 'bus' ? b.busId : b.driverId) === resource.id),
    )
    .sort((a, b) => (tripWindow(a).start < tripWindow(b).start ? -1 : tripWindow(a).start > tripWindow(b).start ? 1 : 0));
}

/**
 * The company's trips from today over the longest window the board answers, read only while a deactivation is being
 * confirmed. `companyId` null is the dispatcher's own company.
 */
export function useUpcomingTrips(resource: FleetResource | null, companyId: number | null) {
  const from = localDate();
  const params = { from, to: addDays(from, BOARD_MAX_DAYS - 1), companyId };
  const board = useBoard(params, { enabled: resource !== null });
  return {
    trips: resource ? upcomingTripsOf(resource, boardTripsOf(board.data)) : [],
    loading: resource !== null && board.loading,
    failed: board.error !== undefined && board.data === undefined,
  };
}
