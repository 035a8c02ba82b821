import { addDays, busIdentity, daysBetween, describeTripWindow, formatDay, localDate } from '@contracts/fleet-rules';
import type { BusDto, DispatchBoardDto, DriverDto } from '@contracts/fleet-wire';
import { parseTripTime } from '@contracts/trip-form-rules';
import type { BusAssignment, TripDto } from '@contracts/trip-wire';
import type { BusProgressDto } from '@contracts/progress-wire';
import { statusColor, tripTitle } from '../trips/trip-view';
import { byFleetName } from '../fleet/fleet.api';
import { PHASE_COLORS, phaseOf, plannedVsActual, progressState, shownProgress } from './progress-view';

/** How the board lays out a week or a day: one row per bus (or driver), days (or hours) across, a bar per trip. */
export type BoardMode = 'bus' | 'driver';

export interface BoardBar {
  key: string;
  trip: TripDto;
  /** Where the bar starts and how wide it is, in percent of the window. */
  left: number;
  width: number;
  /** Bars of one row that overlap (a clash) are stacked: 0 is the top lane. */
  lane: number;
  /**
   * A Mantine colour name: the colour of the trip's status (barColor), red for a clash; in the Today view, the phase
   * of its bus's day (PHASE_COLORS) once the bus has something to say.
   */
  color: string;
  clash: boolean;
  /**
   * "Science Discovery Centre, Wed 2 Dec 09:15 AM–02:00 PM, Al Noor School, 45 passengers, Confirmed" (its accessible
   * name), then where its bus is: "Late departure, Planned 09:15 AM, At pickup 09:05 AM".
   */
  label: string;
  /** The day of travel of the row's bus (or driver) on this trip, when the bar shows it (showsProgress). */
  progress: BusProgressDto | null;
}

export interface BoardRow {
  key: string;
  /** The fleet bus or driver id; null for the row of hired vehicles, or a trip manager's company row. */
  id: number | null;
  label: string;
  detail: string;
  /** A driver's licence that expires within 30 days, or has expired. */
  warning: string | null;
  /** A driver row's NO_ACCOUNT; null otherwise. */
  note: string | null;
  bars: BoardBar[];
  lanes: number;
}

export const HIRED_ROW = 'Hired vehicles';
export const NO_DRIVER_ROW = 'Other drivers';
/**
 * A driver row's line for a fleet driver who has not signed up (their invitation from the Fleet screen): with nothing to
 * tap with, their bus shows no steps and is never late (docs/domain.md, "The day of travel").
 */
export const NO_ACCOUNT = 'No account yet';

export function boardDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

const minutesFrom = (from: string, date: string, time: string) => daysBetween(from, date) * 1440 + (parseTripTime(time) ?? 0);

/** The school day (school trips run in daylight): the Today view shows at least these hours. */
export const DAY_START = 6 * 60;
export const DAY_END = 20 * 60;

/**
 * The left edge and width of a trip in a window of days, in percent: the week view gives a trip the whole of each day
 * it runs (clamped to the window), so a morning trip is as readable as a day out (its times are in its label, the
 * hours in the Today view); two trips of one bus on one day stack in two lanes.
 */
export function barGeometry(from: string, to: string, trip: TripDto): { left: number; width: number } {
  const days = daysBetween(from, to) + 1;
  const first = Math.min(days - 1, Math.max(0, daysBetween(from, trip.departureDate)));
  const last = Math.max(first, Math.min(days - 1, daysBetween(from, trip.returnDate)));
  return { left: (first / days) * 100, width: ((last - first + 1) / days) * 100 };
}

export function licenceWarning(driver: Pick<DriverDto, 'licenceStatus' | 'licenceExpiry'>): string | null {
  if (driver.licenceStatus === 'expired') return `Licence expired ${formatDay(driver.licenceExpiry, true)}`;
  if (driver.licenceStatus === 'expiresSoon') return `Licence expires ${formatDay(driver.licenceExpiry, true)}`;
  return null;
}

/** Students plus staff: the seats a trip needs. */
export const passengersOf = (trip: Pick<TripDto, 'students' | 'staff'>) => trip.students + (trip.staff ?? 0);

/** "Pending" reads as what it is on the board: a change the school asked for on a trip the company holds. */
export const statusText = (trip: Pick<TripDto, 'status' | 'editRequest'>) =>
  trip.status === 'Pending' && trip.editRequest ? 'Edit requested' : trip.status;

