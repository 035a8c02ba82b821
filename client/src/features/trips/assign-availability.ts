import {
  addDays,
  BOARD_MAX_DAYS,
  describeTripWindow,
  holdsFleet,
  licenceProblem,
  type TripTimes,
  tripWindow,
  windowsOverlap,
} from '@contracts/fleet-rules';
import type { BusDto, DispatchBoardDto, DriverDto } from '@contracts/fleet-wire';
import type { TripDto } from '@contracts/trip-wire';
import { useMemo } from 'react';
import { useBoard } from '../dispatch/dispatch.api';

/**
 * Which fleet buses and drivers a trip may take: free (no other trip holds them at an overlapping time), busy (and
 * with which trip), or not allowed (a driver whose licence ends before the trip returns). The server refuses the
 * same clashes and licences on save; these marks let the dispatcher see them first.
 */
export type Availability = { kind: 'free' } | { kind: 'busy'; trip: TripDto } | { kind: 'notAllowed'; reason: string };

type AssignedTrip = TripTimes & Pick<TripDto, 'id'>;

/** Fleet names in the order people read them: Bus 7, Bus 9, Bus 12. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
export const byNaturalName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name);

/** The other trip that holds this bus or driver while `trip` runs, if any. */
export function holderOf(resource: 'bus' | 'driver', id: number, trip: AssignedTrip, others: readonly TripDto[]): TripDto | undefined {
  const window = tripWindow(trip);
  return others.find(
    (other) =>
      other.id !== trip.id &&
      holdsFleet(other) &&
      other.buses.some((b) => (resource === 'bus' ? b.busId : b.driverId) === id) &&
      windowsOverlap(window, tripWindow(other)),
  );
}

export function busAvailability(bus: BusDto, trip: AssignedTrip, others: readonly TripDto[]): Availability {
  const holder = holderOf('bus', bus.id, trip, others);
  return holder ? { kind: 'busy', trip: holder } : { kind: 'free' };
}

export function driverAvailability(driver: DriverDto, trip: AssignedTrip, others: readonly TripDto[]): Availability {
  if (licenceProblem(driver, trip)) return { kind: 'notAllowed', reason: 'licence invalid for this trip' };
  const holder = holderOf('driver', driver.id, trip, others);
  return holder ? { kind: 'busy', trip: holder } : { kind: 'free' };
}

/** "free", "busy 08:00 AM–02:00 PM, Aquarium of the Gulf" (with the days when it is not a one-day trip), "licence invalid for this trip". */
export function availabilityText(availability: Availability): string {
  switch (availability.kind) {
    case 'free':
      return 'free';
    case 'notAllowed':
      return availability.reason;
    case 'busy': {
      const t = availability.trip;
      const when = t.departureDate === t.returnDate ? `${t.departureTime}–${t.returnTime}` : describeTripWindow(t);
      return `busy ${when}, ${t.destination}`;
    }
  }
}

/**
 * The bus to propose: the one the dispatcher started from when it is active and free, else the smallest free active
 * bus that seats everyone (by name among equal sizes); null when none does.
 */
export function suggestBus(
  buses: readonly BusDto[],
  trip: AssignedTrip & Pick<TripDto, 'students' | 'staff'>,
  others: readonly TripDto[],
  preferredId?: number | null,
): BusDto | null {
  const free = buses.filter((b) => b.active && busAvailability(b, trip, others).kind === 'free');
  const preferred = free.find((b) => b.id === preferredId);
  if (preferred) return preferred;
  const passengers = (trip.students ?? 0) + (trip.staff ?? 0);
  const fits = free.filter((b) => b.seats >= passengers).sort((a, b) => a.seats - b.seats || byNaturalName(a, b));
  return fits[0] ?? null;
}

/** The driver to propose: the first free active driver (by name) whose licence is valid through the return date. */
export function suggestDriver(drivers: readonly DriverDto[], trip: AssignedTrip, others: readonly TripDto[]): DriverDto | null {
  return [...drivers].sort(byNaturalName).find((d) => d.active && driverAvailability(d, trip, others).kind === 'free') ?? null;
}

/**
 * The waiting trips a bus could take without a clash: a bus row's "+" on the board offers only these. `boardTrips`
 * are the trips that may hold the bus (the board's bars and waiting lane).
 */
export function tripsFreeForBus(busId: number, waiting: readonly TripDto[], boardTrips: readonly TripDto[]): TripDto[] {
  return waiting.filter((trip) => !holderOf('bus', busId, trip, boardTrips));
}

/** Every trip of a board that may hold a bus or driver: the bars and the waiting lane, once each. */
export function boardTripsOf(board: DispatchBoardDto | undefined): TripDto[] {
  if (!board) return [];
  const seen = new Set<number>();
  return [...board.trips, ...board.needsBus].filter((t) => !seen.has(t.id) && seen.add(t.id));
}

/**
 * The company's trips around `trip`'s dates, from the dispatch board (the same cache entry the board and its live
 * updates use). `ready` once they are known, `settled` once
 * answered either way: a board that fails to load leaves nothing proposed.
 */
export function useTripsAround(trip: Pick<TripDto, 'departureDate' | 'returnDate' | 'busCompanyOrgId'>, enabled: boolean) {
  const from = trip.departureDate;
  // the board answers at most BOARD_MAX_DAYS days; a longer trip is seen over its first ones
  const longest = addDays(from, BOARD_MAX_DAYS - 1);
  const to = trip.returnDate > longest ? longest : trip.returnDate < from ? from : trip.returnDate;
  const params = { from, to, companyId: trip.busCompanyOrgId };
  const { data, error } = useBoard(params, { enabled: enabled && trip.busCompanyOrgId !== null });
  const trips = useMemo(() => boardTripsOf(data), [data]);
  return { trips, ready: data !== undefined, settled: data !== undefined || error !== undefined };
}
