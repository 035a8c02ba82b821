import { EventEmitter2 } from '@nestjs/event-emitter';
import dayjs from 'dayjs';
import type { DomainEventMap } from '../../server/src/common/domain-events';
import { FleetMessages as M } from '../../server/src/contracts/fleet-messages';
import { addDays } from '../../server/src/contracts/fleet-rules';
import type { DispatchBoardDto, FleetConflictBody, NotificationDto } from '../../server/src/contracts/fleet-wire';
import { Messages } from '../../server/src/contracts/messages';
import { TripMessages } from '../../server/src/contracts/trip-messages';
import type { BusAssignment, TripDto } from '../../server/src/contracts/trip-wire';
import type { FleetBus } from '../../server/src/fleet/bus.entity';
import { BusAlerts } from '../../server/src/fleet/bus-alerts.service';
import type { FleetDriver } from '../../server/src/fleet/driver.entity';
import { TripAlert } from '../../server/src/fleet/trip-alert.entity';
import { Subtrip } from '../../server/src/trips/subtrip.entity';
import type { Trip } from '../../server/src/trips/trip.entity';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, buildUser, type TestTenant, type TestUser, uniq } from '../support/factories';
import { buildBus, buildDriver, fleetRowsOf } from '../support/fleet-factory';
import { buildTrip, historyCount, tripRow } from '../support/trip-factory';

