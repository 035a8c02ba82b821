import { z } from 'zod';
import { id, idFromText, money, moneyTotalFits, text } from '../common/input';
import { isTripDate, normalizeTripTime, parseTripTime, tripFormProblem } from '../contracts/trip-form-rules';
import { TripMessages as M } from '../contracts/trip-messages';
import { BUS_TYPES, TRIP_STATUSES, TRIP_TYPES, type BusAssignment } from '../contracts/trip-wire';
import { ApprovalMessages, MAX_BUDGET_CODE_LENGTH } from '../contracts/approvals';
import { MAX_TRIP_KM, PricingMessages } from '../contracts/pricing';
import { SERIES_EDIT_FIELDS, SeriesMessages, seriesProblem } from '../contracts/trip-series';

/**
 * Input shapes of the trip calls (the form rules and the bodies), with the messages of contracts/trip-messages.ts.
 * Unknown keys are dropped, so a client may echo read-only fields (id, createdAt, schoolName...).
 */

const missing = (input: unknown) => input === undefined || input === null;

/** A required text: missing, null or blank gives `required`; longer than `max` gives `tooLong`. */
const requiredText = (max: number, required: string, tooLong: string, invalid: string) =>
  text({ error: (iss) => (missing(iss.input) ? required : invalid), max, tooLong })
    .trim()
    .min(1, required);

/** An optional text: blank becomes null (optional fields are trimmed to null). */
const optionalText = (max: number, tooLong: string) =>
  text({ error: tooLong, max, tooLong })
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const tripDate = (required: string, invalid: string) =>
  z.string({ error: (iss) => (missing(iss.input) ? required : invalid) }).refine(isTripDate, invalid);

const tripTime = (required: string) =>
  z
    .string({ error: (iss) => (missing(iss.input) ? required : M.timeInvalid) })
    .refine((v) => v === '' || parseTripTime(v) !== null, M.timeInvalid)
    .refine((v) => v !== '', required)
    .transform(normalizeTripTime);

const count = (invalid: string, max: number) => z.number({ error: invalid }).int(invalid).min(0, invalid).max(max, invalid);

const tripType = z.enum(TRIP_TYPES, { error: (iss) => (missing(iss.input) ? M.tripTypeRequired : M.tripTypeInvalid) });
const students = z
  .number({ error: (iss) => (missing(iss.input) ? M.studentsRequired : M.studentsInvalid) })
  .int(M.studentsInvalid)
  .min(0, M.studentsInvalid)
  .max(10_000, M.studentsInvalid);
// Staff is optional; empty becomes null.
const staff = z.preprocess((v) => (v === '' ? null : v), count(M.staffInvalid, 10_000).nullable().optional());
const boosterSeatCount = z
  .number({ error: M.boosterSeatCount })
  .int(M.boosterSeatCount)
  .min(0, M.boosterSeatCount)
  .max(1000, M.boosterSeatCount);
const tripStatus = z.enum(TRIP_STATUSES, { error: M.statusInvalid });

const busSeats = z
  .number({ error: (iss) => (missing(iss.input) || iss.input === '' ? M.busSeatsRequired : M.busSeatsInvalid) })
  .int(M.busSeatsInvalid)
  .min(1, M.busSeatsRequired)
  .max(1000, M.busSeatsInvalid);

const fleetId = (invalid: string) => id(invalid).nullable().optional();

/** One assigned bus, stored with every key present so stored and sent buses compare equal. */
export const busAssignmentSchema = z
  .object(
    {
      busType: z.enum(BUS_TYPES, { error: M.busTypeInvalid }),
      busSeats,
      tripPrice: money(M.tripPriceInvalid, 1e9).nullable().optional(),
      driverName: optionalText(200, M.driverNameTooLong),
      driverPhone: optionalText(50, M.driverPhoneTooLong),
      status: tripStatus.nullable().optional(),
      // A bus and a driver of the company's fleet (docs/domain.md, "Fleet"); without them the item is a hired vehicle (free text).
      busId: fleetId(M.busIdInvalid),
      driverId: fleetId(M.driverIdInvalid),
      busName: optionalText(100, M.busNameTooLong),
      // Copied from the fleet for a fleet bus (whatever is sent); a hired vehicle's plate as typed.
      busPlate: optionalText(20, M.busPlateTooLong),
    },
    { error: M.busesInvalid },
  )
  .transform((b): BusAssignment => ({
    busType: b.busType,
    busSeats: b.busSeats,
    tripPrice: b.tripPrice ?? null,
    driverName: b.driverName ?? null,
    driverPhone: b.driverPhone ?? null,
    status: b.status ?? null,
    // Fleet keys only when given, so free-text items are stored exactly as before.
    ...(b.busId != null ? { busId: b.busId } : {}),
    ...(b.busName ? { busName: b.busName } : {}),
    ...(b.busPlate ? { busPlate: b.busPlate } : {}),
    ...(b.driverId != null ? { driverId: b.driverId } : {}),
  }));

