import { localDateTime } from '@contracts/calendar';
import type { DriverAssignmentDto, StepBody } from '@contracts/driver-wire';
import { nextStep, type ProgressStep, RUNNING_STATUSES, stepProblem } from '@contracts/progress-rules';
import dayjs from 'dayjs';
import type { ShownDay } from './driver.api';

/**
 * What the driver's page shows of an assignment (docs/domain.md, "The day of travel"): the steps the server recorded
 * and, after them, the taps still waiting to be sent, as if done; the big button moves on with them (the rules'
 * nextStep), so a driver without a signal taps through the day as with one.
 */

/** A step on the driver's list: recorded by the server, or tapped and waiting to be sent. */
export interface ShownStep {
  id: string;
  step: ProgressStep;
  /** The phone's time at the tap (ISO 8601). */
  at: string;
  passengers: number | null;
  note: string | null;
  /** When the server recorded it; null while waiting to be sent. */
  receivedAt: string | null;
}

export interface AssignmentView {
  assignment: DriverAssignmentDto;
  /** Not undone, in order: recorded first, then the waiting ones. */
  steps: ShownStep[];
  /** The step the big button offers now; null when nothing more is to be tapped. */
  next: ProgressStep | null;
}

const waitingStep = (body: StepBody): ShownStep => ({
  id: body.id,
  step: body.step,
  at: body.at,
  passengers: body.passengers ?? null,
  note: body.note ?? null,
  receivedAt: null,
});

/** An assignment with the driver's waiting taps for its trip laid over it. */
export function assignmentView(assignment: DriverAssignmentDto, waiting: readonly StepBody[]): AssignmentView {
  const recorded: ShownStep[] = assignment.progress.steps
    .filter((s) => s.undoneAt === null)
    .map((s) => ({ id: s.id, step: s.step, at: s.at, passengers: s.passengers, note: s.note, receivedAt: s.receivedAt }));
  const known = new Set(recorded.map((s) => s.id));
  // a tap whose answer was lost may be recorded already: it shows once, as recorded
  const mine = waiting.filter((body) => body.tripId === assignment.tripId && !known.has(body.id)).map(waitingStep);
  const steps = [...recorded, ...mine];
  if (mine.length === 0) return { assignment, steps, next: assignment.next };
  const runs = RUNNING_STATUSES.includes(assignment.status);
  return {
    assignment,
    steps,
    next: runs ? nextStep(steps.map((s) => s.step)) : null,
  };
}

/**
 * The trip on top of the page: the first that runs today (or has run on and is not back) with a step to tap; else the
 * first still to be acknowledged; else the next one with anything to tap; else today's trip that is done (its steps stay
 * in sight). Null when there is none of these.
 */
export function currentView(views: readonly AssignmentView[], today: string): AssignmentView | null {
  return (
    views.find((v) => v.next !== null && v.assignment.departureDate <= today) ??
    views.find((v) => v.next === 'acknowledged') ??
    views.find((v) => v.next !== null) ??
    views.find((v) => v.assignment.departureDate <= today && today <= v.assignment.returnDate) ??
    null
  );
}

/**
 * Why the big button cannot be tapped now (the trip is another day, it was canceled, Departed before its hour...): the
 * rules' own words. `now` is the school's wall clock (schoolNow).
 */
export function tapProblem(view: AssignmentView, now: string): string | null {
  if (view.next === null) return null;
  // the count is asked for once the button is tapped: here only whether the step may come now
  return stepProblem({ done: view.steps.map((s) => s.step), step: view.next, passengers: 0, trip: view.assignment, now });
}

/**
 * The school's wall clock (`YYYY-MM-DDTHH:mm`) at `at` (ms): the server's reading of it when it gave the day, plus the
 * time since on the phone. A phone's own clock may be wrong; the time it measures between two readings is not.
 */
export function schoolNow(shown: ShownDay, at: number): string {
  return localDateTime(new Date(dayjs(shown.day.now).valueOf() + Math.max(0, at - shown.readAt)));
}

/** The count a departure starts from: the passenger list when the school keeps one, else its students and staff. */
export function expectedPassengers(assignment: DriverAssignmentDto): number {
  if (assignment.passengers.length > 0) return assignment.passengers.length;
  return assignment.students + (assignment.staff ?? 0);
}
