import type { TripDto } from '@contracts/trip-wire';

/** Test data: a trip of Greenfield (school 11), partnered with Desert Star (company 21), in tenant 1. */
export const GREENFIELD = 11;
export const DESERT_STAR = 21;

let nextId = 1000;

export function makeTrip(overrides: Partial<TripDto> = {}): TripDto {
  const id = overrides.id ?? ++nextId;
  const date = overrides.departureDate ?? overrides.date ?? '2031-03-04';
  return {
    id,
    tenantId: 1,
    tripType: 'Day Trip',
    customType: null,
    origin: 'School',
    destination: `Destination ${id}`,
    date,
    departureDate: date,
    departureTime: '08:00 AM',
    returnDate: date,
    returnTime: '03:00 PM',
    students: 30,
    staff: 3,
    notes: null,
    boosterSeatsRequested: false,
    boosterSeatCount: 0,
    createdBy: 'Grace Green',
    createdByEmail: 'staff.greenfield@demo.test',
    createdById: 3,
    status: 'Pending',
    statusBeforeCancelRequest: null,
    busInfo: null,
    driverInfo: null,
    price: 0,
    paid: false,
    editRequest: false,
    cancelRequest: false,
    buses: [],
    deleted: false,
    version: 1,
    schoolOrgId: GREENFIELD,
    schoolName: 'Greenfield Primary',
    busCompanyOrgId: null,
    busCompanyName: null,
    createdAt: '2031-01-01T09:00:00.000Z',
    updatedAt: '2031-01-01T09:00:00.000Z',
    clashes: [],
    needsBus: false,
    ...overrides,
  };
}

/** `count` trips, newest first (the server's order), on consecutive days from 2031-01-01. */
export function makeTrips(count: number, overrides: (i: number) => Partial<TripDto> = () => ({})): TripDto[] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10);
    return makeTrip({ id: i + 1, departureDate: day, date: day, returnDate: day, destination: `Place ${i + 1}`, ...overrides(i) });
  }).reverse();
}