/** Resolves once `check` holds, polling; rejects with `what` after `ms`. (Waits for an effect, asserts no speed.) */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Dispatch (docs/domain.md, Fleet): assigning from the fleet, the refusals, the flags, the board and the alerts. */
describe('dispatch: assigning from the fleet', () => {
  let t: TestApp;
  let acme: TestTenant;
  let other: TestTenant;
  const updated: DomainEventMap['trip.updated'][] = [];

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Dispatch');
    other = await buildTenant(t, 'Far');
    t.app.get(EventEmitter2).on('trip.updated', (e: DomainEventMap['trip.updated']) => updated.push(e));
  }, 60_000);
  afterAll(() => t.close());

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const patch = (u: TestUser, path: string, body: object) => t.http().patch(`/api${path}`).set('Authorization', u.auth).send(body);
  const assign = (u: TestUser, id: number, buses: object[]) => patch(u, `/trips/${id}`, { status: 'Confirmed', buses });
  /** A bus assignment item naming fleet rows; the type and seats sent are deliberately not the bus's. */
  const item = (bus?: FleetBus | null, driver?: FleetDriver | null, over: Record<string, unknown> = {}) => ({
    busType: 'External Yellow Bus',
    busSeats: 99,
    tripPrice: 300,
    ...(bus ? { busId: bus.id } : {}),
    ...(driver ? { driverId: driver.id } : {}),
    ...over,
  });
  /** An accepted trip of school A, assigned to bus company A, with no bus yet. */
  const acceptedTrip = (over: Partial<Omit<Trip, 'creator'>> = {}) => buildTrip(t, acme, { status: 'Accepted', buses: [], ...over });
  const on = (day: string, from: string, to: string) => ({ departureDate: day, departureTime: from, returnDate: day, returnTime: to });

  /** What must not change when an assignment is refused. */
  async function expectUntouched(trip: Trip): Promise<void> {
    const row = await tripRow(t, trip.id);
    expect(row).toMatchObject({
      status: trip.status,
      version: trip.version,
      buses: trip.buses,
      busInfo: trip.busInfo,
      driverInfo: trip.driverInfo,
    });
    expect(await historyCount(t, trip.id)).toBe(1);
    expect(await fleetRowsOf(t, trip.id)).toBe(0);
  }

  it('copies the fleet bus’s type, seats and name and the driver’s name and mobile onto the assignment', async () => {
    const bus = await buildBus(t, acme.orgs.busA, { name: 'Bus 12', busType: 'Internal Yellow Bus', seats: 56 });
    const driver = await buildDriver(t, acme.orgs.busA, { name: 'Omar Haddad', mobile: '+971 50 111 2233' });
    const trip = await acceptedTrip(on('2031-05-03', '09:00 AM', '02:00 PM'));
    const res = await assign(acme.users.busA, trip.id, [item(bus, driver)]).expect(200);
    expect(res.body).toMatchObject({
      status: 'Confirmed',
      buses: [
        {
          busId: bus.id,
          busName: 'Bus 12',
          busType: 'Internal Yellow Bus',
          busSeats: 56,
          tripPrice: 300,
          driverId: driver.id,
          driverName: 'Omar Haddad',
          driverPhone: '+971 50 111 2233',
          status: null,
        },
      ],
      busInfo: { busType: 'Internal Yellow Bus', seats: 56 },
      driverInfo: { name: 'Omar Haddad', mobile: '+971 50 111 2233' },
      clashes: [],
    });
    expect(await fleetRowsOf(t, trip.id)).toBe(1);
    // school staff see the names copied onto their trip, not the fleet
    const seen = (await get(acme.users.staffA, `/trips/${trip.id}`).expect(200)).body as TripDto;
    expect(seen.buses[0]).toMatchObject({ busName: 'Bus 12', driverName: 'Omar Haddad' });
    await get(acme.users.staffA, '/fleet/buses').expect(403);
  });

  it('refuses a bus already on an overlapping trip with 409, naming that trip, and writes nothing', async () => {
    const bus = await buildBus(t, acme.orgs.busA, { name: 'Bus 21' });
    const first = await acceptedTrip({ destination: 'Science Discovery Centre', ...on('2031-05-10', '09:15 AM', '02:00 PM') });
    await assign(acme.users.busA, first.id, [item(bus)]).expect(200);
    const second = await acceptedTrip(on('2031-05-10', '01:00 PM', '05:00 PM'));
    const res = await assign(acme.users.busA, second.id, [item(bus)]).expect(409);
    expect(res.body as FleetConflictBody).toEqual({
      message: 'Bus 21 is already on Science Discovery Centre, Sat 10 May 09:15 AM–02:00 PM.',
      conflicts: [
        {
          tripId: first.id,
          resource: 'bus',
          resourceId: bus.id,
          resourceName: 'Bus 21',
          destination: 'Science Discovery Centre',
          status: 'Confirmed',
          departureDate: '2031-05-10',
          departureTime: '09:15 AM',
          returnDate: '2031-05-10',
          returnTime: '02:00 PM',
        },
      ],
    });
    await expectUntouched(second);
    // an admin is refused the same way
    await patch(acme.users.admin, `/trips/${second.id}`, { status: 'Confirmed', buses: [item(bus)] }).expect(409);
    await expectUntouched(second);
  });

  it('refuses a driver already on an overlapping trip, even on another bus', async () => {
    const driver = await buildDriver(t, acme.orgs.busA, { name: 'Ravi Menon' });
    const first = await acceptedTrip({ destination: 'Botanical Gardens', ...on('2031-05-11', '08:00 AM', '01:30 PM') });
    await assign(acme.users.busA, first.id, [item(await buildBus(t, acme.orgs.busA), driver)]).expect(200);
    const second = await acceptedTrip(on('2031-05-11', '07:00 AM', '08:30 AM'));
    const res = await assign(acme.users.busA, second.id, [item(await buildBus(t, acme.orgs.busA), driver)]).expect(409);
    expect(res.body.message).toBe('Ravi Menon is already on Botanical Gardens, Sun 11 May 08:00 AM–01:30 PM.');
    expect(res.body.conflicts).toEqual([expect.objectContaining({ tripId: first.id, resource: 'driver', resourceId: driver.id })]);
    await expectUntouched(second);
  });

  it('names every clash of an assignment, bus and driver', async () => {
    const bus = await buildBus(t, acme.orgs.busA, { name: 'Bus 30' });
    const driver = await buildDriver(t, acme.orgs.busA, { name: 'Sara Nasser' });
    const first = await acceptedTrip({ destination: 'Opera House', ...on('2031-05-12', '04:00 PM', '09:30 PM') });
    await assign(acme.users.busA, first.id, [item(bus, driver)]).expect(200);
    const second = await acceptedTrip(on('2031-05-12', '06:00 PM', '10:00 PM'));
    const res = await assign(acme.users.busA, second.id, [item(bus, driver)]).expect(409);
    expect(res.body.message).toBe(
      'Bus 30 is already on Opera House, Mon 12 May 04:00 PM–09:30 PM. Sara Nasser is already on Opera House, Mon 12 May 04:00 PM–09:30 PM.',
    );
    expect(res.body.conflicts.map((c: { resource: string }) => c.resource)).toEqual(['bus', 'driver']);
  });

  it('lets a bus back at 02:00 PM leave again at 02:00 PM, and frees a bus when its trip is canceled or completed', async () => {
    const bus = await buildBus(t, acme.orgs.busA);
    const morning = await acceptedTrip(on('2031-05-13', '08:00 AM', '02:00 PM'));
    await assign(acme.users.busA, morning.id, [item(bus)]).expect(200);
    const afternoon = await acceptedTrip(on('2031-05-13', '02:00 PM', '05:00 PM'));
    await assign(acme.users.busA, afternoon.id, [item(bus)]).expect(200);

    const overlapping = await acceptedTrip(on('2031-05-13', '10:00 AM', '03:00 PM'));
    await assign(acme.users.busA, overlapping.id, [item(bus)]).expect(409);
    await patch(acme.users.admin, `/trips/${morning.id}`, { status: 'Canceled' }).expect(200);
    await assign(acme.users.busA, overlapping.id, [item(bus)]).expect(409);
    // A completed trip no longer holds its bus. (Completing needs the trip back, so this one is marked as if it were.)
    await t.db.query(`UPDATE trips SET status = 'Completed' WHERE id = $1`, [afternoon.id]);
    await assign(acme.users.busA, overlapping.id, [item(bus)]).expect(200);
  });

  it('does not clash-check hired vehicles typed in as free text', async () => {
    const hired = { busType: 'White Bus', busSeats: 40, busName: 'Hired coach', driverName: 'Sam', driverPhone: '1' };
    const a = await acceptedTrip(on('2031-05-14', '09:00 AM', '03:00 PM'));
    const b = await acceptedTrip(on('2031-05-14', '09:00 AM', '03:00 PM'));
    await assign(acme.users.busA, a.id, [hired]).expect(200);
    const res = await assign(acme.users.busA, b.id, [hired]).expect(200);
    expect(res.body.buses).toEqual([{ ...hired, tripPrice: null, status: null }]);
    expect(await fleetRowsOf(t, b.id)).toBe(0);
  });

  it('refuses a driver whose licence has expired by the end of the trip (400 with the reason)', async () => {
    const driver = await buildDriver(t, acme.orgs.busA, { name: 'Hassan Qureshi', licenceExpiry: '2031-05-14' });
    const overnight = await acceptedTrip({
      departureDate: '2031-05-14',
      departureTime: '08:00 AM',
      returnDate: '2031-05-15',
      returnTime: '05:00 PM',
    });
    const res = await assign(acme.users.busA, overnight.id, [item(await buildBus(t, acme.orgs.busA), driver)]).expect(400);
    expect(res.body).toEqual({ message: "Hassan Qureshi's licence expires on Wed 14 May 2031, before this trip ends on Thu 15 May 2031." });
    await expectUntouched(overnight);
    // valid through its last day
    const sameDay = await acceptedTrip(on('2031-05-14', '08:00 AM', '05:00 PM'));
    await assign(acme.users.busA, sameDay.id, [item(await buildBus(t, acme.orgs.busA), driver)]).expect(200);
  });

  it('refuses fewer seats than students plus staff, from the fleet or typed in (400, nothing written)', async () => {
    const forty = await buildBus(t, acme.orgs.busA, { seats: 40 });
    const trip = await acceptedTrip({ students: 40, staff: 5, ...on('2031-05-16', '09:00 AM', '01:00 PM') });
    const res = await assign(acme.users.busA, trip.id, [item(forty)]).expect(400);
    expect(res.body).toEqual({ message: '45 passengers, 40 seats assigned.' });
    await expectUntouched(trip);
    expect((await assign(acme.users.busA, trip.id, [{ busType: 'White Bus', busSeats: 44 }]).expect(400)).body).toEqual({
      message: '45 passengers, 44 seats assigned.',
    });
    await expectUntouched(trip);
    await assign(acme.users.busA, trip.id, [item(forty), { busType: 'White Bus', busSeats: 5 }]).expect(200);
  });

  it('refuses buses and drivers that are not in the assigned company’s fleet, inactive, or listed twice', async () => {
    const trip = await acceptedTrip(on('2031-05-17', '09:00 AM', '01:00 PM'));
    const company = acme.orgs.busA.name;
    const busOfB = await buildBus(t, acme.orgs.busB);
    const busElsewhere = await buildBus(t, other.orgs.busA);
    const driverOfB = await buildDriver(t, acme.orgs.busB);
    const idle = await buildBus(t, acme.orgs.busA, { name: 'Bus 99', active: false });
    const retired = await buildDriver(t, acme.orgs.busA, { name: 'Yousef Darwish', active: false });
    const bus = await buildBus(t, acme.orgs.busA, { name: 'Bus 50' });
    const driver = await buildDriver(t, acme.orgs.busA, { name: 'Layla Aziz' });
    for (const [buses, message] of [
      [[item(busOfB)], M.busNotInFleet(busOfB.id, company)],
      [[item(busElsewhere)], M.busNotInFleet(busElsewhere.id, company)],
      [[item({ id: 999_999_999 } as FleetBus)], M.busNotInFleet(999_999_999, company)],
      [[item(null, driverOfB)], M.driverNotInFleet(driverOfB.id, company)],
      [[item(idle)], M.busInactive('Bus 99')],
      [[item(null, retired)], M.driverInactive('Yousef Darwish')],
      [[item(bus), item(bus)], M.busListedTwice('Bus 50')],
      [[item(bus, driver), item(await buildBus(t, acme.orgs.busA), driver)], M.driverListedTwice('Layla Aziz')],
      [[item(bus, null, { busId: 'twelve' })], TripMessages.busIdInvalid],
    ] as const) {
      expect((await assign(acme.users.busA, trip.id, [...buses]).expect(400)).body.message).toBe(message);
    }
    await expectUntouched(trip);
  });

  it('refuses a subtrip naming buses and drivers that are not in the assigned company’s fleet, writing nothing', async () => {
    const trip = await acceptedTrip(on('2031-05-19', '09:00 AM', '01:00 PM'));
    const company = acme.orgs.busA.name;
    const post = (buses: object[]) =>
      t.http().post(`/api/trips/${trip.id}/subtrips`).set('Authorization', acme.users.busA.auth).send({ buses });
    const busOfB = await buildBus(t, acme.orgs.busB);
    const busElsewhere = await buildBus(t, other.orgs.busA);
    const driverOfB = await buildDriver(t, acme.orgs.busB);
    const driverElsewhere = await buildDriver(t, other.orgs.busA);
    const bus = await buildBus(t, acme.orgs.busA);
    const driver = await buildDriver(t, acme.orgs.busA);
    for (const [buses, message] of [
      [[item(busOfB)], M.busNotInFleet(busOfB.id, company)],
      [[item(busElsewhere)], M.busNotInFleet(busElsewhere.id, company)],
      [[item({ id: 999_999_999 } as FleetBus)], M.busNotInFleet(999_999_999, company)],
      [[item(null, driverOfB)], M.driverNotInFleet(driverOfB.id, company)],
      [[item(bus, driverElsewhere)], M.driverNotInFleet(driverElsewhere.id, company)],
      [[item(bus, driver), item(busOfB)], M.busNotInFleet(busOfB.id, company)],
    ] as const) {
      expect((await post([...buses]).expect(400)).body).toEqual({ message });
    }
    // an admin of the tenant is held to the trip's company's fleet too
    const asAdmin = await t
      .http()
      .post(`/api/trips/${trip.id}/subtrips`)
      .set('Authorization', acme.users.admin.auth)
      .send({ buses: [item(busOfB)] })
      .expect(400);
    expect(asAdmin.body).toEqual({ message: M.busNotInFleet(busOfB.id, company) });
    expect(await t.db.getRepository(Subtrip).countBy({ tripId: trip.id })).toBe(0);
    await expectUntouched(trip);
    // the company's own fleet, and hired vehicles without ids, are recorded as before
    await post([item(bus, driver), { busType: 'White Bus', busSeats: 20 }]).expect(201);
    expect(await t.db.getRepository(Subtrip).countBy({ tripId: trip.id })).toBe(1);
  });

  it('keeps a bus deactivated after it was assigned on its trip when the assignment is saved again', async () => {
    const bus = await buildBus(t, acme.orgs.busA);
    const trip = await acceptedTrip(on('2031-05-18', '09:00 AM', '01:00 PM'));
    await assign(acme.users.busA, trip.id, [item(bus)]).expect(200);
    await patch(acme.users.busA, `/fleet/buses/${bus.id}`, { active: false }).expect(200);
    const res = await patch(acme.users.busA, `/trips/${trip.id}`, { buses: [item(bus, null, { tripPrice: 410 })] }).expect(200);
    expect(res.body.buses[0]).toMatchObject({ busId: bus.id, tripPrice: 410 });
  });

  describe('an edit that moves a trip onto another trip of its bus', () => {
    it('still becomes the edit request, flags both trips, announces the other one, and clears when moved back', async () => {
      const bus = await buildBus(t, acme.orgs.busA, { name: 'Bus 77' });
      const driver = await buildDriver(t, acme.orgs.busA);
      const morning = await acceptedTrip({ destination: 'Morning Museum', ...on('2031-06-01', '09:00 AM', '12:00 PM') });
      const afternoon = await acceptedTrip({ destination: 'Afternoon Park', ...on('2031-06-01', '01:00 PM', '04:00 PM') });
      await assign(acme.users.busA, morning.id, [item(bus, driver)]).expect(200);
      await assign(acme.users.busA, afternoon.id, [item(bus, driver)]).expect(200);

      const since = updated.length;
      const edited = (await patch(acme.users.staffA, `/trips/${morning.id}`, { returnTime: '02:00 PM' }).expect(200)).body as TripDto;
      expect(edited).toMatchObject({ status: 'Pending', editRequest: true, returnTime: '02:00 PM' });
      const toAfternoon = [
        { tripId: afternoon.id, resource: 'bus', resourceId: bus.id, resourceName: 'Bus 77' },
        { tripId: afternoon.id, resource: 'driver', resourceId: driver.id, resourceName: driver.name },
      ];
      expect(edited.clashes).toEqual(toAfternoon);
      const other = (await get(acme.users.busA, `/trips/${afternoon.id}`).expect(200)).body as TripDto;
      expect(other.clashes).toEqual(toAfternoon.map((c) => ({ ...c, tripId: morning.id })));
      const listed = ((await get(acme.users.admin, '/trips').expect(200)).body as TripDto[]).find((x) => x.id === afternoon.id);
      expect(listed?.clashes).toHaveLength(2);
      // the other trip's audience hears of its new flags
      await until(
        () => updated.slice(since).some((e) => e.trip.id === afternoon.id && e.trip.clashes.length === 2),
        'the other trip announced',
      );
      // history records the edit, not the computed flags
      const history = (await get(acme.users.admin, `/trips/${morning.id}/history`).expect(200)).body as { fields: string[] }[];
      expect(history.at(-1)?.fields).toEqual(['returnTime', 'status', 'editRequest']);

      // while the edit request waits, the trip still holds its bus
      const third = await acceptedTrip(on('2031-06-01', '11:00 AM', '12:30 PM'));
      await assign(acme.users.busA, third.id, [item(bus)]).expect(409);

      const mark = updated.length;
      const back = (await patch(acme.users.admin, `/trips/${morning.id}`, { returnTime: '12:00 PM' }).expect(200)).body as TripDto;
      expect(back.clashes).toEqual([]);
      expect(((await get(acme.users.busA, `/trips/${afternoon.id}`).expect(200)).body as TripDto).clashes).toEqual([]);
      await until(() => updated.slice(mark).some((e) => e.trip.id === afternoon.id && e.trip.clashes.length === 0), 'the clear announced');
    });

    it('clears the flags on both trips when one of them is canceled', async () => {
      const bus = await buildBus(t, acme.orgs.busA);
      const a = await acceptedTrip(on('2031-06-02', '09:00 AM', '12:00 PM'));
      const b = await acceptedTrip(on('2031-06-02', '01:00 PM', '04:00 PM'));
      await assign(acme.users.busA, a.id, [item(bus)]).expect(200);
      await assign(acme.users.busA, b.id, [item(bus)]).expect(200);
      const moved = (await patch(acme.users.admin, `/trips/${b.id}`, { departureTime: '11:00 AM' }).expect(200)).body as TripDto;
      expect(moved).toMatchObject({ status: 'Confirmed', clashes: [expect.objectContaining({ tripId: a.id, resource: 'bus' })] });
      await patch(acme.users.admin, `/trips/${a.id}`, { status: 'Canceled' }).expect(200);
      expect(((await get(acme.users.admin, `/trips/${b.id}`).expect(200)).body as TripDto).clashes).toEqual([]);
    });
  });
});

