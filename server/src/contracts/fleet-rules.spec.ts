import {
  addDays,
  canManageFleet,
  clashMessage,
  daysBetween,
  describeTripWindow,
  fleetNameKey,
  formatDay,
  holdsFleet,
  licenceProblem,
  licenceStatus,
  localDate,
  needsBus,
  needsBusMessage,
  plateKey,
  seatsProblem,
  tripsClash,
  tripWindow,
  weekStart,
  windowsOverlap,
} from './fleet-rules';
import type { Role } from './roles';
import { TRIP_STATUSES, type TripStatus } from './trip-wire';

const times = (departureDate: string, departureTime: string, returnDate: string, returnTime: string) => ({
  departureDate,
  departureTime,
  returnDate,
  returnTime,
});
const trip = (status: TripStatus, t = times('2026-12-02', '09:15 AM', '2026-12-02', '02:00 PM'), editRequest = false) => ({
  ...t,
  status,
  editRequest,
});

describe('the clash rule', () => {
  it('holds buses and drivers while a trip is Accepted, Confirmed or Cancel Requested, or is an edit request', () => {
    const holding = TRIP_STATUSES.filter((s) => holdsFleet({ status: s, editRequest: false }));
    expect(holding).toEqual(['Accepted', 'Confirmed', 'Cancel Requested']);
    expect(holdsFleet({ status: 'Pending', editRequest: true })).toBe(true);
    expect(holdsFleet({ status: 'Confirmed', editRequest: false, deleted: true })).toBe(false);
  });

  it('reads a trip from departure to return as local date-times that compare as text', () => {
    expect(tripWindow(times('2026-12-02', '09:15 AM', '2026-12-02', '02:00 PM'))).toEqual({
      start: '2026-12-02T09:15',
      end: '2026-12-02T14:00',
    });
    expect(tripWindow(times('2026-12-04', '12:00 AM', '2026-12-06', '12:30 PM'))).toEqual({
      start: '2026-12-04T00:00',
      end: '2026-12-06T12:30',
    });
  });

  it('lets a bus back at 02:00 PM leave again at 02:00 PM, but not at 01:59 PM', () => {
    const morning = tripWindow(times('2026-12-02', '09:15 AM', '2026-12-02', '02:00 PM'));
    expect(windowsOverlap(morning, tripWindow(times('2026-12-02', '02:00 PM', '2026-12-02', '05:00 PM')))).toBe(false);
    expect(windowsOverlap(morning, tripWindow(times('2026-12-02', '01:45 PM', '2026-12-02', '05:00 PM')))).toBe(true);
  });

  it('sees a clash with a trip inside another, and with one spanning several days', () => {
    const day = tripWindow(times('2026-12-03', '10:00 AM', '2026-12-03', '11:00 AM'));
    expect(windowsOverlap(day, tripWindow(times('2026-12-03', '08:00 AM', '2026-12-03', '06:00 PM')))).toBe(true);
    expect(windowsOverlap(day, tripWindow(times('2026-12-01', '07:00 AM', '2026-12-05', '05:00 PM')))).toBe(true);
    expect(windowsOverlap(day, tripWindow(times('2026-12-04', '07:00 AM', '2026-12-05', '05:00 PM')))).toBe(false);
  });

  it('counts a clash only between two trips that both hold the bus', () => {
    const other = times('2026-12-02', '01:00 PM', '2026-12-02', '04:00 PM');
    expect(tripsClash(trip('Confirmed'), trip('Accepted', other))).toBe(true);
    expect(tripsClash(trip('Confirmed'), trip('Canceled', other))).toBe(false);
    expect(tripsClash(trip('Completed'), trip('Confirmed', other))).toBe(false);
    expect(tripsClash(trip('Pending', undefined, true), trip('Confirmed', other))).toBe(true);
  });
});

describe('what a refused assignment says', () => {
  it('names the other trip as the issue words it', () => {
    expect(
      clashMessage({
        resourceName: 'Bus 12',
        destination: 'Science Discovery Centre',
        ...times('2026-12-02', '09:15 AM', '2026-12-02', '02:00 PM'),
      }),
    ).toBe('Bus 12 is already on Science Discovery Centre, Wed 2 Dec 09:15 AM–02:00 PM.');
    expect(describeTripWindow(times('2026-12-04', '07:30 AM', '2026-12-06', '05:00 PM'))).toBe('Fri 4 Dec 07:30 AM–Sun 6 Dec 05:00 PM');
  });

  it('counts students plus staff against the seats of every bus', () => {
    expect(seatsProblem({ students: 40, staff: 5 }, [{ busSeats: 40 }])).toBe('45 passengers, 40 seats assigned.');
    expect(seatsProblem({ students: 40, staff: 5 }, [{ busSeats: 30 }, { busSeats: 15 }])).toBeNull();
    expect(seatsProblem({ students: 20, staff: null }, [{ busSeats: 20 }])).toBeNull();
  });

  it('refuses a licence that expires before the trip ends, and accepts one valid through its last day', () => {
    const driver = { name: 'Omar Haddad', licenceExpiry: '2026-12-01' };
    expect(licenceProblem(driver, { returnDate: '2026-12-02' })).toBe(
      "Omar Haddad's licence expires on Tue 1 Dec 2026, before this trip ends on Wed 2 Dec 2026.",
    );
    expect(licenceProblem(driver, { returnDate: '2026-12-01' })).toBeNull();
  });
});

