/**
 * The day of travel (docs/domain.md, "The day of travel"): the steps a bus's driver taps, the order they come in, the
 * undo window, the late rules and when a trip completes by itself. Plain TypeScript, no I/O: the server enforces
 * them, the driver's page and the board ask them.
 */
import { formatTimeOfDay } from './bookings';
import { addDays, formatDay } from './calendar';
import { normalizeTripTime, parseTripTime } from './trip-form-rules';
import { type LateKind, PROGRESS_STEPS, type ProgressStep } from './progress-wire';
import type { TripStatus } from './trip-wire';

// The step and late names travel on the wire (a trip's progress), so they live in progress-wire.ts, below the rules.
export { type LateKind, PROGRESS_STEPS, type ProgressStep } from './progress-wire';

/** What the board, the trip's timeline and the history call a step that happened. */
export const STEP_LABELS: Readonly<Record<ProgressStep, string>> = {
  acknowledged: 'Acknowledged',
  leftDepot: 'Left depot',
  atPickup: 'At pickup',
  departed: 'Departed',
  arrived: 'Arrived',
  leftDestination: 'Left destination',
  returned: 'Returned',
};

/** The driver's button for the step that comes next. */
export const STEP_ACTIONS: Readonly<Record<ProgressStep, string>> = {
  acknowledged: 'Acknowledge',
  leftDepot: 'Left depot',
  atPickup: 'At pickup',
  departed: 'Departed',
  arrived: 'Arrived',
  leftDestination: 'Left destination',
  returned: 'Returned',
};

/** A step can be taken back this long after the server received it (a mistaken tap). */
export const UNDO_WINDOW_SECONDS = 60;
/** A bus whose driver has not acknowledged the trip this many hours before departure is late to acknowledge. */
export const ACKNOWLEDGE_LEAD_HOURS = 12;
/** Minutes past a planned departure or return before a bus is late, unless LATE_MINUTES says otherwise. */
export const DEFAULT_LATE_MINUTES = 10;
/** The longest note a step may carry. */
export const STEP_NOTE_MAX = 500;
/** The most passengers a departure may count. */
export const MAX_DEPARTURE_COUNT = 999;
/**
 * How long before its planned departure a bus may record Departed. Earlier is a mistaken tap, not a trip: the steps
 * after it would follow, the last bus back would complete the trip and its invoice would be issued before it ran.
 * For the same reason Returned waits for the planned departure itself (a bus that left early is not back before the
 * trip was due to start).
 */
export const DEPART_EARLY_MINUTES = 60;

/** The statuses in which a trip runs: its buses take steps and may be late. A cancel request does not stop the buses. */
export const RUNNING_STATUSES: readonly TripStatus[] = ['Confirmed', 'Cancel Requested'];

export const LATE_LABELS: Readonly<Record<LateKind, string>> = {
  acknowledge: 'Not acknowledged',
  departure: 'Late departure',
  return: 'Late return',
};

/** Minutes since 1970 of a wall-clock date and time: `2026-12-02` + `09:15 AM`, or `2026-12-02T09:15`. */
function wallMinutes(date: string, time: string): number {
  const day = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 60_000;
  const hhmm = /^(\d{2}):(\d{2})$/.exec(time);
  return day + (hhmm ? Number(hhmm[1]) * 60 + Number(hhmm[2]) : (parseTripTime(time) ?? 0));
}

/** `2026-12-02T09:15` (calendar.ts `localDateTime`) as minutes since 1970, comparable with `wallMinutes`. */
const nowMinutes = (now: string) => wallMinutes(now.slice(0, 10), now.slice(11, 16));

/** The trip's planned window, as the rules need it (a TripDto fits). */
export interface PlannedTimes {
  departureDate: string;
  departureTime: string;
  returnDate: string;
  returnTime: string;
}

/** The step that comes after the steps recorded (not undone, in order); null once the bus has returned. */
export function stepAfter(done: readonly ProgressStep[]): ProgressStep | null {
  const last = done.at(-1);
  if (last === undefined) return 'acknowledged';
  return PROGRESS_STEPS[PROGRESS_STEPS.indexOf(last) + 1] ?? null;
}

