import { addDays, daysBetween, describeTripWindow, formatDay } from '@contracts/fleet-rules';
import type { DispatchBoardDto, DriverDto } from '@contracts/fleet-wire';
import { parseTripTime } from '@contracts/trip-rules';
import type { BusAssignment, TripDto } from '@contracts/trip-wire';
import { statusColor, tripTitle } from '../trips/trip-view';
import { byFleetName } from '../fleet/fleet.api';

/** How the board lays out a week (issue 15 item 4): one row per bus (or driver), days across, a bar per trip. */
export type BoardMode = 'bus' | 'driver';

export interface BoardBar {
  key: string;
  trip: TripDto;
  /** Where the bar starts and how wide it is, in percent of the window. */
  left: number;
  width: number;
  /** Bars of one row that overlap (a clash) are stacked: 0 is the top lane. */
  lane: number;
  /** A Mantine colour name: the status colour (spec §4, as the calendar shows it), red for a clash. */
  color: string;
  clash: boolean;
  /** "Science Discovery Centre, Wed 2 Dec 09:15 AM–02:00 PM, Confirmed" (for the bar's accessible name). */
  label: string;
}

export interface BoardRow {
  key: string;
  /** The fleet bus or driver id; null for the row of hired vehicles, or a trip manager's company row. */
  id: number | null;
  label: string;
  detail: string;
  /** A driver's licence that expires within 30 days, or has expired. */
  warning: string | null;
  bars: BoardBar[];
  lanes: number;
}

export const HIRED_ROW = 'Hired vehicles';
export const NO_DRIVER_ROW = 'Other drivers';

export function boardDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

const minutesFrom = (from: string, date: string, time: string) => daysBetween(from, date) * 1440 + (parseTripTime(time) ?? 0);

/**
 * Each day column shows the school day, 06:00 to 20:00 (school trips run in daylight), so a day trip is wide
 * enough to read; a time before or after that sits at the column's edge, and a trip over several days spans them.
 */
export const DAY_START = 6 * 60;
export const DAY_END = 20 * 60;

/** Where an instant falls on the board, in days from the window's first midnight (2.5: the middle of the third day's column). */
function boardPosition(from: string, date: string, time: string): number {
  const day = daysBetween(from, date);
  const minutes = parseTripTime(time) ?? 0;
  return day + Math.min(1, Math.max(0, (minutes - DAY_START) / (DAY_END - DAY_START)));
}

/** The left edge and width of a trip in a window of days, in percent (clamped to the window, never thinner than 0.8%). */
export function barGeometry(from: string, to: string, trip: TripDto): { left: number; width: number } {
  const days = daysBetween(from, to) + 1;
  const start = Math.max(0, boardPosition(from, trip.departureDate, trip.departureTime));
  const end = Math.min(days, boardPosition(from, trip.returnDate, trip.returnTime));
  return { left: (start / days) * 100, width: Math.max(0.8, ((end - start) / days) * 100) };
}

export function licenceWarning(driver: Pick<DriverDto, 'licenceStatus' | 'licenceExpiry'>): string | null {
  if (driver.licenceStatus === 'expired') return `Licence expired ${formatDay(driver.licenceExpiry, true)}`;
  if (driver.licenceStatus === 'expiresSoon') return `Licence expires ${formatDay(driver.licenceExpiry, true)}`;
  return null;
}

export function barLabel(trip: TripDto): string {
  const clash = trip.clashes.length > 0 ? ', clash' : '';
  return `${tripTitle(trip)}, ${describeTripWindow(trip)}, ${trip.status}${clash}`;
}

function toBars(board: Pick<DispatchBoardDto, 'from' | 'to'>, trips: TripDto[], rowKey: string): { bars: BoardBar[]; lanes: number } {
  const laneEnds: number[] = [];
  const bars = trips.map((trip) => {
    const { left, width } = barGeometry(board.from, board.to, trip);
    let lane = laneEnds.findIndex((end) => end <= left + 1e-9);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = left + width;
    const clash = trip.clashes.length > 0;
    return {
      key: `${rowKey}:${trip.id}`,
      trip,
      left,
      width,
      lane,
      color: clash ? 'red' : statusColor(trip.status, 'calendar'),
      clash,
      label: barLabel(trip),
    };
  });
  return { bars, lanes: Math.max(1, laneEnds.length) };
}