export const busesSchema = z
  .array(busAssignmentSchema, { error: (iss) => (missing(iss.input) ? M.atLeastOneBus : M.busesInvalid) })
  .min(1, M.atLeastOneBus)
  .max(50, M.tooManyBuses)
  // the trip's price is their total, in a numeric(12,2) column
  .refine((buses) => moneyTotalFits(buses.map((b) => b.tripPrice)), M.busesTotalTooHigh);

const busInfo = z
  .object(
    {
      busType: text({ error: M.busInfoInvalid, max: 100, tooLong: M.busInfoInvalid }).trim().nullable().optional(),
      seats: z
        .number({ error: M.busInfoInvalid })
        .int(M.busInfoInvalid)
        .min(0, M.busInfoInvalid)
        .max(100_000, M.busInfoInvalid)
        .nullable()
        .optional(),
    },
    { error: M.busInfoInvalid },
  )
  .transform((b) => ({ busType: b.busType || null, seats: b.seats ?? null }))
  .nullable();

const driverInfo = z
  .object(
    {
      name: text({ error: M.driverInfoInvalid, max: 200, tooLong: M.driverNameTooLong }).trim().nullable().optional(),
      mobile: text({ error: M.driverInfoInvalid, max: 50, tooLong: M.driverPhoneTooLong }).trim().nullable().optional(),
    },
    { error: M.driverInfoInvalid },
  )
  .transform((d) => ({ name: d.name || null, mobile: d.mobile || null }))
  .nullable();

/** The form's fields, each with its own rule; which are required differs between request and edit. */
const formShape = {
  tripType,
  customType: optionalText(100, M.customTypeTooLong),
  origin: optionalText(200, M.originTooLong),
  destination: requiredText(200, M.destinationRequired, M.destinationTooLong, M.destinationInvalid),
  date: tripDate(M.departureDateRequired, M.departureDateInvalid).optional(),
  departureDate: tripDate(M.departureDateRequired, M.departureDateInvalid),
  departureTime: tripTime(M.departureTimeRequired),
  returnDate: tripDate(M.returnDateRequired, M.returnDateInvalid),
  returnTime: tripTime(M.returnTimeRequired),
  students,
  staff,
  notes: optionalText(2000, M.notesTooLong),
  boosterSeatsRequested: z.boolean({ error: M.boosterRequestedInvalid }).optional(),
  boosterSeatCount: boosterSeatCount.optional(),
  // The one-way distance, for the estimate on the partner's rate card; null: none (no estimate).
  distanceKm: z
    .number({ error: PricingMessages.distanceInvalid })
    .int(PricingMessages.distanceInvalid)
    .min(1, PricingMessages.distanceInvalid)
    .max(MAX_TRIP_KM, PricingMessages.distanceInvalid)
    .nullable()
    .optional(),
};

/** The API accepts both `date` and `departureDate`; either may carry the departure day. */
const withDepartureDate = (body: unknown) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  return b.departureDate === undefined && b.date !== undefined ? { ...b, departureDate: b.date } : b;
};

const sameDay = (b: { date?: string; departureDate?: string }) =>
  b.date === undefined || b.departureDate === undefined || b.date === b.departureDate;

/** A request's body: the form's fields, the school (for those who name it), a budget code and the one-way distance. */
const requestObject = z.object(
  {
    ...formShape,
    schoolOrgId: id(M.schoolNotInTenant).optional(),
    // The school's budget code; its approval policy may require one (checked by the service, which reads the policy).
    budgetCode: optionalText(MAX_BUDGET_CODE_LENGTH, ApprovalMessages.budgetCodeInvalid),
    // A new trip is submitted with status Pending; anything else is refused rather than ignored.
    status: tripStatus.refine((s) => s === 'Pending', M.newTripStatus).optional(),
  },
  { error: M.bodyNotObject },
);

