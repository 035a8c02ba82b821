import { addDays, holdsFleet, localDate, weekStart } from '@contracts/fleet-rules';
import type { BusDto, DispatchBoardDto, DriverDto } from '@contracts/fleet-wire';
import { parseTripTime } from '@contracts/trip-rules';
import type { TripDto } from '@contracts/trip-wire';
import { byFleetName } from '../fleet/fleet.api';

/**
 * Keeping a cached board (GET /dispatch/board) current from live events, without a refetch: the same rules the
 * server's query applies (server/src/fleet/dispatch.service.ts), stated for one trip or one fleet row at a time.
 */

/** The board's week for a day: Monday to Sunday. */
export function weekOf(date: string = localDate()): { from: string; to: string } {
  const from = weekStart(date);
  return { from, to: addDays(from, 6) };
}

const departureKey = (t: TripDto) => `${t.departureDate} ${String(parseTripTime(t.departureTime) ?? 0).padStart(4, '0')} ${t.id}`;
const byDeparture = (a: TripDto, b: TripDto) => (departureKey(a) < departureKey(b) ? -1 : departureKey(a) > departureKey(b) ? 1 : 0);

/** A bar: a trip of the company inside the window that has buses and holds them, or has completed. */
export function isBar(board: Pick<DispatchBoardDto, 'from' | 'to' | 'company'>, trip: TripDto): boolean {
  if (trip.deleted || trip.buses.length === 0) return false;
  if (board.company && trip.busCompanyOrgId !== board.company.id) return false;
  if (!(holdsFleet(trip) || trip.status === 'Completed')) return false;
  return trip.departureDate <= board.to && trip.returnDate >= board.from;
}

/** The waiting lane: an accepted trip of the company with no bus that has not ended. */
export function isWaiting(board: Pick<DispatchBoardDto, 'today' | 'company'>, trip: TripDto): boolean {
  if (trip.deleted || trip.status !== 'Accepted' || trip.buses.length > 0) return false;
  if (board.company && trip.busCompanyOrgId !== board.company.id) return false;
  return trip.returnDate >= board.today;
}

function place(list: readonly TripDto[], trip: TripDto, belongs: boolean): TripDto[] {
  const rest = list.filter((t) => t.id !== trip.id);
  return belongs ? [...rest, trip].sort(byDeparture) : rest;
}

/**
 * A pushed or answered trip, merged into a board: it becomes a bar, joins the lane, or leaves both. A copy the
 * board already holds at the same or a newer version wins (DESIGN §6: stale records are skipped). Returns the
 * same object when nothing changed.
 */
export function mergeBoardTrip(board: DispatchBoardDto, trip: TripDto): DispatchBoardDto {
  const held = board.trips.find((t) => t.id === trip.id) ?? board.needsBus.find((t) => t.id === trip.id);
  if (held && held.version >= trip.version) return board;
  const bar = isBar(board, trip);
  const waiting = isWaiting(board, trip);
  if (!held && !bar && !waiting) return board;
  return { ...board, trips: place(board.trips, trip, bar), needsBus: place(board.needsBus, trip, waiting) };
}

/** A deleted trip leaves the board. */
export function dropBoardTrip(board: DispatchBoardDto, tripId: number): DispatchBoardDto {
  if (!board.trips.some((t) => t.id === tripId) && !board.needsBus.some((t) => t.id === tripId)) return board;
  return { ...board, trips: board.trips.filter((t) => t.id !== tripId), needsBus: board.needsBus.filter((t) => t.id !== tripId) };
}

function mergeRow<T extends BusDto | DriverDto>(rows: readonly T[], row: T, onBars: boolean): T[] | null {
  const index = rows.findIndex((r) => r.id === row.id);
  if (index !== -1 && rows[index].version >= row.version) return null;
  const rest = rows.filter((r) => r.id !== row.id);
  // the server's rule: active rows, and inactive ones that carry a trip shown
  return row.active || onBars ? [...rest, row].sort(byFleetName) : index === -1 ? null : rest;
}

/** A `fleet:updated` bus or driver, merged into the board of its company (others are left alone). */
export function mergeBoardFleet(board: DispatchBoardDto, row: { bus: BusDto } | { driver: DriverDto }): DispatchBoardDto {
  if ('bus' in row) {
    const bus = row.bus;
    if (board.company?.id !== bus.companyId) return board;
    const buses = mergeRow(
      board.buses,
      bus,
      board.trips.some((t) => t.buses.some((b) => b.busId === bus.id)),
    );
    return buses ? { ...board, buses } : board;
  }
  const driver = row.driver;
  if (board.company?.id !== driver.companyId) return board;
  const drivers = mergeRow(
    board.drivers,
    driver,
    board.trips.some((t) => t.buses.some((b) => b.driverId === driver.id)),
  );
  return drivers ? { ...board, drivers } : board;
}
