import { SCHOOL_ONLY_STATUSES, type BusAssignment, type TripStatus } from '../../server/src/contracts/trip-wire';
import { Trip } from '../../server/src/trips/trip.entity';
import { TripHistory } from '../../server/src/trips/trip-history.entity';
import type { TestApp } from './app';
import type { TestTenant, TestUser } from './factories';

export const BUS: BusAssignment = {
  busType: 'White Bus',
  busSeats: 40,
  tripPrice: 300,
  driverName: 'Sam Driver',
  driverPhone: '+971 50 000 0000',
  status: null,
};

/** A valid POST /trips body, as the New Trip form sends it. */
export const tripRequest = (over: Record<string, unknown> = {}) => ({
  tripType: 'Day Trip',
  destination: 'Science Museum',
  departureDate: '2031-03-04',
  departureTime: '08:00 AM',
  returnDate: '2031-03-04',
  returnTime: '03:00 PM',
  students: 30,
  staff: 3,
  notes: 'Bring packed lunches',
  ...over,
});

/**
 * A trip written straight to the database in any state, for tests that start mid-lifecycle. By default it
 * belongs to schoolA, was requested by staffA, and from Accepted on is assigned to busA with one bus.
 */
export async function buildTrip(
  t: TestApp,
  tenant: TestTenant,
  opts: Partial<Omit<Trip, 'createdBy' | 'creator'>> & { status?: TripStatus; creator?: TestUser } = {},
): Promise<Trip> {
  const { creator = tenant.users.staffA, status = 'Pending', ...over } = opts;
  // A company holds a trip from its acceptance on; a request still at its school (an approval's statuses) never had one.
  const assigned = !['Pending', 'Rejected', ...SCHOOL_ONLY_STATUSES].includes(status);
  const trip = await t.db.getRepository(Trip).save({
    tenantId: tenant.tenant.id,
    schoolOrgId: tenant.orgs.schoolA.id,
    busCompanyOrgId: assigned ? tenant.orgs.busA.id : null,
    createdById: creator.user.id,
    createdBy: creator.user.name,
    createdByEmail: creator.user.email,
    tripType: 'Sports Trip',
    customType: null,
    origin: 'School',
    destination: `Stadium ${Math.random().toString(36).slice(2, 7)}`,
    departureDate: '2031-05-10',
    departureTime: '09:00 AM',
    returnDate: '2031-05-10',
    returnTime: '02:00 PM',
    students: 25,
    staff: 2,
    notes: null,
    boosterSeatsRequested: false,
    boosterSeatCount: 0,
    status,
    statusBeforeCancelRequest: status === 'Cancel Requested' ? 'Confirmed' : null,
    cancelRequest: status === 'Cancel Requested',
    buses: assigned ? [BUS] : [],
    busInfo: null,
    driverInfo: null,
    price: '0',
    paid: false,
    editRequest: false,
    deleted: false,
    ...over,
  });
  await t.db.getRepository(TripHistory).insert({
    tripId: trip.id,
    action: 'request',
    fromStatus: null,
    toStatus: 'Pending',
    fields: [],
    actorId: creator.user.id,
    actorName: creator.user.name,
  });
  return trip;
}

/** The row as stored, for "nothing was written" checks. */
export const tripRow = (t: TestApp, id: number) => t.db.getRepository(Trip).findOneByOrFail({ id });

export const historyCount = (t: TestApp, id: number) => t.db.getRepository(TripHistory).countBy({ tripId: id });
