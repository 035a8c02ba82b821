import type { DriverAssignmentDto, DriverPassengerDto } from '../contracts/driver-wire';
import type { NotificationDto } from '../contracts/fleet-wire';
import {
  DEPARTURE_COUNT_TITLE,
  departureCountMessage,
  LATE_LABELS,
  lateMessage,
  lateOf,
  nextStep,
  RUNNING_STATUSES,
} from '../contracts/progress-rules';
import type { BusProgressDto, LateKind, ProgressStep, ProgressStepDto } from '../contracts/progress-wire';
import { DEFAULT_ORIGIN, type TripDto } from '../contracts/trip-wire';

/**
 * From the stored steps to what the wire carries (docs/domain.md, "The day of travel"): a trip's `progress`, the driver's
 * assignment, and the bell's notifications. No I/O: the repositories read, these shape.
 */

/** A step as read for a trip's progress (progress-read.repository.ts), its instants already ISO 8601. */
export interface StoredStep extends ProgressStepDto {
  driverId: number;
}

/** The steps not undone, in order: where the bus stands. */
export const doneSteps = (steps: readonly ProgressStepDto[]): ProgressStep[] => steps.filter((s) => s.undoneAt === null).map((s) => s.step);

/**
 * One entry per bus assignment whose fleet driver reports, in the order of `buses`, with that driver's steps. A driver
 * reports with a driver account (`reporting`: the fleet drivers who have one, approved); one without an account, like a
 * hired bus, has nothing to tap with, so their bus is not shown as "Not started" or late to anyone, and is left out
 * unless steps were recorded for it (an account since removed: the steps stay in the trip's timeline, never late). A
 * bus is late only while the trip runs (a completed or canceled trip's buses are no one's worry). `now`: the server's
 * wall clock.
 */
export function busProgressOf(
  trip: TripDto,
  steps: readonly StoredStep[],
  reporting: ReadonlySet<number>,
  now: string,
  lateMinutes: number,
): BusProgressDto[] {
  const running = RUNNING_STATUSES.includes(trip.status);
  return trip.buses.flatMap((bus) => {
    if (bus.driverId == null) return [];
    const driverId = bus.driverId;
    const own = steps.filter((s) => s.driverId === driverId).map(({ driverId: _driver, ...step }) => step);
    const reports = reporting.has(driverId);
    if (!reports && own.length === 0) return [];
    const done = doneSteps(own);
    return [
      {
        driverId,
        driverName: bus.driverName ?? '',
        busId: bus.busId ?? null,
        busName: bus.busName ?? null,
        busPlate: bus.busPlate ?? null,
        steps: own,
        current: done.at(-1) ?? null,
        late: running && reports ? lateOf(trip, done, now, lateMinutes) : null,
      },
    ];
  });
}

/** The passengers a bus departed with (its Departed step not undone); null while it has not departed. */
export function departedCount(progress: BusProgressDto): number | null {
  const departed = progress.steps.findLast((s) => s.step === 'departed' && s.undoneAt === null);
  return departed ? departed.passengers : null;
}

/** A fleet driver as their own day names them. */
export interface DriverFacts {
  id: number;
  name: string;
  tenantId: number;
  companyOrgId: number;
  companyName: string;
}

/**
 * One of a driver's assignments as their phone shows it: the trip as the bus needs it, this driver's bus and its
 * progress, and the button for the step that comes next (none once the trip no longer runs).
 */
export function toAssignment(trip: TripDto, driverId: number, passengers: DriverPassengerDto[]): DriverAssignmentDto {
  const bus = trip.buses.find((b) => b.driverId === driverId);
  const progress = trip.progress.find((p) => p.driverId === driverId) ?? {
    driverId,
    driverName: bus?.driverName ?? '',
    busId: bus?.busId ?? null,
    busName: bus?.busName ?? null,
    busPlate: bus?.busPlate ?? null,
    steps: [],
    current: null,
    late: null,
  };
  return {
    tripId: trip.id,
    status: trip.status,
    tripType: trip.tripType,
    origin: trip.origin ?? DEFAULT_ORIGIN,
    destination: trip.destination,
    departureDate: trip.departureDate,
    departureTime: trip.departureTime,
    returnDate: trip.returnDate,
    returnTime: trip.returnTime,
    schoolName: trip.schoolName,
    schoolContact: { name: trip.createdBy, email: trip.createdByEmail },
    students: trip.students,
    staff: trip.staff,
    boosterSeatCount: trip.boosterSeatCount,
    notes: trip.notes,
    busName: bus?.busName ?? null,
    busPlate: bus?.busPlate ?? null,
    busType: bus?.busType ?? 'White Bus',
    busSeats: bus?.busSeats ?? 0,
    passengers,
    progress,
    next: RUNNING_STATUSES.includes(trip.status) ? nextStep(doneSteps(progress.steps)) : null,
  };
}

/** An alert row as raised or read: which trip, which bus (0: the trip as a whole), why, and when. */
export interface ProgressAlertRow {
  id: number;
  tripId: number;
  driverId: number;
  kind: LateKind | 'departureCount';
  raisedAt: Date | string;
}

/**
 * A day-of-travel alert as the bell shows it, worded from the trip (its progress computed): a late bus, or the departure
 * count. Null when the trip no longer tells it (the bus left the trip, the counts agree).
 */
export function toProgressNotification(alert: ProgressAlertRow, trip: TripDto): NotificationDto | null {
  const base = {
    id: alert.id,
    tripId: trip.id,
    tenantId: trip.tenantId,
    companyId: trip.busCompanyOrgId,
    destination: trip.destination,
    schoolName: trip.schoolName,
    departureDate: trip.departureDate,
    departureTime: trip.departureTime,
    raisedAt: new Date(alert.raisedAt).toISOString(),
  };
  if (alert.kind === 'departureCount') {
    if (!trip.departureCount) return null;
    return {
      ...base,
      kind: 'departureCount',
      title: DEPARTURE_COUNT_TITLE,
      message: departureCountMessage(trip.destination, trip.departureCount),
    };
  }
  const bus = trip.progress.find((p) => p.driverId === alert.driverId);
  if (!bus) return null;
  return {
    ...base,
    kind: 'late',
    title: LATE_LABELS[alert.kind],
    message: lateMessage(alert.kind, trip, bus),
    lateKind: alert.kind,
    driverId: alert.driverId,
  };
}

/** An alert still open: the bus is still late for that reason, or the counts still differ. Null once it is over. */
export function openProgressNotification(alert: ProgressAlertRow, trip: TripDto): NotificationDto | null {
  if (alert.kind !== 'departureCount' && trip.progress.find((p) => p.driverId === alert.driverId)?.late !== alert.kind) return null;
  return toProgressNotification(alert, trip);
}
