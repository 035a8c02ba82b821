import { formatDay } from '@contracts/fleet-rules';
import { FLEET_ROLES } from '@contracts/fleet-rules';
import { type LateKind, LATE_LABELS, PROGRESS_STEPS, type ProgressStep, RUNNING_STATUSES, STEP_LABELS } from '@contracts/progress-rules';
import type { BusProgressDto, ProgressStepDto } from '@contracts/progress-wire';
import type { Role } from '@contracts/roles';
import type { BusAssignment, TripDto } from '@contracts/trip-wire';
import dayjs from 'dayjs';

/**
 * How the board, a trip's timeline and its history put a bus's day of travel into words (docs/domain.md, "The day of
 * travel"). The step names and late rules are the server's (contracts/progress-rules.ts); this only reads them.
 */

/** Where a bus is in its day, as one colour: waiting, on its way to the pickup, with the passengers, back, or late. */
export type ProgressPhase = 'waiting' | 'onTheWay' | 'travelling' | 'returned' | 'late';

const PHASE_OF_STEP: Readonly<Record<ProgressStep, ProgressPhase>> = {
  acknowledged: 'waiting',
  leftDepot: 'onTheWay',
  atPickup: 'onTheWay',
  departed: 'travelling',
  arrived: 'travelling',
  leftDestination: 'travelling',
  returned: 'returned',
};

/** One Mantine colour per phase, each unlike the others; late is red whatever the step. */
export const PHASE_COLORS: Readonly<Record<ProgressPhase, string>> = {
  waiting: 'gray',
  onTheWay: 'blue',
  travelling: 'teal',
  returned: 'dark',
  late: 'red',
};

/** The Today view's second legend, in the order a bus moves through the phases. */
export const PHASE_LEGEND: readonly { phase: ProgressPhase; label: string }[] = [
  { phase: 'waiting', label: 'Not started or acknowledged' },
  { phase: 'onTheWay', label: 'On the way to pickup' },
  { phase: 'travelling', label: 'With passengers' },
  { phase: 'returned', label: 'Returned' },
  { phase: 'late', label: 'Late' },
];

/** The phase a step starts (a step's bullet in the trip's timeline). */
export const stepPhase = (step: ProgressStep): ProgressPhase => PHASE_OF_STEP[step];

export const phaseOf = (p: Pick<BusProgressDto, 'current' | 'late'>): ProgressPhase =>
  p.late ? 'late' : p.current ? PHASE_OF_STEP[p.current] : 'waiting';

/** What a bus is doing, in a word or two: "Late departure", "At pickup", "Not started". */
export const progressState = (p: Pick<BusProgressDto, 'current' | 'late'>): string =>
  p.late ? LATE_LABELS[p.late] : p.current ? STEP_LABELS[p.current] : 'Not started';

/** The latest recording of `step` that still counts (not undone). */
export const stepOf = (p: Pick<BusProgressDto, 'steps'>, step: ProgressStep): ProgressStepDto | undefined =>
  p.steps.findLast((s) => s.step === step && s.undoneAt === null);

/** Between the first departure and the return: what the week view calls "In progress". */
export const underway = (p: Pick<BusProgressDto, 'current'>): boolean =>
  p.current !== null && p.current !== 'acknowledged' && p.current !== 'returned';

/**
 * Whether a bar says where its bus is: once its driver recorded something or it is late, and from the trip's first day
 * while the trip runs (Confirmed, or a cancel asked for): "Not started" on a trip next week would say nothing.
 */
export const showsProgress = (trip: Pick<TripDto, 'status' | 'departureDate'>, p: BusProgressDto, today: string): boolean =>
  p.current !== null || p.late !== null || (RUNNING_STATUSES.includes(trip.status) && trip.departureDate <= today);

const at = (iso: string) => dayjs(iso);

/** A step's device time as the board's card writes it: `09:22 AM`, with the day when not the trip's (`Tue 4 Mar 07:02 PM`). */
export function stepWhen(iso: string, tripDay: string): string {
  const day = at(iso).format('YYYY-MM-DD');
  const time = at(iso).format('hh:mm A');
  return day === tripDay ? time : `${formatDay(day)} ${time}`;
}

/** A step's device time as the trip's timeline writes it: `08:04 AM`, as the planned times beside it, with the day when not the trip's. */
export function stepClock(iso: string, tripDay: string): string {
  const day = at(iso).format('YYYY-MM-DD');
  const time = at(iso).format('hh:mm A');
  return day === tripDay ? time : `${formatDay(day)} ${time}`;
}