/**
 * The driver's next button: the step after those recorded. Acknowledge comes first, days ahead or on the day itself
 * (a bus not acknowledged 12 hours before departure is late until it is). A driver may still start straight away with
 * Left depot (stepProblem allows it), which takes the trip on as well.
 */
export function nextStep(done: readonly ProgressStep[]): ProgressStep | null {
  return stepAfter(done);
}

export interface StepAttempt {
  /** The bus's steps recorded so far, not undone, in order. */
  done: readonly ProgressStep[];
  step: ProgressStep;
  /** The count a departure carries. */
  passengers?: number | null;
  trip: PlannedTimes & { status: TripStatus };
  /**
   * The school's wall-clock time now (`YYYY-MM-DDTHH:mm`): its date decides the day's steps, its hour Departed's and
   * Returned's (DEPART_EARLY_MINUTES).
   */
  now: string;
}

/** Why this step cannot be recorded now, in words a driver understands; null when it can. */
export function stepProblem({ done, step, passengers, trip, now }: StepAttempt): string | null {
  const today = now.slice(0, 10);
  if (!RUNNING_STATUSES.includes(trip.status)) {
    if (trip.status === 'Completed') return 'This trip is completed: nothing more to tap.';
    if (trip.status === 'Canceled') return 'This trip was canceled.';
    return `This trip is ${trip.status}: it is not running yet.`;
  }
  if (done.includes(step)) return `${STEP_LABELS[step]} is already recorded.`;
  if (step === 'acknowledged' && done.length > 0) return `${STEP_LABELS[done.at(-1)!]} is already recorded: no need to acknowledge.`;
  const last = done.at(-1);
  if (last !== undefined && PROGRESS_STEPS.indexOf(step) < PROGRESS_STEPS.indexOf(last)) {
    return `${STEP_LABELS[step]} comes before ${STEP_LABELS[last]}, which is already recorded.`;
  }
  if (step !== 'acknowledged' && today < trip.departureDate) {
    return `This trip runs on ${formatDay(trip.departureDate)}: tap ${STEP_ACTIONS[step]} on that day.`;
  }
  if (step !== 'acknowledged' && today > addDays(trip.returnDate, 1)) return `This trip ended on ${formatDay(trip.returnDate)}.`;
  // With nothing recorded, a driver may acknowledge or, on the day, start at once (the day was checked above).
  const after = stepAfter(done);
  if (step !== after && !(step === 'leftDepot' && done.length === 0)) {
    // On the day, a bus with nothing recorded is told the step that moves it (acknowledging is implied by it).
    const expected = done.length === 0 && today >= trip.departureDate ? 'leftDepot' : nextStep(done);
    return expected ? `Tap ${STEP_ACTIONS[expected]} first.` : 'This bus has already returned.';
  }
  const departure = wallMinutes(trip.departureDate, trip.departureTime);
  // Departed an hour early at most, and back not before the planned departure: the last bus back completes the trip.
  const from = step === 'departed' ? departure - DEPART_EARLY_MINUTES : step === 'returned' ? departure : null;
  if (from !== null && nowMinutes(now) < from) {
    return `This trip departs at ${normalizeTripTime(trip.departureTime)}: tap ${STEP_ACTIONS[step]} from ${formatTimeOfDay(from)}.`;
  }
  if (step === 'departed' && (passengers === null || passengers === undefined)) return 'Enter how many passengers are on board.';
  return null;
}

/**
 * Why the latest step cannot be undone; null when it can. `receivedAt` and `now` are instants (ms). `tripStatus`, when
 * given: a trip that no longer runs (its last bus's Returned completed it) keeps its steps.
 */
export function undoProblem(
  step: { receivedAt: number; undone: boolean; latest: boolean; tripStatus?: TripStatus },
  now: number,
): string | null {
  if (step.undone) return 'This step is already undone.';
  if (step.tripStatus !== undefined && !RUNNING_STATUSES.includes(step.tripStatus)) {
    return step.tripStatus === 'Completed' ? 'This trip is completed: its steps can no longer be undone.' : 'This trip no longer runs.';
  }
  if (!step.latest) return 'Only the last step can be undone.';
  if (now - step.receivedAt > UNDO_WINDOW_SECONDS * 1000) return 'A step can be undone within a minute only: call your dispatcher.';
  return null;
}