export function barLabel(trip: TripDto, progress: BusProgressDto | null = null): string {
  const clash = trip.clashes.length > 0 ? ', clash' : '';
  const bus = progress ? `, ${[progressState(progress), ...plannedVsActual(trip, progress)].join(', ')}` : '';
  return `${tripTitle(trip)}, ${describeTripWindow(trip)}, ${trip.schoolName}, ${passengersOf(trip)} passengers, ${statusText(trip)}${bus}${clash}`;
}

/**
 * A bar's colour, a Mantine colour name: red for a clash (on both trips, whatever their status), else one colour per
 * status a bar can have, each unlike the others: Accepted blue, Confirmed green (as the calendar shows them), an edit
 * request yellow (it is Pending), Cancel Requested grape, Completed grey.
 */
export function barColor(trip: Pick<TripDto, 'status' | 'editRequest' | 'clashes'>): string {
  if (trip.clashes.length > 0) return 'red';
  if (trip.status === 'Cancel Requested') return 'grape';
  if (trip.status === 'Completed') return 'gray';
  return statusColor(trip.status, 'calendar');
}

/** The legend of bar colours, in the order a trip moves through them. */
export const BAR_LEGEND: readonly { label: string; color: string }[] = [
  { label: 'Accepted', color: 'blue' },
  { label: 'Confirmed', color: 'green' },
  { label: 'Edit requested', color: 'yellow' },
  { label: 'Cancel Requested', color: 'grape' },
  { label: 'Completed', color: 'gray' },
  { label: 'Clash', color: 'red' },
];