/**
 * Planned against actual, for the board's card and the bar's accessible name: "Planned 09:15 AM", "Departed 09:22 AM",
 * the last step and, once the bus heads back, the planned return beside it.
 */
export function plannedVsActual(trip: Pick<TripDto, 'departureDate' | 'departureTime' | 'returnTime'>, p: BusProgressDto): string[] {
  const parts = [`Planned ${trip.departureTime}`];
  const departed = stepOf(p, 'departed');
  if (departed) parts.push(`Departed ${stepWhen(departed.at, trip.departureDate)}`);
  const heading = p.late === 'return' || p.current === 'leftDestination' || p.current === 'returned';
  if (departed && heading) parts.push(`Planned return ${trip.returnTime}`);
  const last = p.current && p.current !== 'departed' ? stepOf(p, p.current) : undefined;
  if (p.current && last) parts.push(`${STEP_LABELS[p.current]} ${stepWhen(last.at, trip.departureDate)}`);
  return parts;
}

/** "Bus 7 · DXB 41212 · Omar Haddad"; a hired bus is named by its driver alone. */
export function busHeading(p: Pick<BusProgressDto, 'busName' | 'busPlate' | 'driverName'>): string {
  return [p.busName?.trim(), p.busPlate?.trim(), p.driverName].filter(Boolean).join(' · ');
}

/** " with 38 passengers" for a departure that counted them; nothing for any other step. */
export const passengersWords = (s: Pick<ProgressStepDto, 'step' | 'passengers'>): string =>
  s.step === 'departed' && s.passengers !== null ? ` with ${s.passengers} passenger${s.passengers === 1 ? '' : 's'}` : '';

/** A step as the history words it: "Departed with 38 passengers", "Arrived". */
export const stepWords = (s: Pick<ProgressStepDto, 'step' | 'passengers'>): string => `${STEP_LABELS[s.step]}${passengersWords(s)}`;

const advance = (p: BusProgressDto) => (p.current ? PROGRESS_STEPS.indexOf(p.current) : -1);

/**
 * The progress a board row shows of a trip: the buses of the trip that row holds (`onRow` picks its assignments),
 * matched by bus, else by the bus's driver. A row holding several of the trip's buses (a trip manager's company row)
 * shows a late one first, else the one furthest behind: the trip is as far along as its slowest bus.
 */
export function rowProgress(trip: TripDto, onRow: (b: BusAssignment) => boolean): BusProgressDto | null {
  const entries = trip.progress ?? [];
  if (entries.length === 0) return null;
  const held = trip.buses.filter(onRow);
  const found = entries.filter((p) =>
    held.some((b) => (p.busId !== null && b.busId === p.busId) || (b.driverId != null && b.driverId === p.driverId)),
  );
  if (found.length === 0) return null;
  return found.find((p) => p.late !== null) ?? found.reduce((slowest, p) => (advance(p) < advance(slowest) ? p : slowest));
}

/** What a row or a list says of the trip's buses that `onRow` picks: their progress once it has something to show. */
export function shownProgress(trip: TripDto, onRow: (b: BusAssignment) => boolean, today: string): BusProgressDto | null {
  const found = rowProgress(trip, onRow);
  return found && showsProgress(trip, found, today) ? found : null;
}

/**
 * A trip's progress as this role reads it. A driver yet to acknowledge is their company's business, not a late bus
 * (docs/domain.md, "Notifications"): its alert goes to the company's dispatchers and the tenant's admins only, so only
 * they read "Not acknowledged" (in orange, as the board's "No ack"); to everyone else such a bus is simply not late.
 */
export function progressAsSeenBy(trip: TripDto, role: Role | undefined): TripDto {
  const progress = trip.progress ?? [];
  // the alert's audience: those who keep the fleet (docs/domain.md, "Fleet")
  const keepsFleet = role !== undefined && (FLEET_ROLES as readonly Role[]).includes(role);
  if (keepsFleet || !progress.some((p) => p.late === 'acknowledge')) return trip;
  return { ...trip, progress: progress.map((p) => (p.late === 'acknowledge' ? { ...p, late: null } : p)) };
}

/** A late bus's colour, as a Mantine colour name: red, but orange for a driver yet to acknowledge (hours away, not late). */
export const lateColor = (late: LateKind): 'orange' | 'red' => (late === 'acknowledge' ? 'orange' : 'red');