describe('dispatch: the board', () => {
  let t: TestApp;
  let acme: TestTenant;
  let other: TestTenant;
  let root: TestUser;
  let bus7: FleetBus;
  let bus9: FleetBus;
  let idle: FleetBus;
  let idleOnBoard: FleetBus;
  let omar: FleetDriver;
  let expiring: FleetDriver;
  let trips: Record<string, Trip>;
  const WEEK = { from: '2031-05-05', to: '2031-05-11' };
  const today = dayjs().format('YYYY-MM-DD');

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Board');
    other = await buildTenant(t, 'Other board');
    root = await buildPlatformAdmin(t);
    const A = acme.orgs.busA;
    bus7 = await buildBus(t, A, { name: 'Bus 7' });
    bus9 = await buildBus(t, A, { name: 'Bus 9' });
    idle = await buildBus(t, A, { name: 'Bus 31', active: false });
    idleOnBoard = await buildBus(t, A, { name: 'Bus 32', active: false });
    omar = await buildDriver(t, A, { name: 'Omar Haddad' });
    expiring = await buildDriver(t, A, { name: 'Liam Walsh', licenceExpiry: addDays(today, 12) });
    await buildBus(t, acme.orgs.busB, { name: 'Falcon 1' });
    const fleetItem = (bus: FleetBus, driver?: FleetDriver): BusAssignment => ({
      busType: 'White Bus',
      busSeats: 50,
      busId: bus.id,
      busName: bus.name,
      ...(driver ? { driverId: driver.id, driverName: driver.name } : {}),
    });
    const trip = (over: Partial<Omit<Trip, 'creator'>> & { status: Trip['status'] }, creator = acme.users.staffA) =>
      buildTrip(t, acme, { creator, ...over });
    trips = {
      confirmed: await trip({
        status: 'Confirmed',
        destination: 'Zoo',
        departureDate: '2031-05-06',
        returnDate: '2031-05-06',
        buses: [fleetItem(bus7, omar)],
      }),
      overnight: await trip({
        status: 'Cancel Requested',
        destination: 'Camp',
        departureDate: '2031-05-04',
        returnDate: '2031-05-05',
        buses: [fleetItem(bus9)],
      }),
      completed: await trip({
        status: 'Completed',
        destination: 'Museum',
        departureDate: '2031-05-05',
        returnDate: '2031-05-05',
        buses: [fleetItem(idleOnBoard)],
      }),
      hired: await trip({ status: 'Confirmed', destination: 'Hired run', departureDate: '2031-05-07', returnDate: '2031-05-07' }),
      canceled: await trip({
        status: 'Canceled',
        destination: 'Called off',
        departureDate: '2031-05-08',
        returnDate: '2031-05-08',
        buses: [fleetItem(bus7)],
      }),
      nextWeek: await trip({
        status: 'Confirmed',
        destination: 'Later',
        departureDate: '2031-05-12',
        returnDate: '2031-05-12',
        buses: [fleetItem(bus7)],
      }),
      ofB: await trip({
        status: 'Confirmed',
        destination: 'Falcon run',
        departureDate: '2031-05-06',
        returnDate: '2031-05-06',
        busCompanyOrgId: acme.orgs.busB.id,
      }),
      waiting: await trip({
        status: 'Accepted',
        destination: 'Needs one',
        departureDate: '2031-05-09',
        returnDate: '2031-05-09',
        buses: [],
      }),
      byManager: await trip(
        {
          status: 'Confirmed',
          destination: 'Manager run',
          departureDate: '2031-05-08',
          returnDate: '2031-05-08',
          buses: [fleetItem(bus9)],
        },
        acme.users.manager,
      ),
      pending: await trip({ status: 'Pending', destination: 'Not yet', departureDate: '2031-05-06', returnDate: '2031-05-06' }),
    };
  }, 60_000);
  afterAll(() => t.close());

  const board = (u: TestUser, query = '') =>
    t.http().get(`/api/dispatch/board?from=${WEEK.from}&to=${WEEK.to}${query}`).set('Authorization', u.auth);
  const names = (rows: { destination: string }[]) => rows.map((r) => r.destination);

  it('shows a dispatcher their company’s buses, drivers, the week’s trips on them and the accepted trips still without a bus', async () => {
    const b = (await board(acme.users.busA).expect(200)).body as DispatchBoardDto;
    expect(b).toMatchObject({ ...WEEK, today, needsBusDays: 3, company: { id: acme.orgs.busA.id, name: acme.orgs.busA.name } });
    expect(b.companies).toEqual([{ id: acme.orgs.busA.id, tenantId: acme.tenant.id, name: acme.orgs.busA.name }]);
    // active buses, and inactive ones only while they carry a trip shown (Bus 32 carries the completed trip; Bus 31 none)
    expect(b.buses.map((x) => x.name)).toEqual(['Bus 32', 'Bus 7', 'Bus 9']);
    expect(b.buses.map((x) => x.id)).not.toContain(idle.id);
    expect(b.drivers.map((d) => [d.name, d.licenceStatus])).toEqual([
      ['Liam Walsh', 'expiresSoon'],
      ['Omar Haddad', 'valid'],
    ]);
    expect(b.drivers.find((d) => d.id === expiring.id)?.licenceExpiry).toBe(addDays(today, 12));
    // by departure; the manager's trip is the company's too; canceled, pending and another company's are not on it
    expect(names(b.trips)).toEqual(['Camp', 'Museum', 'Zoo', 'Hired run', 'Manager run']);
    expect(b.trips.find((x) => x.id === trips.confirmed.id)?.buses[0]).toMatchObject({ busId: bus7.id, driverId: omar.id });
    expect(names(b.needsBus)).toEqual(['Needs one']);
  });

  it('lists accepted trips without a bus that have not ended, whatever the week, with the flag on the urgent ones', async () => {
    const soon = await buildTrip(t, acme, {
      status: 'Accepted',
      buses: [],
      destination: 'Soon',
      departureDate: addDays(today, 1),
      returnDate: addDays(today, 1),
    });
    const later = await buildTrip(t, acme, {
      status: 'Accepted',
      buses: [],
      destination: 'Later on',
      departureDate: addDays(today, 9),
      returnDate: addDays(today, 9),
    });
    const b = (await board(acme.users.busA).expect(200)).body as DispatchBoardDto;
    expect(b.needsBus.map((x) => [x.destination, x.needsBus])).toEqual([
      ['Soon', true],
      ['Later on', false],
      ['Needs one', false],
    ]);
    await t.db.query(`UPDATE trips SET deleted = true WHERE id = ANY($1::int[])`, [[soon.id, later.id]]);
  });

  it('lets an admin choose the company (the first by name when none is named) and refuses other tenants’ companies', async () => {
    const first = (await board(acme.users.admin).expect(200)).body as DispatchBoardDto;
    const sorted = [acme.orgs.busA, acme.orgs.busB].sort((x, y) => x.name.localeCompare(y.name));
    expect(first.company?.id).toBe(sorted[0].id);
    expect(first.companies.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
    const ofB = (await board(acme.users.admin, `&companyId=${acme.orgs.busB.id}`).expect(200)).body as DispatchBoardDto;
    expect(names(ofB.trips)).toEqual(['Falcon run']);
    expect(ofB.buses.map((x) => x.name)).toEqual(['Falcon 1']);
    for (const [u, company] of [
      [acme.users.admin, other.orgs.busA.id],
      [acme.users.busA, acme.orgs.busB.id],
      [other.users.admin, acme.orgs.busA.id],
      [other.users.busA, acme.orgs.busA.id],
    ] as const) {
      expect((await board(u, `&companyId=${company}`).expect(404)).body).toEqual({ message: M.companyNotFound });
    }
    const rooted = (await board(root, `&companyId=${acme.orgs.busA.id}`).expect(200)).body as DispatchBoardDto;
    expect(names(rooted.trips)).toEqual(['Camp', 'Museum', 'Zoo', 'Hired run', 'Manager run']);
  });

  it('shows a trip manager only their own trips, with no fleet rows', async () => {
    const b = (await board(acme.users.manager).expect(200)).body as DispatchBoardDto;
    expect(b).toMatchObject({ company: null, companies: [], buses: [], drivers: [] });
    expect(names(b.trips)).toEqual(['Manager run']);
    const filtered = (await board(acme.users.manager, `&companyId=${acme.orgs.busB.id}`).expect(200)).body as DispatchBoardDto;
    expect(filtered.trips).toEqual([]);
    await board(acme.users.manager, `&companyId=${other.orgs.busA.id}`).expect(404);
    const otherManager = await buildUser(t, { tenantId: acme.tenant.id, role: 'trip_manager' });
    expect(((await board(otherManager).expect(200)).body as DispatchBoardDto).trips).toEqual([]);
  });

  it('is not for school staff or finance', async () => {
    for (const u of [acme.users.staffA, acme.users.finance, acme.users.staffNoOrg]) {
      expect((await board(u).expect(403)).body).toEqual({ message: Messages.forbidden });
    }
  });

  it('shows this week when no window is given, and refuses a bad one', async () => {
    const b = (await t.http().get('/api/dispatch/board').set('Authorization', acme.users.busA.auth).expect(200)).body as DispatchBoardDto;
    expect(dayjs(b.from).day()).toBe(1);
    expect(b.to).toBe(addDays(b.from, 6));
    expect(b.from <= today && today <= b.to).toBe(true);
    // 62 days is the longest window
    await t.http().get('/api/dispatch/board?from=2031-05-01&to=2031-07-01').set('Authorization', acme.users.busA.auth).expect(200);
    for (const [query, message] of [
      ['from=2031-02-30', M.fromInvalid],
      ['from=2031-05-05&to=05/11/2031', M.toInvalid],
      ['from=2031-05-05&to=2031-05-04', M.toBeforeFrom],
      ['from=2031-05-01&to=2031-07-02', M.windowTooLong],
      ['companyId=abc', M.companyIdInvalid],
    ]) {
      const res = await t.http().get(`/api/dispatch/board?${query}`).set('Authorization', acme.users.busA.auth).expect(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('dispatch: "Needs a bus"', () => {
  let t: TestApp;
  let acme: TestTenant;
  let other: TestTenant;
  const notified: DomainEventMap['notification.created'][] = [];
  const today = dayjs().format('YYYY-MM-DD');
  const due = (days: number) => ({ departureDate: addDays(today, days), returnDate: addDays(today, days) });

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Alerts');
    other = await buildTenant(t, 'Quiet');
    t.app.get(EventEmitter2).on('notification.created', (e: DomainEventMap['notification.created']) => notified.push(e));
  }, 60_000);
  afterAll(() => t.close());

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const alertsOf = (tripId: number) => t.db.getRepository(TripAlert).countBy({ tripId });

  it('flags an accepted trip with no bus three days out, raises its alert once, and shows it to the right people', async () => {
    const trip = await buildTrip(t, acme, { status: 'Accepted', buses: [], destination: `Planetarium ${uniq()}`, ...due(3) });
    const farther = await buildTrip(t, acme, { status: 'Accepted', buses: [], ...due(4) });
    expect(((await get(acme.users.staffA, `/trips/${trip.id}`).expect(200)).body as TripDto).needsBus).toBe(true);
    expect(((await get(acme.users.staffA, `/trips/${farther.id}`).expect(200)).body as TripDto).needsBus).toBe(false);

    const alerts = t.app.get(BusAlerts);
    const raised = await alerts.check({ tripIds: [trip.id, farther.id] });
    expect(raised).toEqual([
      expect.objectContaining({
        kind: 'needsBus',
        title: 'Needs a bus',
        tripId: trip.id,
        companyId: acme.orgs.busA.id,
        message: `${trip.destination} departs ${dayjs(trip.departureDate).format('ddd D MMM')} 09:00 AM and has no bus yet.`,
      }),
    ]);
    expect(await alerts.check({ tripIds: [trip.id] })).toEqual([]);
    expect(await alertsOf(trip.id)).toBe(1);
    expect(notified.filter((n) => n.notification.tripId === trip.id)).toEqual([
      { notification: raised[0], tenantId: acme.tenant.id, companyOrgId: acme.orgs.busA.id },
    ]);

    const seenBy = async (u: TestUser) => ((await get(u, '/notifications').expect(200)).body as NotificationDto[]).map((n) => n.tripId);
    expect(await seenBy(acme.users.busA)).toEqual([trip.id]);
    expect(await seenBy(acme.users.admin)).toEqual([trip.id]);
    for (const u of [acme.users.busB, acme.users.staffA, acme.users.finance, acme.users.manager, other.users.admin, other.users.busA]) {
      expect(await seenBy(u)).toEqual([]);
    }
  });

  it('raises the alert right after a change makes a trip need a bus, and clears it when a bus is assigned', async () => {
    const trip = await buildTrip(t, acme, { status: 'Pending', ...due(1) });
    const accepted = (
      await t.http().patch(`/api/trips/${trip.id}`).set('Authorization', acme.users.busA.auth).send({ status: 'Accepted' }).expect(200)
    ).body as TripDto;
    expect(accepted.needsBus).toBe(true);
    await until(() => notified.some((n) => n.notification.tripId === trip.id), 'the alert');
    expect(await alertsOf(trip.id)).toBe(1);

    const confirmed = (
      await t
        .http()
        .patch(`/api/trips/${trip.id}`)
        .set('Authorization', acme.users.busA.auth)
        .send({ status: 'Confirmed', buses: [{ busType: 'White Bus', busSeats: 40 }] })
        .expect(200)
    ).body as TripDto;
    expect(confirmed.needsBus).toBe(false);
    expect(((await get(acme.users.busA, '/notifications').expect(200)).body as NotificationDto[]).map((n) => n.tripId)).not.toContain(
      trip.id,
    );
    // and never twice, whatever happens next
    await t.app.get(BusAlerts).check({ tripIds: [trip.id] });
    expect(notified.filter((n) => n.notification.tripId === trip.id)).toHaveLength(1);
  });

  it('does not alert for a trip that has left, or one that is not accepted', async () => {
    const left = await buildTrip(t, acme, { status: 'Accepted', buses: [], ...due(-1) });
    const pending = await buildTrip(t, acme, { status: 'Pending', ...due(1) });
    expect(await t.app.get(BusAlerts).check({ tripIds: [left.id, pending.id] })).toEqual([]);
    expect(((await get(acme.users.admin, `/trips/${left.id}`).expect(200)).body as TripDto).needsBus).toBe(false);
  });

  it('looks on its own every NEEDS_BUS_CHECK_SECONDS, and tells the trip’s audience its flag is on', async () => {
    // a database of its own, so this replica's look finds no other test's trips
    const own = await startTestApp({ NEEDS_BUS_CHECK_SECONDS: '1' }, { driver: 'pglite' });
    try {
      const tenant = await buildTenant(own, 'Timer');
      const trip = await buildTrip(own, tenant, { status: 'Accepted', buses: [], ...due(2) });
      const seen: string[] = [];
      const bus = own.app.get(EventEmitter2);
      bus.on('notification.created', (e: DomainEventMap['notification.created']) => seen.push(`notification ${e.notification.tripId}`));
      bus.on('trip.updated', (e: DomainEventMap['trip.updated']) => seen.push(`trip ${e.trip.id} ${e.trip.needsBus}`));
      await until(() => seen.length >= 2, 'the periodic look', 10_000);
      expect(seen).toEqual([`notification ${trip.id}`, `trip ${trip.id} true`]);
    } finally {
      await own.close();
    }
  }, 120_000); // a cold embedded database of its own, started and migrated inside the test
});