describe('dates', () => {
  it('adds days across months and years, counts days between and names them', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-23', '2026-11-26')).toBe(3);
    expect(daysBetween('2026-11-26', '2026-11-23')).toBe(-3);
    expect(formatDay('2026-12-02')).toBe('Wed 2 Dec');
    expect(formatDay('2026-12-02', true)).toBe('Wed 2 Dec 2026');
  });

  it('reads today as the local calendar date', () => {
    expect(localDate(new Date(2026, 10, 23, 0, 0))).toBe('2026-11-23');
    expect(localDate(new Date(2026, 10, 23, 23, 59))).toBe('2026-11-23');
    expect(localDate(new Date(2027, 0, 1, 12))).toBe('2027-01-01');
  });

  it('starts the week on Monday', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-12-02')).toBe('2026-11-30');
  });

  it('warns about a licence within 30 days and marks an expired one', () => {
    expect(licenceStatus('2026-11-22', '2026-11-23')).toBe('expired');
    expect(licenceStatus('2026-11-23', '2026-11-23')).toBe('expiresSoon');
    expect(licenceStatus('2026-12-23', '2026-11-23')).toBe('expiresSoon');
    expect(licenceStatus('2026-12-24', '2026-11-23')).toBe('valid');
  });
});

describe('"Needs a bus"', () => {
  const accepted = (departureDate: string, buses: unknown[] = []) => ({ status: 'Accepted' as TripStatus, buses, departureDate });

  it('flags an accepted trip with no bus from N days before departure until it leaves', () => {
    expect(needsBus(accepted('2026-11-26'), '2026-11-23', 3)).toBe(true);
    expect(needsBus(accepted('2026-11-27'), '2026-11-23', 3)).toBe(false);
    expect(needsBus(accepted('2026-11-23'), '2026-11-23', 0)).toBe(true);
    expect(needsBus(accepted('2026-11-22'), '2026-11-23', 3)).toBe(false);
  });

  it('does not flag a trip that has a bus, is not accepted, or was deleted', () => {
    expect(needsBus(accepted('2026-11-24', [{}]), '2026-11-23', 3)).toBe(false);
    expect(needsBus({ ...accepted('2026-11-24'), status: 'Pending' }, '2026-11-23', 3)).toBe(false);
    expect(needsBus({ ...accepted('2026-11-24'), deleted: true }, '2026-11-23', 3)).toBe(false);
  });

  it('says when the trip leaves', () => {
    expect(needsBusMessage({ destination: 'Space Museum', departureDate: '2026-11-25', departureTime: '10:00 AM' })).toBe(
      'Space Museum departs Wed 25 Nov 10:00 AM and has no bus yet.',
    );
  });
});

describe('who manages a fleet', () => {
  const company = { id: 20, tenantId: 1 };
  const actor = (role: Role, tenantId: number | null, activeOrgId: number | null = null) => ({ id: 1, role, tenantId, activeOrgId });

  it('lets the company’s dispatchers, its tenant’s admins and platform admins in', () => {
    expect(canManageFleet(actor('bus_company', 1, 20), company)).toBe(true);
    expect(canManageFleet(actor('admin', 1), company)).toBe(true);
    expect(canManageFleet(actor('admin', null), company)).toBe(true);
  });

  it('keeps out another company’s dispatchers, another tenant’s admins and every other role', () => {
    expect(canManageFleet(actor('bus_company', 1, 21), company)).toBe(false);
    expect(canManageFleet(actor('bus_company', 2, 20), company)).toBe(false);
    expect(canManageFleet(actor('admin', 2), company)).toBe(false);
    for (const role of ['school_staff', 'finance', 'trip_manager'] as Role[]) {
      expect(canManageFleet(actor(role, 1, 20), company)).toBe(false);
    }
  });
});

describe('names', () => {
  it('makes bus names and plates unique whatever their case and spacing', () => {
    expect(fleetNameKey('  Bus   12 ')).toBe(fleetNameKey('bus 12'));
    expect(fleetNameKey('Bus 12')).not.toBe(fleetNameKey('Bus 1 2'));
    expect(plateKey('dxb 12-345')).toBe(plateKey('DXB12345'));
  });
});
