import { z } from 'zod';
import { idFromText, text } from '../common/input';
import {
  BOOKING_END_AFTER_START,
  BOOKING_STATUS_CHANGES,
  bookingEndsAfterStart,
  formatTimeOfDay,
  isCalendarDate,
  parseTimeOfDay,
} from '../contracts/bookings';

export const BookingMessages = {
  startDateRequired: 'Start date is required.',
  endDateRequired: 'End date is required.',
  startTimeRequired: 'Start time is required.',
  endTimeRequired: 'End time is required.',
  dateInvalid: 'Dates must be written YYYY-MM-DD.',
  timeInvalid: 'Times must look like 08:00 AM.',
  studentsRequired: 'Number of students is required.',
  adultsRequired: 'Number of adults is required.',
  studentsInvalid: 'Students must be a whole number, 0 or more.',
  adultsInvalid: 'Adults must be a whole number, 0 or more.',
  busesInvalid: 'Buses requested must be a whole number, 0 or more.',
  durationInvalid: 'Duration must be a whole number of minutes, 0 or more.',
  // the booking form's own checks
  pointIncomplete: 'Each pickup or drop-off point needs a location name and a time.',
  pointTimeInvalid: 'Pickup and drop-off times must look like 07:30 AM.',
  pointsNotList: 'Pickup and drop-off points must be a list.',
  tooManyPoints: 'A booking has at most 50 pickup and 50 drop-off points.',
  endAfterStart: BOOKING_END_AFTER_START,
  statusInvalid: 'Status must be approved or cancelled.',
  schoolInvalid: 'Choose a school of this tenant.',
  tenantRequired: 'Choose a tenant for this booking.',
  tenantNotFound: 'Tenant not found.',
  notFound: 'Booking not found.',
  cancelOwnOnly: 'Only an admin or a trip manager can approve bookings; you may cancel the ones you requested.',
} as const;
const M = BookingMessages;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
// Counts come from number inputs; a numeric string is accepted as the number it spells.
const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

const count = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : numeric(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? required : invalid) })
      .int(invalid)
      .min(0, invalid)
      .max(100_000, invalid),
  );

/** Optional counts: empty becomes null. */
const optionalCount = (invalid: string) =>
  z.preprocess(
    (v) => (blank(v) ? null : numeric(v)),
    z.number({ error: invalid }).int(invalid).min(0, invalid).max(100_000, invalid).nullable(),
  );

/** Optional texts are sent as null when empty; trimmed here. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
    text({ error: `${label} must be text.`, max, tooLong: `${label} is too long (at most ${max} characters).` }).nullable(),
  );

const date = (required: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? v.trim().slice(0, 10) : v),
    text({ error: (iss) => (iss.input === undefined ? required : M.dateInvalid) }).refine(isCalendarDate, M.dateInvalid),
  );

/** A time of day, stored in the console's "hh:mm AM" form. */
const time = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    text({ error: (iss) => (iss.input === undefined ? required : invalid), max: 20, tooLong: invalid })
      .refine((s) => parseTimeOfDay(s) !== null, invalid)
      .transform((s) => formatTimeOfDay(parseTimeOfDay(s) ?? 0)),
  );

const point = z.object(
  {
    location: text({ error: M.pointIncomplete, max: 200, tooLong: 'A location name is too long (at most 200 characters).' })
      .trim()
      .min(1, M.pointIncomplete),
    address: optionalText('An address', 500)
      .optional()
      .transform((a) => a ?? null),
    time: time(M.pointIncomplete, M.pointTimeInvalid),
  },
  { error: M.pointIncomplete },
);

const points = z.preprocess((v) => v ?? [], z.array(point, { error: M.pointsNotList }).max(50, M.tooManyPoints));

const id = (message: string) => z.preprocess((v) => (blank(v) ? undefined : v), idFromText(message).optional());

/**
 * The booking form's payload. createdBy, createdByEmail, createdById and status are not read: the
 * requester is the signed-in user and a new booking is always "Requested". schoolOrgId lets an
 * admin or trip manager book for a school; tenant_id lets a platform admin pick the tenant.
 */
export const createBookingSchema = z
  .object({
    title: optionalText('Title', 200),
    purpose: optionalText('Purpose', 1000),
    date: date(M.startDateRequired),
    startTime: time(M.startTimeRequired, M.timeInvalid),
    endDate: date(M.endDateRequired),
    endTime: time(M.endTimeRequired, M.timeInvalid),
    durationMinutes: optionalCount(M.durationInvalid),
    students: count(M.studentsRequired, M.studentsInvalid),
    adults: count(M.adultsRequired, M.adultsInvalid),
    pickupPoints: points,
    dropoffPoints: points,
    busesRequested: optionalCount(M.busesInvalid),
    busType: optionalText('Bus type', 100),
    notes: optionalText('Notes', 5000),
    schoolOrgId: id(M.schoolInvalid),
    tenant_id: id(M.tenantRequired),
  })
  // Only once every part of both ends is valid: a missing or malformed one has its own message.
  .refine((b) => [b.date, b.startTime, b.endDate, b.endTime].some((v) => typeof v !== 'string') || bookingEndsAfterStart(b), {
    message: M.endAfterStart,
    path: ['endTime'],
  });
export type CreateBookingBody = z.infer<typeof createBookingSchema>;

export const updateBookingSchema = z.object({
  status: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(BOOKING_STATUS_CHANGES, { error: M.statusInvalid }),
  ),
});
export type UpdateBookingBody = z.infer<typeof updateBookingSchema>;

/** GET /bookings filters: each can only narrow what the caller sees. */
export const listBookingsQuery = z.object({
  createdBy: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    text({ error: 'createdBy must be text.', max: 200, tooLong: 'createdBy must be at most 200 characters.' }).trim().optional(),
  ),
  tenant_id: id('tenant_id must be a tenant id.'),
  school_org_id: id('school_org_id must be an organization id.'),
});
export type ListBookingsQuery = z.infer<typeof listBookingsQuery>;