function checkRequest(b: z.infer<typeof requestObject>, ctx: z.RefinementCtx): void {
  if (!sameDay(b)) return void ctx.addIssue({ code: 'custom', message: M.dateMismatch, path: ['date'] });
  const problem = tripFormProblem({
    ...b,
    customType: b.customType ?? null,
    boosterSeatsRequested: b.boosterSeatsRequested ?? false,
    boosterSeatCount: b.boosterSeatCount ?? 0,
  });
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** The request as the service takes it: defaults filled in, `date` and `status` (checked above) dropped. */
function normalRequest<B extends z.infer<typeof requestObject>>({ date: _date, status: _status, ...b }: B) {
  return {
    ...b,
    customType: b.customType ?? null,
    // The default origin is School; null is kept (an origin may be null).
    origin: b.origin === undefined ? 'School' : b.origin,
    staff: b.staff ?? null,
    notes: b.notes ?? null,
    budgetCode: b.budgetCode ?? null,
    distanceKm: b.distanceKm ?? null,
    boosterSeatsRequested: b.boosterSeatsRequested ?? false,
    // The count is kept only when booster seats are requested, otherwise 0.
    boosterSeatCount: b.boosterSeatsRequested ? (b.boosterSeatCount ?? 0) : 0,
  };
}

export const createTripSchema = z.preprocess(withDepartureDate, requestObject.superRefine(checkRequest).transform(normalRequest));

/** POST /trips/series: a request and the last day it repeats on, every week (contracts/trip-series.ts). */
export const createTripSeriesSchema = z.preprocess(
  withDepartureDate,
  requestObject
    .extend({ repeatUntil: tripDate(SeriesMessages.untilRequired, SeriesMessages.untilInvalid) })
    .superRefine(checkRequest)
    .superRefine((b, ctx) => {
      const problem = seriesProblem(b, b.repeatUntil);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['repeatUntil'] });
    })
    .transform(normalRequest),
);
export type CreateTripSeriesBody = z.infer<typeof createTripSeriesSchema>;

/** POST /trips/series/{seriesId}/cancel: the week to cancel from (it and every later one). */
export const cancelSeriesSchema = z.object(
  {
    from: id(SeriesMessages.fromRequired),
  },
  { error: M.bodyNotObject },
);
export type CancelSeriesBody = z.infer<typeof cancelSeriesSchema>;

/** POST /trips/series/{seriesId}/accept: the week to accept from, and the company an admin accepts them for. */
export const acceptSeriesSchema = z.object(
  {
    from: id(SeriesMessages.fromRequired),
    busCompanyOrgId: id(M.busCompanyInvalid).optional(),
  },
  { error: M.bodyNotObject },
);
export type AcceptSeriesBody = z.infer<typeof acceptSeriesSchema>;

/** POST /trips/series/{seriesId}/reject: the week to reject from (it and every later one still Pending). */
export const rejectSeriesSchema = z.object({ from: id(SeriesMessages.fromRequired) }, { error: M.bodyNotObject });
export type RejectSeriesBody = z.infer<typeof rejectSeriesSchema>;

/**
 * POST /trips/series/{seriesId}/assign: the buses (and drivers) to give the week `from` and the later weeks, as each
 * week's own Assign Bus sends them, with the reason for prices far from a week's quote. Which weeks: those without buses
 * (`withoutBuses`, the default) and, when asked, those with other buses, which get these in place of theirs
 * (`withBuses`), and those Accepted with these very buses, which they confirm (`withTheseBuses`).
 */
export const assignSeriesSchema = z
  .object(
    {
      from: id(SeriesMessages.fromRequired),
      buses: busesSchema,
      priceReason: optionalText(500, PricingMessages.priceReasonInvalid),
      withoutBuses: z.boolean({ error: SeriesMessages.assignWeeksInvalid }).optional().default(true),
      withBuses: z.boolean({ error: SeriesMessages.assignWeeksInvalid }).optional().default(false),
      withTheseBuses: z.boolean({ error: SeriesMessages.assignWeeksInvalid }).optional().default(false),
    },
    { error: M.bodyNotObject },
  )
  .refine((b) => b.withoutBuses || b.withBuses || b.withTheseBuses, SeriesMessages.assignWeeksInvalid);
export type AssignSeriesBody = z.infer<typeof assignSeriesSchema>;

/**
 * PATCH /trips/series/{seriesId}: the week to change from (it and every later one) and what to set on each
 * (SERIES_EDIT_FIELDS: the origin, the destination and its distance, the times, the passengers, the notes), read as a week's own PATCH
 * reads them; and the weekday the weeks move to (movedToWeekday).
 */
export const editSeriesSchema = z
  .object(
    {
      from: id(SeriesMessages.fromRequired),
      weekday: z
        .number({ error: SeriesMessages.weekdayInvalid })
        .int(SeriesMessages.weekdayInvalid)
        .min(1, SeriesMessages.weekdayInvalid)
        .max(7, SeriesMessages.weekdayInvalid)
        .optional(),
      origin: formShape.origin,
      destination: formShape.destination.optional(),
      distanceKm: formShape.distanceKm,
      departureTime: formShape.departureTime.optional(),
      returnTime: formShape.returnTime.optional(),
      students: students.optional(),
      staff,
      notes: formShape.notes,
      // A date would put the weeks on one day: they move by weekday, each within its own week, and the call says so.
      date: z.never({ error: SeriesMessages.editDays }).optional(),
      departureDate: z.never({ error: SeriesMessages.editDays }).optional(),
      returnDate: z.never({ error: SeriesMessages.editDays }).optional(),
    },
    { error: M.bodyNotObject },
  )
  .refine((b) => b.weekday !== undefined || SERIES_EDIT_FIELDS.some((f) => b[f] !== undefined), { message: SeriesMessages.editEmpty });