const startOf = (t: TripDto) => minutesFrom('2000-01-01', t.departureDate, t.departureTime);

/**
 * The rows of a board: one per bus of the company (or driver, in the driver view), in the board's order, then a
 * row for the trips' hired vehicles (or drivers typed in) when there are any. A trip manager's board has no fleet:
 * one row per bus company. A trip with two buses shows in both rows.
 */
export function layoutBoard(board: DispatchBoardDto, mode: BoardMode): BoardRow[] {
  const trips = [...board.trips].sort((a, b) => startOf(a) - startOf(b));
  const rows: BoardRow[] = [];
  const add = (key: string, id: number | null, label: string, detail: string, warning: string | null, list: TripDto[]) =>
    rows.push({ key, id, label, detail, warning, ...toBars(board, list, key) });
  const onTrip = (pick: (b: BusAssignment) => boolean) => trips.filter((t) => t.buses.some(pick));

  if (!board.company) {
    const names = [...new Set(trips.map((t) => t.busCompanyName ?? 'No company'))].sort();
    for (const name of names) {
      add(
        `company:${name}`,
        null,
        name,
        '',
        null,
        trips.filter((t) => (t.busCompanyName ?? 'No company') === name),
      );
    }
    return rows;
  }
  if (mode === 'bus') {
    for (const bus of [...board.buses].sort(byFleetName)) {
      const detail = `${bus.busType} · ${bus.seats} seats${bus.active ? '' : ' · inactive'}`;
      add(
        `bus:${bus.id}`,
        bus.id,
        bus.name,
        detail,
        null,
        onTrip((b) => b.busId === bus.id),
      );
    }
    const known = new Set(board.buses.map((b) => b.id));
    const hired = onTrip((b) => b.busId == null || !known.has(b.busId));
    if (hired.length) add('bus:hired', null, HIRED_ROW, 'Not in the fleet', null, hired);
  } else {
    for (const driver of [...board.drivers].sort(byFleetName)) {
      const detail = `${driver.mobile}${driver.active ? '' : ' · inactive'}`;
      add(
        `driver:${driver.id}`,
        driver.id,
        driver.name,
        detail,
        licenceWarning(driver),
        onTrip((b) => b.driverId === driver.id),
      );
    }
    const known = new Set(board.drivers.map((d) => d.id));
    const others = onTrip((b) => b.driverId == null || !known.has(b.driverId));
    if (others.length) add('driver:other', null, NO_DRIVER_ROW, 'Not in the fleet', null, others);
  }
  return rows;
}

/** The phone's list: the trips on the board that run on `day` (departing, returning or in between), by departure. */
export function tripsOnDay(board: Pick<DispatchBoardDto, 'trips'>, day: string): TripDto[] {
  return board.trips.filter((t) => t.departureDate <= day && t.returnDate >= day).sort((a, b) => startOf(a) - startOf(b));
}

/** The fleet names on a trip's assignments: "Bus 3 (Omar Haddad), hired White Bus". */
export function assignmentText(trip: TripDto): string {
  return trip.buses
    .map((b) => {
      const bus = b.busName?.trim() || (b.busId == null ? `hired ${b.busType}` : b.busType);
      return b.driverName ? `${bus} (${b.driverName})` : bus;
    })
    .join(', ');
}

/** How long until a waiting trip leaves, from `now`: "Departs in 2 days", "Departs in 5 h", "Departs in 20 min", "Departed". */
export function untilDeparture(trip: Pick<TripDto, 'departureDate' | 'departureTime'>, now: Date = new Date()): string {
  const minutes = parseTripTime(trip.departureTime) ?? 0;
  const [y, m, d] = trip.departureDate.split('-').map(Number);
  const leaves = new Date(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  const diff = Math.floor((leaves.getTime() - now.getTime()) / 60_000);
  if (diff < 0) return 'Departed';
  if (diff < 60) return `Departs in ${diff} min`;
  if (diff < 1440) return `Departs in ${Math.floor(diff / 60)} h`;
  const days = Math.floor(diff / 1440);
  return `Departs in ${days} day${days === 1 ? '' : 's'}`;
}
