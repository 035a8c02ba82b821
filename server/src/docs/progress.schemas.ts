import { z } from 'zod';
import type { DriverAssignmentDto, DriverDayDto } from '../contracts/driver-wire';
import { LATE_KINDS, PROGRESS_STEPS, type BusProgressDto, type ProgressStepDto } from '../contracts/progress-wire';
import { TRIP_STATUSES, TRIP_TYPES } from '../contracts/trip-wire';

/**
 * The day of travel's response bodies (docs/domain.md, "The day of travel") as zod schemas for the OpenAPI document,
 * beside wire.schemas.ts (whose trip carries `progress`): each checked against its wire type at compile time below.
 */

const instant = z.iso.datetime({ offset: true });
const day = z.iso.date();
const count = z.number().int().min(0);
const idNum = z.number().int().min(1);

export const progressStepSchema = z
  .object({
    id: z.string().meta({ description: 'Made by the driver’s device: sending it again records nothing new.' }),
    step: z.enum(PROGRESS_STEPS),
    at: instant.meta({ description: 'The device’s time at the tap.' }),
    receivedAt: instant,
    passengers: count.nullable(),
    note: z.string().nullable(),
    by: z.object({ id: idNum.nullable(), name: z.string() }),
    undoneAt: instant.nullable(),
  })
  .meta({ id: 'ProgressStep' });

export const busProgressSchema = z
  .object({
    driverId: idNum,
    driverName: z.string(),
    busId: idNum.nullable(),
    busName: z.string().nullable(),
    busPlate: z.string().nullable(),
    steps: z.array(progressStepSchema),
    current: z.enum(PROGRESS_STEPS).nullable(),
    late: z.enum(LATE_KINDS).nullable(),
  })
  .meta({
    id: 'BusProgress',
    description: 'One bus of a trip on the day of travel: its driver’s steps, where it is, and whether it is late.',
  });

export const driverAssignmentSchema = z
  .object({
    tripId: idNum,
    status: z.enum(TRIP_STATUSES),
    tripType: z.enum(TRIP_TYPES),
    origin: z.string(),
    destination: z.string(),
    departureDate: day,
    departureTime: z.string(),
    returnDate: day,
    returnTime: z.string(),
    schoolName: z.string(),
    schoolContact: z.object({ name: z.string(), email: z.string() }),
    students: count,
    staff: count.nullable(),
    boosterSeatCount: count,
    notes: z.string().nullable(),
    busName: z.string().nullable(),
    busPlate: z.string().nullable(),
    busType: z.string(),
    busSeats: count,
    passengers: z.array(
      z.object({
        fullName: z.string(),
        pickupPoint: z.string().nullable(),
        dropoffPoint: z.string().nullable(),
        notes: z.string().nullable(),
      }),
    ),
    progress: busProgressSchema,
    next: z.enum(PROGRESS_STEPS).nullable(),
  })
  .meta({ id: 'DriverAssignment', description: 'One of a driver’s trips as their phone shows it.' });

export const driverDaySchema = z
  .object({
    driver: z.object({ id: idNum, name: z.string(), companyName: z.string() }),
    today: day,
    now: z.string().meta({ description: 'The wall-clock time now, YYYY-MM-DDTHH:mm.' }),
    undoSeconds: count,
    assignments: z.array(driverAssignmentSchema),
  })
  .meta({ id: 'DriverDay' });

// Each schema describes exactly its wire type: both are assignable to each other, or this does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checked<S extends z.ZodType, T> = Same<z.output<S>, T>;

// never read: it exists for the compile-time checks in its values
const _matches: Record<string, true> = {
  step: true satisfies Checked<typeof progressStepSchema, ProgressStepDto>,
  bus: true satisfies Checked<typeof busProgressSchema, BusProgressDto>,
  assignment: true satisfies Checked<typeof driverAssignmentSchema, DriverAssignmentDto>,
  day: true satisfies Checked<typeof driverDaySchema, DriverDayDto>,
};
