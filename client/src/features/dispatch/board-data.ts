import { addDays, FLEET_HOLDING_STATUSES, holdsFleet, localDate, weekStart } from '@contracts/fleet-rules';
import type { BusDto, DispatchBoardDto, DriverDto } from '@contracts/fleet-wire';
import { parseTripTime } from '@contracts/trip-form-rules';
import type { TripDto, TripStatus } from '@contracts/trip-wire';
import { byFleetName } from '../fleet/fleet.api';
import { isNewerTrip } from '../../shared/trip-freshness';

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

/**
 * The waiting lane: a trip of the company that has not ended and is Accepted (with no bus, or with the buses it kept
 * through a change its company accepted, to be confirmed again), or holds a bus or driver that clashes with another
 * trip or has been taken out of service.
 */
export function isWaiting(board: Pick<DispatchBoardDto, 'today' | 'company'>, trip: TripDto): boolean {
  if (trip.deleted || trip.returnDate < board.today) return false;
  if (board.company && trip.busCompanyOrgId !== board.company.id) return false;
  if (trip.status === 'Accepted') return true;
  const holding = (FLEET_HOLDING_STATUSES as readonly TripStatus[]).includes(trip.status);
  return holding && (trip.needsBus || trip.clashes.length > 0 || (trip.outOfService ?? []).length > 0);
}

/**
 * The request lane: a Pending trip that has not ended and no company holds yet (a live event reaches a dispatcher only
 * for partner schools' trips), or an edit request or a cancellation request of the company's trip. Only a company's
 * board has one (a trip manager's board across companies answers none).
 */
export function isRequest(board: Pick<DispatchBoardDto, 'company' | 'today' | 'partnerSchoolIds'>, trip: TripDto): boolean {
  if (trip.deleted || !board.company || trip.returnDate < board.today) return false;
  if (trip.status === 'Cancel Requested') return trip.busCompanyOrgId === board.company.id;
  if (trip.status !== 'Pending') return false;
  // An admin hears of every school's requests; the lane takes only those of the company's partner schools.
  if (trip.editRequest) return trip.busCompanyOrgId === board.company.id;
  return trip.busCompanyOrgId === null && board.partnerSchoolIds.includes(trip.schoolOrgId);
}

/** Newest first: the request last made or changed on top. */
const byNewest = (a: TripDto, b: TripDto) => (a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1);

function place(
  list: readonly TripDto[],
  trip: TripDto,
  belongs: boolean,
  order: (a: TripDto, b: TripDto) => number = byDeparture,
): TripDto[] {
  const rest = list.filter((t) => t.id !== trip.id);
  return belongs ? [...rest, trip].sort(order) : rest;
}

const lanesOf = (board: DispatchBoardDto) => [board.trips, board.needsBus, board.requests ?? []];

/**
 * A pushed or answered trip, merged into a board: it becomes a bar, joins the lane, or leaves both. A copy the
 * board already holds at the same or a newer version wins (a stale record is skipped). Returns the
 * same object when nothing changed.
 */
export function mergeBoardTrip(board: DispatchBoardDto, trip: TripDto): DispatchBoardDto {
  const held = lanesOf(board)
    .flat()
    .find((t) => t.id === trip.id);
  if (held && !isNewerTrip(trip, held)) return board;
  const bar = isBar(board, trip);
  const waiting = isWaiting(board, trip);
  const request = isRequest(board, trip);
  if (!held && !bar && !waiting && !request) return board;
  return {
    ...board,
    trips: place(board.trips, trip, bar),
    needsBus: place(board.needsBus, trip, waiting),
    requests: place(board.requests ?? [], trip, request, byNewest),
  };
}

/** A deleted trip leaves the board. */
export function dropBoardTrip(board: DispatchBoardDto, tripId: number): DispatchBoardDto {
  if (!lanesOf(board).some((list) => list.some((t) => t.id === tripId))) return board;
  const without = (list: readonly TripDto[]) => list.filter((t) => t.id !== tripId);
  return { ...board, trips: without(board.trips), needsBus: without(board.needsBus), requests: without(board.requests ?? []) };
}

/**
 * A bar moved by this console before the server answers (dragged to another bus or driver): the trip as it would be,
 * at the same version, so the server's answer or a live event replaces it. With `only`, the swap happens only while
 * the board still holds that very copy (putting a refused move back must not undo a newer copy).
 */
export function replaceBoardTrip(board: DispatchBoardDto, trip: TripDto, only?: TripDto): DispatchBoardDto {
  const swap = (list: readonly TripDto[]) => list.map((t) => (t.id === trip.id && (!only || t === only) ? trip : t));
  if (!lanesOf(board).some((list) => list.some((t) => t.id === trip.id && (!only || t === only)))) return board;
  return { ...board, trips: swap(board.trips), needsBus: swap(board.needsBus), requests: swap(board.requests ?? []) };
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
