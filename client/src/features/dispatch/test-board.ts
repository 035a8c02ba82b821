import { addDays, weekStart } from '@contracts/fleet-rules';
import type { BusDto, DispatchBoardDto, DriverDto } from '@contracts/fleet-wire';
import type { BusProgressDto, LateKind, ProgressStep, ProgressStepDto } from '@contracts/progress-wire';
import type { BusAssignment, TripDto } from '@contracts/trip-wire';
import { DESERT_STAR, GREENFIELD, makeTrip } from '../trips/test-trips';

/** Test data: Desert Star's board for the week of Monday 3 March 2031, three buses, two drivers. */
export const FROM = weekStart('2031-03-05');
export const TO = addDays(FROM, 6);
export const day = (n: number) => addDays(FROM, n);

export function makeBus(id: number, overrides: Partial<BusDto> = {}): BusDto {
  return {
    id,
    tenantId: 1,
    companyId: DESERT_STAR,
    companyName: 'Desert Star Buses',
    name: `Bus ${id}`,
    plate: `DXB ${id}00`,
    busType: 'White Bus',
    seats: 40,
    boosterSeats: 0,
    active: true,
    version: 1,
    createdAt: '2031-01-01T09:00:00.000Z',
    updatedAt: '2031-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makeDriver(id: number, overrides: Partial<DriverDto> = {}): DriverDto {
  return {
    id,
    tenantId: 1,
    companyId: DESERT_STAR,
    companyName: 'Desert Star Buses',
    name: `Driver ${id}`,
    mobile: `+971 50 000 00${id}`,
    licenceExpiry: '2033-01-01',
    licenceStatus: 'valid',
    active: true,
    account: null,
    inviteExpiresAt: null,
    version: 1,
    createdAt: '2031-01-01T09:00:00.000Z',
    updatedAt: '2031-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export const onBus = (bus: BusDto, driver?: DriverDto): BusAssignment => ({
  busType: bus.busType,
  busSeats: bus.seats,
  tripPrice: null,
  driverName: driver?.name ?? null,
  driverPhone: driver?.mobile ?? null,
  status: null,
  busId: bus.id,
  busName: bus.name,
  driverId: driver?.id ?? null,
});

/**
 * A step a driver tapped at `at` (a local `YYYY-MM-DDTHH:mm:ss`, read as the browser's time, so tests do not depend on
 * the machine's time zone), received at once; a departure counts 38 passengers unless told otherwise.
 */
export function stepDone(step: ProgressStep, at: string, overrides: Partial<ProgressStepDto> = {}): ProgressStepDto {
  return {
    id: `${step}-${at}`,
    step,
    at,
    receivedAt: at,
    passengers: step === 'departed' ? 38 : null,
    note: null,
    by: { id: 90, name: 'Omar Haddad' },
    undoneAt: null,
    ...overrides,
  };
}

/** A bus's day as the server reports it: its steps, the last one not undone as `current`, and whether it is late. */
export function busProgress(bus: BusDto | null, driver: DriverDto, steps: ProgressStepDto[], late: LateKind | null = null): BusProgressDto {
  return {
    driverId: driver.id,
    driverName: driver.name,
    busId: bus?.id ?? null,
    busName: bus?.name ?? null,
    busPlate: bus?.plate ?? null,
    steps,
    current: steps.filter((s) => s.undoneAt === null).at(-1)?.step ?? null,
    late,
  };
}

export const companyTrip = (overrides: Partial<TripDto>) =>
  makeTrip({ status: 'Confirmed', busCompanyOrgId: DESERT_STAR, busCompanyName: 'Desert Star Buses', ...overrides });

/** Bus 1 on Monday; Bus 2 double-booked on Wednesday (a clash); Bus 3 free; a trip waiting for a bus. */
export function makeBoard(overrides: Partial<DispatchBoardDto> = {}): DispatchBoardDto {
  const [bus1, bus2, bus3] = [makeBus(1), makeBus(2, { busType: 'Internal Yellow Bus', seats: 50 }), makeBus(3)];
  const [omar, sara] = [
    makeDriver(1, { name: 'Omar Haddad' }),
    makeDriver(2, {
      name: 'Sara Khan',
      licenceExpiry: addDays(FROM, 12),
      licenceStatus: 'expiresSoon',
      account: { email: 'sara@desertstar.test' },
    }),
  ];
  const clashA = companyTrip({
    id: 502,
    destination: 'Science Discovery Centre',
    departureDate: day(2),
    returnDate: day(2),
    departureTime: '09:00 AM',
    returnTime: '12:00 PM',
    buses: [onBus(bus2, sara)],
    clashes: [{ tripId: 503, resource: 'bus', resourceId: 2, resourceName: 'Bus 2' }],
  });
  const clashB = companyTrip({
    id: 503,
    destination: 'Camel Racing Museum',
    departureDate: day(2),
    returnDate: day(2),
    departureTime: '10:00 AM',
    returnTime: '01:00 PM',
    status: 'Accepted',
    buses: [onBus(bus2)],
    clashes: [{ tripId: 502, resource: 'bus', resourceId: 2, resourceName: 'Bus 2' }],
  });
  return {
    from: FROM,
    to: TO,
    today: day(0),
    needsBusDays: 3,
    company: { id: DESERT_STAR, tenantId: 1, name: 'Desert Star Buses' },
    companies: [{ id: DESERT_STAR, tenantId: 1, name: 'Desert Star Buses' }],
    buses: [bus1, bus2, bus3],
    drivers: [omar, sara],
    trips: [
      companyTrip({
        id: 501,
        destination: 'Botanical Gardens',
        departureDate: day(0),
        returnDate: day(0),
        departureTime: '06:00 AM',
        returnTime: '06:00 PM',
        buses: [onBus(bus1, omar)],
      }),
      clashA,
      clashB,
    ],
    needsBus: [
      companyTrip({
        id: 504,
        destination: 'Space Museum',
        status: 'Accepted',
        departureDate: day(4),
        returnDate: day(4),
        students: 45,
        staff: 0,
        needsBus: true,
      }),
    ],
    requests: [],
    partnerSchoolIds: [GREENFIELD],
    ...overrides,
  };
}