/** `09:15 AM` → `09:15`: the board's times are 24-hour, short enough for a narrow bar. */
export function clock(time: string): string {
  const minutes = parseTripTime(time) ?? 0;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** What a clash means, with the other trip named when the board holds it: "Bus 2 clashes with Camel Racing Museum, Wed 5 Mar 10:00 AM–01:00 PM". */
export function clashText(trip: Pick<TripDto, 'clashes'>, known: readonly TripDto[] = []): string[] {
  return trip.clashes.map((c) => {
    const other = known.find((t) => t.id === c.tripId);
    return `${c.resourceName} clashes with ${other ? `${tripTitle(other)}, ${describeTripWindow(other)}` : `trip ${c.tripId}`}`;
  });
}

/** An Accepted trip with buses (kept through a change its company accepted): saved again, they confirm it. */
export const TO_CONFIRM = 'Buses to confirm';

/**
 * Why a trip waits in the "Needs a bus" lane: its clashes, its buses or drivers out of service, no bus at all, or its
 * buses to confirm.
 */
export function waitingReasons(trip: TripDto, known: readonly TripDto[] = []): string[] {
  const reasons = [...clashText(trip, known), ...(trip.outOfService ?? []).map((g) => `${g.resourceName} is out of service`)];
  if (reasons.length === 0 && trip.buses.length === 0) reasons.push('No bus yet');
  else if (reasons.length === 0 && trip.status === 'Accepted') reasons.push(TO_CONFIRM);
  return reasons;
}

type Geometry = (trip: TripDto) => { left: number; width: number };
type OnRow = (b: BusAssignment) => boolean;

/** The bar's colour: a clash stays red; the Today view colours a bar by its bus's phase once it has one to show. */
function colorOf(trip: TripDto, progress: BusProgressDto | null, day: boolean): string {
  if (trip.clashes.length > 0 || !progress || !day) return barColor(trip);
  return PHASE_COLORS[phaseOf(progress)];
}

/** What a row's bars need to say where their buses are: the row's assignments, the Today view or the week, and today. */
interface RowProgress {
  onRow: OnRow;
  day: boolean;
  today: string;
}

function toBars(
  geometry: Geometry,
  trips: TripDto[],
  rowKey: string,
  { onRow, day, today }: RowProgress,
): { bars: BoardBar[]; lanes: number } {
  const laneEnds: number[] = [];
  const bars = trips.map((trip) => {
    const { left, width } = geometry(trip);
    let lane = laneEnds.findIndex((end) => end <= left + 1e-9);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = left + width;
    const clash = trip.clashes.length > 0;
    const progress = shownProgress(trip, onRow, today);
    return {
      key: `${rowKey}:${trip.id}`,
      trip,
      left,
      width,
      lane,
      color: colorOf(trip, progress, day),
      clash,
      label: barLabel(trip, progress),
      progress,
    };
  });
  return { bars, lanes: Math.max(1, laneEnds.length) };
}

const startOf = (t: TripDto) => minutesFrom('2000-01-01', t.departureDate, t.departureTime);

/**
 * The rows of a board: one per bus of the company (or driver, in the driver view), in the board's order, then a
 * row for the trips' hired vehicles (or drivers typed in) when there are any. A trip manager's board has no fleet:
 * one row per bus company. A trip with two buses shows in both rows. With a day's window, only that day's trips, hours
 * across.
 */
export function layoutBoard(board: DispatchBoardDto, mode: BoardMode, window?: DayWindow): BoardRow[] {
  const trips = window ? tripsOnDay(board, window.day) : [...board.trips].sort((a, b) => startOf(a) - startOf(b));
  const geometry: Geometry = (trip) => (window ? dayGeometry(window, trip) : barGeometry(board.from, board.to, trip));
  const rows: BoardRow[] = [];
  // a row holds the trips with an assignment it picks (its bus, its driver), and shows the progress of those buses
  type Head = Pick<BoardRow, 'key' | 'id' | 'label' | 'detail'> & Partial<Pick<BoardRow, 'warning' | 'note'>>;
  const add = ({ warning = null, note = null, ...head }: Head, list: TripDto[], onRow: OnRow) =>
    rows.push({
      ...head,
      warning,
      note,
      ...toBars(geometry, list, head.key, { onRow, day: window !== undefined, today: board.today }),
    });
  const onTrip = (pick: OnRow) => trips.filter((t) => t.buses.some(pick));

  if (!board.company) {
    const names = [...new Set(trips.map((t) => t.busCompanyName ?? 'No company'))].sort();
    for (const name of names) {
      add(
        { key: `company:${name}`, id: null, label: name, detail: '' },
        trips.filter((t) => (t.busCompanyName ?? 'No company') === name),
        () => true,
      );
    }
    return rows;
  }
  if (mode === 'bus') {
    for (const bus of [...board.buses].sort(byFleetName)) {
      const detail = `${bus.busType} · ${bus.seats} seats${bus.active ? '' : ' · inactive'}`;
      const onRow: OnRow = (b) => b.busId === bus.id;
      add({ key: `bus:${bus.id}`, id: bus.id, label: bus.name, detail }, onTrip(onRow), onRow);
    }
    const known = new Set(board.buses.map((b) => b.id));
    const isHired: OnRow = (b) => b.busId == null || !known.has(b.busId);
    const hired = onTrip(isHired);
    if (hired.length) add({ key: 'bus:hired', id: null, label: HIRED_ROW, detail: 'Not in the fleet' }, hired, isHired);
  } else {
    for (const driver of [...board.drivers].sort(byFleetName)) {
      const head = {
        key: `driver:${driver.id}`,
        id: driver.id,
        label: driver.name,
        detail: `${driver.mobile}${driver.active ? '' : ' · inactive'}`,
        warning: licenceWarning(driver),
        note: driver.account ? null : NO_ACCOUNT,
      };
      const onRow: OnRow = (b) => b.driverId === driver.id;
      add(head, onTrip(onRow), onRow);
    }
    const known = new Set(board.drivers.map((d) => d.id));
    const isOther: OnRow = (b) => b.driverId == null || !known.has(b.driverId);
    const others = onTrip(isOther);
    if (others.length) add({ key: 'driver:other', id: null, label: NO_DRIVER_ROW, detail: 'Not in the fleet' }, others, isOther);
  }
  return rows;
}

/** One day of the board, hours across: from `start` to `end`, in minutes after the day's midnight. */
export interface DayWindow {
  day: string;
  start: number;
  end: number;
}

/** Where a trip starts and ends on `day`, in minutes after its midnight (0 and 1440 when it runs on from or into another day). */
function spanOnDay(trip: TripDto, day: string): { start: number; end: number } {
  const start = trip.departureDate < day ? 0 : (parseTripTime(trip.departureTime) ?? 0);
  const end = trip.returnDate > day ? 1440 : (parseTripTime(trip.returnTime) ?? 0);
  return { start, end: Math.max(start, end) };
}

/**
 * The hours a day shows: the school day (06:00–20:00) widened to whole hours so that no trip of the day is cut off,
 * from the earliest departure to the latest return (a trip running on from the day before starts at midnight).
 */
export function dayWindow(trips: readonly TripDto[], day: string): DayWindow {
  let start = DAY_START;
  let end = DAY_END;
  for (const trip of trips) {
    if (trip.departureDate > day || trip.returnDate < day) continue;
    const span = spanOnDay(trip, day);
    start = Math.min(start, span.start);
    end = Math.max(end, span.end);
  }
  return { day, start: Math.floor(start / 60) * 60, end: Math.min(1440, Math.ceil(end / 60) * 60) };
}

/** A trip's left edge and width in percent of a day's window (never thinner than 0.5%). */
export function dayGeometry(window: DayWindow, trip: TripDto): { left: number; width: number } {
  const length = window.end - window.start;
  const span = spanOnDay(trip, window.day);
  const left = ((Math.max(window.start, span.start) - window.start) / length) * 100;
  const right = ((Math.min(window.end, span.end) - window.start) / length) * 100;
  return { left, width: Math.max(0.5, right - left) };
}

/** The hour ticks of a day's window: each whole hour from its start to its end, with its place in percent. */
export function hourTicks(window: DayWindow): { hour: number; label: string; left: number }[] {
  const ticks = [];
  for (let m = window.start; m <= window.end; m += 60) {
    const hour = m / 60;
    ticks.push({ hour, label: `${String(hour).padStart(2, '0')}:00`, left: ((m - window.start) / (window.end - window.start)) * 100 });
  }
  return ticks;
}

/** Where "now" falls on a day's window, in percent; null on another day or outside the hours shown. */
export function nowPosition(window: DayWindow, now: Date): number | null {
  if (localDate(now) !== window.day) return null;
  const minutes = now.getHours() * 60 + now.getMinutes();
  if (minutes < window.start || minutes > window.end) return null;
  return ((minutes - window.start) / (window.end - window.start)) * 100;
}

/** The phone's list: the trips on the board that run on `day` (departing, returning or in between), by departure. */
export function tripsOnDay(board: Pick<DispatchBoardDto, 'trips'>, day: string): TripDto[] {
  return board.trips.filter((t) => t.departureDate <= day && t.returnDate >= day).sort((a, b) => startOf(a) - startOf(b));
}

/** The fleet names on a trip's assignments: "Bus 3 (Omar Haddad), hired White Bus". */
export function assignmentText(trip: TripDto): string {
  return trip.buses
    .map((b) => {
      const bus = b.busName?.trim() ? busIdentity(b) : b.busId == null ? `hired ${b.busType}` : b.busType;
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
  // a day or more ahead: in days of the calendar, as a dispatcher counts them (Saturday afternoon to Monday morning is
  // 2 days, though less than 48 hours)
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((new Date(y, m - 1, d).getTime() - today.getTime()) / 86_400_000);
  return `Departs in ${days} day${days === 1 ? '' : 's'}`;
}

/**
 * A trip's buses with one assignment moved to another fleet bus (or, in the driver view, to another driver), keeping
 * the rest of it (the driver, or the bus, and the price). `fromId` is the row the bar left. Null when the trip has no
 * assignment on that row or already has the target.
 */
export function movedBuses(
  trip: Pick<TripDto, 'buses'>,
  mode: BoardMode,
  fromId: number,
  target: Pick<BusDto, 'id' | 'name' | 'busType' | 'seats'> | Pick<DriverDto, 'id' | 'name' | 'mobile'>,
): BusAssignment[] | null {
  const key = mode === 'bus' ? 'busId' : 'driverId';
  const index = trip.buses.findIndex((b) => b[key] === fromId);
  if (index === -1 || trip.buses.some((b) => b[key] === target.id)) return null;
  return trip.buses.map((b, i) => {
    if (i !== index) return b;
    if (mode === 'driver') {
      const driver = target as Pick<DriverDto, 'id' | 'name' | 'mobile'>;
      return { ...b, driverId: driver.id, driverName: driver.name, driverPhone: driver.mobile };
    }
    const bus = target as Pick<BusDto, 'id' | 'name' | 'busType' | 'seats'>;
    // the plate is the server's to copy from the bus
    const { busPlate: _plate, ...rest } = b;
    return { ...rest, busId: bus.id, busName: bus.name, busType: bus.busType, busSeats: bus.seats };
  });
}
