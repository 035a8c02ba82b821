import { z } from 'zod';
import { id, idFromText, text } from '../common/input';
import { FleetMessages as M } from '../contracts/fleet-messages';
import { isTripDate } from '../contracts/trip-form-rules';
import { BUS_TYPES } from '../contracts/trip-wire';

/**
 * Input shapes of the fleet and dispatch calls, with their messages (contracts/fleet-messages.ts). Unknown keys
 * are dropped, so a form may send a whole record back (id, companyName, createdAt...).
 */

const missing = (input: unknown) => input === undefined || input === null;

const requiredText = (max: number, required: string, tooLong: string) =>
  text({ error: (iss) => (missing(iss.input) ? required : tooLong), max: max * 2, tooLong })
    .trim()
    .min(1, required)
    .max(max, tooLong);

/** Ids in a query string arrive as text. */
const queryId = idFromText;

const busType = z.enum(BUS_TYPES, { error: (iss) => (missing(iss.input) ? M.busTypeRequired : M.busTypeInvalid) });
const seats = z
  .number({ error: (iss) => (missing(iss.input) || iss.input === '' ? M.seatsRequired : M.seatsInvalid) })
  .int(M.seatsInvalid)
  .min(1, M.seatsInvalid)
  .max(1000, M.seatsInvalid);
const boosterSeats = z
  .number({ error: M.boosterSeatsInvalid })
  .int(M.boosterSeatsInvalid)
  .min(0, M.boosterSeatsInvalid)
  .max(1000, M.boosterSeatsInvalid);
/** Plates: trimmed, blank is none. */
const plate = text({ error: M.plateTooLong, max: 40, tooLong: M.plateTooLong })
  .trim()
  .max(20, M.plateTooLong)
  .nullable()
  .optional()
  .transform((v) => (v ? v : v === undefined ? undefined : null));
const active = z.boolean({ error: M.activeInvalid });
const version = z.number({ error: M.versionInvalid }).int(M.versionInvalid).min(1, M.versionInvalid).max(2_147_483_647, M.versionInvalid);

const MOBILE = /^[+\d][\d\s()+-]{4,49}$/;
const mobile = text({ error: (iss) => (missing(iss.input) ? M.mobileRequired : M.mobileInvalid), max: 100, tooLong: M.mobileInvalid })
  .trim()
  .min(1, M.mobileRequired)
  .refine((v) => MOBILE.test(v), M.mobileInvalid);

const licenceExpiry = text({
  error: (iss) => (missing(iss.input) ? M.licenceExpiryRequired : M.licenceExpiryInvalid),
  max: 10,
  tooLong: M.licenceExpiryInvalid,
})
  .refine((v) => v !== '', M.licenceExpiryRequired)
  .refine(isTripDate, M.licenceExpiryInvalid);
const boostersFit = (b: { seats?: number; boosterSeats?: number }) =>
  b.seats === undefined || b.boosterSeats === undefined || b.boosterSeats <= b.seats;

export const createBusSchema = z
  .object(
    {
      companyId: id(M.companyIdInvalid).optional(),
      name: requiredText(100, M.busNameRequired, M.busNameTooLong),
      plate,
      busType,
      seats,
      boosterSeats: boosterSeats.optional(),
      active: active.optional(),
    },
    { error: M.bodyNotObject },
  )
  .refine(boostersFit, { message: M.boosterSeatsAboveSeats, path: ['boosterSeats'] })
  .transform((b) => ({ ...b, plate: b.plate ?? null, boosterSeats: b.boosterSeats ?? 0, active: b.active ?? true }));
export type CreateBusInput = z.infer<typeof createBusSchema>;

export const updateBusSchema = z
  .object(
    {
      name: requiredText(100, M.busNameRequired, M.busNameTooLong).optional(),
      plate,
      busType: busType.optional(),
      seats: seats.optional(),
      boosterSeats: boosterSeats.optional(),
      active: active.optional(),
      version: version.optional(),
    },
    { error: M.bodyNotObject },
  )
  .refine((b) => ['name', 'plate', 'busType', 'seats', 'boosterSeats', 'active'].some((k) => b[k as keyof typeof b] !== undefined), {
    message: M.nothingToUpdate,
  });
export type UpdateBusInput = z.infer<typeof updateBusSchema>;

export const createDriverSchema = z
  .object(
    {
      companyId: id(M.companyIdInvalid).optional(),
      name: requiredText(200, M.driverNameRequired, M.driverNameTooLong),
      mobile,
      licenceExpiry,
      active: active.optional(),
    },
    { error: M.bodyNotObject },
  )
  .transform((d) => ({ ...d, active: d.active ?? true }));
export type CreateDriverInput = z.infer<typeof createDriverSchema>;

export const updateDriverSchema = z
  .object(
    {
      name: requiredText(200, M.driverNameRequired, M.driverNameTooLong).optional(),
      mobile: mobile.optional(),
      licenceExpiry: licenceExpiry.optional(),
      active: active.optional(),
      version: version.optional(),
    },
    { error: M.bodyNotObject },
  )
  .refine((d) => ['name', 'mobile', 'licenceExpiry', 'active'].some((k) => d[k as keyof typeof d] !== undefined), {
    message: M.nothingToUpdate,
  });
export type UpdateDriverInput = z.infer<typeof updateDriverSchema>;

const queryBool = z.enum(['true', 'false'], { error: M.activeInvalid }).transform((v) => v === 'true');

/** GET /fleet/buses, /fleet/drivers: `companyId` picks a company (admins; a dispatcher may name their own); `active` narrows. */
export const fleetListQuery = z.object({
  companyId: queryId(M.companyIdInvalid).optional(),
  active: queryBool.optional(),
});
export type FleetListQuery = z.infer<typeof fleetListQuery>;

const day = (invalid: string) => text({ error: invalid, max: 10, tooLong: invalid }).refine(isTripDate, invalid);

/** GET /dispatch/board?from&to&companyId: from and to default to this week (Monday to Sunday). */
export const boardQuery = z.object({
  from: day(M.fromInvalid).optional(),
  to: day(M.toInvalid).optional(),
  companyId: queryId(M.companyIdInvalid).optional(),
});
export type BoardQuery = z.infer<typeof boardQuery>;