export type EditSeriesBody = z.infer<typeof editSeriesSchema>;
export type CreateTripBody = z.infer<typeof createTripSchema>;

const patchKeys = [
  ...Object.keys(formShape),
  'status',
  'buses',
  'busInfo',
  'driverInfo',
  'price',
  'cancelRequest',
  'deleted',
  'paid',
  'busCompanyOrgId',
];

export const updateTripSchema = z.preprocess(
  withDepartureDate,
  z
    .object(
      {
        tripType: tripType.optional(),
        customType: formShape.customType,
        origin: formShape.origin,
        destination: formShape.destination.optional(),
        date: formShape.date,
        departureDate: formShape.departureDate.optional(),
        departureTime: formShape.departureTime.optional(),
        returnDate: formShape.returnDate.optional(),
        returnTime: formShape.returnTime.optional(),
        students: students.optional(),
        staff,
        notes: formShape.notes,
        boosterSeatsRequested: formShape.boosterSeatsRequested,
        boosterSeatCount: formShape.boosterSeatCount,
        distanceKm: formShape.distanceKm,
        status: tripStatus.optional(),
        buses: busesSchema.optional(),
        busInfo: busInfo.optional(),
        driverInfo: driverInfo.optional(),
        price: money(M.priceInvalid, 1e9).optional(),
        cancelRequest: z.boolean({ error: M.cancelRequestInvalid }).optional(),
        // Only true means something: false is an echo of a live trip (a deleted one answers 404).
        deleted: z.boolean({ error: M.deletedInvalid }).optional(),
        paid: z.boolean({ error: M.paidInvalid }).optional(),
        version: z
          .number({ error: M.versionInvalid })
          .int(M.versionInvalid)
          .min(1, M.versionInvalid)
          .max(2_147_483_647, M.versionInvalid)
          .optional(),
        busCompanyOrgId: id(M.busCompanyInvalid).optional(),
        // Assign Bus: why the buses' prices move more than 10 % from the trip's quote (history keeps it).
        priceReason: optionalText(500, PricingMessages.priceReasonInvalid),
      },
      { error: M.bodyNotObject },
    )
    .superRefine((b, ctx) => {
      if (!sameDay(b)) ctx.addIssue({ code: 'custom', message: M.dateMismatch, path: ['date'] });
      else if (!patchKeys.some((k) => b[k as keyof typeof b] !== undefined)) ctx.addIssue({ code: 'custom', message: M.nothingToUpdate });
    })
    .transform(({ date: _date, ...b }) => b),
);
export type UpdateTripBody = z.infer<typeof updateTripSchema>;

export const listTripsQuery = z.object({
  createdBy: text({ error: M.createdByTooLong, max: 200, tooLong: M.createdByTooLong }).trim().optional(),
  tenant_id: idFromText('tenant_id must be a tenant id.').optional(),
});
export type ListTripsQuery = z.infer<typeof listTripsQuery>;

export const createSubtripSchema = z.object({ buses: busesSchema }, { error: M.bodyNotObject });
export type CreateSubtripBody = z.infer<typeof createSubtripSchema>;

const passengerText = optionalText(200, M.passengerFieldTooLong);

/** Adding a passenger: full name required after trimming; other fields trimmed to null. */
export const passengerSchema = z
  .object(
    {
      fullName: text({ error: M.fullNameRequired, max: 200, tooLong: M.fullNameTooLong }).trim().min(1, M.fullNameRequired),
      guardianName: passengerText,
      guardianPhone: optionalText(50, M.passengerFieldTooLong),
      pickupPoint: passengerText,
      dropoffPoint: passengerText,
      notes: optionalText(2000, M.passengerFieldTooLong),
      checkedIn: z.boolean({ error: M.checkedInInvalid }).optional(),
    },
    { error: M.fullNameRequired },
  )
  .transform((p) => ({
    fullName: p.fullName,
    guardianName: p.guardianName ?? null,
    guardianPhone: p.guardianPhone ?? null,
    pickupPoint: p.pickupPoint ?? null,
    dropoffPoint: p.dropoffPoint ?? null,
    notes: p.notes ?? null,
    checkedIn: p.checkedIn ?? false,
  }));

export const addPassengersSchema = z.object(
  {
    passengers: z.array(passengerSchema, { error: M.passengersRequired }).min(1, M.passengersRequired).max(200, M.tooManyPassengers),
  },
  { error: M.bodyNotObject },
);
export type AddPassengersBody = z.infer<typeof addPassengersSchema>;