/**
 * Is this bus late, and why (null: on time, or nothing to be late for). `now` is the school's wall-clock time
 * (`YYYY-MM-DDTHH:mm`); a bus is late from the boundary minute on (departure 09:00, 10 minutes: late at 09:10).
 * Not departed with passengers N minutes after the planned departure: late departure (even past the return time,
 * since the bus never left); departed but not returned N minutes after the planned return: late return; nothing
 * recorded 12 hours before departure: not acknowledged.
 */
export function lateOf(trip: PlannedTimes, done: readonly ProgressStep[], now: string, lateMinutes: number): LateKind | null {
  const at = nowMinutes(now);
  const departure = wallMinutes(trip.departureDate, trip.departureTime);
  const back = wallMinutes(trip.returnDate, trip.returnTime);
  if (done.includes('returned')) return null;
  const departed = done.some((s) => PROGRESS_STEPS.indexOf(s) >= PROGRESS_STEPS.indexOf('departed'));
  if (!departed) {
    if (at >= departure + lateMinutes) return 'departure';
    if (done.length === 0 && at >= departure - ACKNOWLEDGE_LEAD_HOURS * 60) return 'acknowledge';
    return null;
  }
  return at >= back + lateMinutes ? 'return' : null;
}

/** A bus of a trip, as auto-completion needs it: its fleet driver, and the last step recorded for it. */
export interface BusStepState {
  driverId?: number | null;
  current: ProgressStep | null;
}

/**
 * A Confirmed trip completes by itself once every bus of it has Returned. Every bus must carry a fleet driver who
 * reports (`states` holds only those): a hired bus, or a fleet driver without an account, reports nothing, so such a
 * trip is completed by its company as before.
 */
export function everyBusReturned(
  trip: { status: TripStatus; buses: readonly { driverId?: number | null }[] },
  states: readonly BusStepState[],
): boolean {
  if (trip.status !== 'Confirmed' || trip.buses.length === 0) return false;
  return trip.buses.every((bus) => bus.driverId != null && states.some((s) => s.driverId === bus.driverId && s.current === 'returned'));
}

/**
 * The departure count against the passenger list: flagged (answered) when every bus that reports has departed and
 * their counts add up to a number other than the list's; null when they agree, when the school keeps no list, or
 * while a bus has still to depart.
 */
export function departureCountMismatch(counts: readonly (number | null)[], listed: number): { counted: number; listed: number } | null {
  if (listed === 0 || counts.length === 0 || counts.some((c) => c === null)) return null;
  const counted = counts.reduce<number>((sum, c) => sum + (c ?? 0), 0);
  return counted === listed ? null : { counted, listed };
}

/** A bus as the bell names it: "Bus 7 (Omar Haddad)". */
function busLabel(bus: { busName: string | null; driverName: string }): string {
  return `${bus.busName ?? 'The bus'} (${bus.driverName})`;
}

/** The trip as a late alert needs it. */
export interface AlertTrip extends PlannedTimes {
  destination: string;
}

/**
 * The bell's words for a late bus: "Bus 7 (Omar Haddad) has not departed for Science Discovery Centre: planned
 * 09:15 AM." A return planned on another day than the departure names its day.
 */
export function lateMessage(kind: LateKind, trip: AlertTrip, bus: { busName: string | null; driverName: string }): string {
  const who = busLabel(bus);
  if (kind === 'acknowledge') {
    return `${who} has not acknowledged ${trip.destination}, departing ${formatDay(trip.departureDate)} ${trip.departureTime}.`;
  }
  if (kind === 'departure') return `${who} has not departed for ${trip.destination}: planned ${trip.departureTime}.`;
  const day = trip.returnDate === trip.departureDate ? '' : `${formatDay(trip.returnDate)} `;
  return `${who} is not back from ${trip.destination}: planned ${day}${trip.returnTime}.`;
}

export const DEPARTURE_COUNT_TITLE = 'Departure count differs';

/** "Science Discovery Centre departed with 38 passengers; the list has 40." */
export function departureCountMessage(destination: string, count: { counted: number; listed: number }): string {
  return `${destination} departed with ${count.counted} passenger${count.counted === 1 ? '' : 's'}; the list has ${count.listed}.`;
}
