import { FleetMessages as M } from '@contracts/fleet-messages';
import type { BusDto, CreateBusBody, CreateDriverBody, DriverDto } from '@contracts/fleet-wire';
import { isTripDate } from '@contracts/trip-form-rules';
import { BUS_TYPES, type BusType } from '@contracts/trip-wire';

/**
 * The fleet screen's forms and their rules, in the server's words (contracts/fleet-messages.ts): the form shows a
 * field's problem before sending, and the server checks the same again (server/src/fleet/fleet.schemas.ts).
 */
// type aliases, not interfaces: a form's values are a string-keyed record, as @mantine/form's useForm takes them
export type BusForm = {
  name: string;
  plate: string;
  busType: BusType;
  seats: number | '';
  boosterSeats: number | '';
};

export type DriverForm = {
  name: string;
  mobile: string;
  licenceExpiry: string;
};

export type Problems<F> = Partial<Record<keyof F, string>>;

export const blankBus = (): BusForm => ({ name: '', plate: '', busType: BUS_TYPES[0], seats: '', boosterSeats: 0 });
export const blankDriver = (): DriverForm => ({ name: '', mobile: '', licenceExpiry: '' });

export const busFormOf = (bus: BusDto): BusForm => ({
  name: bus.name,
  plate: bus.plate ?? '',
  busType: bus.busType,
  seats: bus.seats,
  boosterSeats: bus.boosterSeats,
});
export const driverFormOf = (driver: DriverDto): DriverForm => ({
  name: driver.name,
  mobile: driver.mobile,
  licenceExpiry: driver.licenceExpiry,
});

const whole = (n: number | '', min: number) => n !== '' && Number.isInteger(n) && n >= min && n <= 1000;
const MOBILE = /^[+\d][\d\s()+-]{4,49}$/;

export function busProblems(form: BusForm): Problems<BusForm> {
  const problems: Problems<BusForm> = {};
  const name = form.name.trim();
  if (!name) problems.name = M.busNameRequired;
  else if (name.length > 100) problems.name = M.busNameTooLong;
  if (form.plate.trim().length > 20) problems.plate = M.plateTooLong;
  if (form.seats === '') problems.seats = M.seatsRequired;
  else if (!whole(form.seats, 1)) problems.seats = M.seatsInvalid;
  if (form.boosterSeats !== '' && !whole(form.boosterSeats, 0)) problems.boosterSeats = M.boosterSeatsInvalid;
  else if (!problems.seats && form.boosterSeats !== '' && form.boosterSeats > Number(form.seats)) {
    problems.boosterSeats = M.boosterSeatsAboveSeats;
  }
  return problems;
}

export function driverProblems(form: DriverForm): Problems<DriverForm> {
  const problems: Problems<DriverForm> = {};
  const name = form.name.trim();
  if (!name) problems.name = M.driverNameRequired;
  else if (name.length > 200) problems.name = M.driverNameTooLong;
  const mobile = form.mobile.trim();
  if (!mobile) problems.mobile = M.mobileRequired;
  else if (!MOBILE.test(mobile)) problems.mobile = M.mobileInvalid;
  if (!form.licenceExpiry) problems.licenceExpiry = M.licenceExpiryRequired;
  else if (!isTripDate(form.licenceExpiry)) problems.licenceExpiry = M.licenceExpiryInvalid;
  return problems;
}

export const busBody = (form: BusForm): Omit<CreateBusBody, 'companyId'> => ({
  name: form.name.trim(),
  plate: form.plate.trim() || null,
  busType: form.busType,
  seats: Number(form.seats),
  boosterSeats: form.boosterSeats === '' ? 0 : Number(form.boosterSeats),
});

export const driverBody = (form: DriverForm): Omit<CreateDriverBody, 'companyId'> => ({
  name: form.name.trim(),
  mobile: form.mobile.trim(),
  licenceExpiry: form.licenceExpiry,
});

/**
 * The version an edit goes out at: the newest copy's when what changed since the form opened is none of the form's
 * fields (an invitation sent, an account made, a bus taken out of service), so the edit overwrites nobody's; else the
 * one the form opened at, and a real clash answers 409 as before.
 */
export function editVersion<T extends { version: number }, F>(opened: T, newest: T | undefined, formOf: (row: T) => F): number {
  if (!newest || newest.version <= opened.version) return opened.version;
  return JSON.stringify(formOf(newest)) === JSON.stringify(formOf(opened)) ? newest.version : opened.version;
}
