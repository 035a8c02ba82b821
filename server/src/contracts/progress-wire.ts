/**
 * A bus's progress on the day of travel as it travels on the wire (docs/domain.md, "The day of travel"): the step
 * names, why a bus may be late, and what every trip carries per bus. The rules over them are in progress-rules.ts.
 */

/** A bus's steps on the day, in the only order they may come. */
export const PROGRESS_STEPS = ['acknowledged', 'leftDepot', 'atPickup', 'departed', 'arrived', 'leftDestination', 'returned'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** Why a bus is late: not acknowledged 12 hours before departure, not departed, or not back, in time. */
export const LATE_KINDS = ['acknowledge', 'departure', 'return'] as const;
export type LateKind = (typeof LATE_KINDS)[number];

/** One step a driver recorded for their bus (kept when undone, so the trip's history shows every tap). */
export interface ProgressStepDto {
  /** Made by the driver's device when tapped: sending it again records nothing new. */
  id: string;
  step: ProgressStep;
  /** When it happened: the device's time at the tap (ISO 8601), kept even when the tap was sent later. */
  at: string;
  /** When the server received it (ISO 8601). */
  receivedAt: string;
  /** Departed: the passengers counted on board. */
  passengers: number | null;
  note: string | null;
  by: { id: number | null; name: string };
  /** Set when the driver took the step back (within a minute of sending it). */
  undoneAt: string | null;
}

/** One bus of a trip on the day: its driver's steps and where it is now. One per bus assignment that names a fleet driver. */
export interface BusProgressDto {
  /** The fleet driver of this bus on this trip: a bus's progress is kept by its driver. */
  driverId: number;
  driverName: string;
  busId: number | null;
  busName: string | null;
  busPlate: string | null;
  /** Every step, in the order received, undone ones included (their `undoneAt` set). */
  steps: ProgressStepDto[];
  /** The last step not undone; null before the first. */
  current: ProgressStep | null;
  /** Late now, and why (the late rules, contracts/progress-rules.ts); null when on time. Computed on every read. */
  late: LateKind | null;
}
