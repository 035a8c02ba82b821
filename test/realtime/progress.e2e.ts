import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import type { DriverAssignmentDto } from '../../server/src/contracts/driver-wire';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import type { FleetDriver } from '../../server/src/fleet/driver.entity';
import { syncFleetAssignments } from '../../server/src/fleet/repository/fleet-assignment.repository';
import { LateAlerts } from '../../server/src/progress/late-alerts.service';
import { readTrip } from '../../server/src/trips/repository/trip-read.repository';
import { buildTenant, type TestTenant, type TestUser } from '../support/factories';
import { buildBus, buildDriverAccount } from '../support/fleet-factory';
import { useReplicas } from '../support/replicas';
import { buildTrip } from '../support/trip-factory';
import { closeAllClients, connectLive, expectDelivery, type LiveClient } from './live-client';

/**
 * The day of travel over two replicas and Redis (docs/domain.md, "The day of travel"): a driver's tap on one replica
 * reaches the boards and the school's consoles on the other as the trip with its progress, and the driver's own
 * consoles as `driver:changed`.
 */
describe('a bus’s progress across replicas', () => {
  const [a, b] = useReplicas({ beforeStop: closeAllClients }).apps;
  let acme: TestTenant;
  let omar: TestUser & { driver: FleetDriver };
  let trip: TripDto;
  let s: Record<'dispatcher' | 'staff' | 'driver' | 'otherSchool' | 'otherCompany', LiveClient>;

  beforeAll(async () => {
    acme = await buildTenant(a, 'Live progress');
    omar = await buildDriverAccount(a, acme.orgs.busA, { name: 'Omar Haddad' });
    const bus = await buildBus(a, acme.orgs.busA, { name: 'Bus 7' });
    const now = dayjs();
    const back = now.add(4, 'hour');
    const accepted = await buildTrip(a, acme, {
      status: 'Accepted',
      buses: [],
      departureDate: now.format('YYYY-MM-DD'),
      departureTime: now.format('hh:mm A'),
      returnDate: back.format('YYYY-MM-DD'),
      returnTime: back.format('hh:mm A'),
    });
    const assigned = await a
      .http()
      .patch(`/api/trips/${accepted.id}`)
      .set('Authorization', acme.users.busA.auth)
      .send({ status: 'Confirmed', buses: [{ busType: 'White Bus', busSeats: 50, busId: bus.id, driverId: omar.driver.id }] });
    expect(assigned.status).toBe(200);
    trip = assigned.body as TripDto;
    s = {
      dispatcher: await connectLive(b.url, acme.users.busA.token, 'B: dispatcher A'),
      staff: await connectLive(b.url, acme.users.staffA.token, 'B: staff A'),
      driver: await connectLive(b.url, omar.token, 'B: driver Omar'),
      otherSchool: await connectLive(b.url, acme.users.staffB.token, 'B: staff B'),
      otherCompany: await connectLive(a.url, acme.users.busB.token, 'A: dispatcher B'),
    };
  }, 60_000);

  it('sends a step tapped on replica A to the board and the school on replica B, and tells the driver’s consoles', async () => {
    const driverMark = s.driver.received.length;
    const tap = { id: randomUUID(), tripId: trip.id, step: 'leftDepot', at: new Date().toISOString() };
    const { result, events } = await expectDelivery(
      async () => {
        const res = await a.http().post('/api/driver/steps').set('Authorization', omar.auth).send(tap);
        expect(res.status).toBe(201);
        return res.body as DriverAssignmentDto;
      },
      'trip:updated',
      (e) => e.trip.id === trip.id && e.trip.progress[0]?.current === 'leftDepot',
      [s.dispatcher, s.staff],
      [s.otherSchool, s.otherCompany],
    );
    for (const e of events) {
      expect(e.by).toEqual({ id: omar.user.id, name: 'Omar Haddad' });
      // a step, not a change of the trip's status: the bell passes over it
      expect(e.driverStep).toBe(true);
      expect(e.trip.progress).toEqual([result.progress]);
    }
    const changed = await s.driver.nextSince(driverMark, 'driver:changed', (e) => e.tripIds.includes(trip.id));
    expect(changed.tripIds).toEqual([trip.id]);
    // A driver hears of their trips only this way: never the trips themselves.
    expect(s.driver.eventsSince(driverMark).filter((r) => r.event !== 'driver:changed')).toEqual([]);
  });

  it('pages a late departure found on replica A to the company and the school on replica B, and no one else', async () => {
    const bus = await buildBus(a, acme.orgs.busA, { name: `Bus ${randomUUID().slice(0, 4)}` });
    const out = dayjs().subtract(15, 'minute');
    const back = out.add(4, 'hour');
    const row = await buildTrip(a, acme, {
      status: 'Confirmed',
      departureDate: out.format('YYYY-MM-DD'),
      departureTime: out.format('hh:mm A'),
      returnDate: back.format('YYYY-MM-DD'),
      returnTime: back.format('hh:mm A'),
      buses: [
        { busType: 'White Bus', busSeats: 50, busId: bus.id, busName: bus.name, driverId: omar.driver.id, driverName: 'Omar Haddad' },
      ],
    });
    // Written straight to the database: the check, not a change's event, finds it late.
    await syncFleetAssignments(a.db.manager, (await readTrip(a.db.manager, row.id))!);
    const { result } = await expectDelivery(
      () => a.app.get(LateAlerts).check({ tripIds: [row.id] }),
      'notification:created',
      (e) => e.notification.tripId === row.id && e.notification.lateKind === 'departure',
      [s.dispatcher, s.staff],
      [s.otherSchool, s.otherCompany, s.driver],
    );
    expect(result).toHaveLength(1);
  });
});
