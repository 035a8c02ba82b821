import dayjs from 'dayjs';
import { addDays } from '../../server/src/contracts/fleet-rules';
import type { BusDto, DriverDto } from '../../server/src/contracts/fleet-wire';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { BusAlerts } from '../../server/src/fleet/bus-alerts.service';
import { buildPlatformAdmin, buildTenant, buildUser, type TestTenant, type TestUser, uniq } from '../support/factories';
import { buildBus, buildDriver } from '../support/fleet-factory';
import { useReplicas } from '../support/replicas';
import { buildTrip } from '../support/trip-factory';
import { closeAllClients, connectLive, expectDelivery, type LiveClient, QUIET_MS, sleep } from './live-client';

/**
 * The fleet rules (docs/domain.md, Fleet) over two replicas and Redis: fleet changes and "Needs a bus" alerts reach
 * exactly those who may read them.
 */
describe('fleet and dispatch events across replicas', () => {
  const [a, b] = useReplicas({ beforeStop: closeAllClients }).apps;
  let acme: TestTenant;
  let other: TestTenant;
  let root: TestUser;
  let dispatcherA2: TestUser;
  let s: Record<
    'busA' | 'busA2' | 'staffA' | 'staffB' | 'finance' | 'manager' | 'otherAdmin' | 'otherBus' | 'admin' | 'busB' | 'platform',
    LiveClient
  >;
  const all = () => Object.values(s);
  const except = (...keep: LiveClient[]) => all().filter((c) => !keep.includes(c));

  beforeAll(async () => {
    acme = await buildTenant(a, 'Live fleet');
    other = await buildTenant(a, 'Other fleet');
    root = await buildPlatformAdmin(a);
    dispatcherA2 = await buildUser(a, { tenantId: acme.tenant.id, role: 'bus_company', activeOrgId: acme.orgs.busA.id });
    const onA = (u: TestUser, label: string) => connectLive(a.url, u.token, `A: ${label}`);
    const onB = (u: TestUser, label: string) => connectLive(b.url, u.token, `B: ${label}`);
    s = {
      busA: await onB(acme.users.busA, 'dispatcher A'),
      busA2: await onB(dispatcherA2, 'second dispatcher A'),
      staffA: await onB(acme.users.staffA, 'staff A'),
      staffB: await onB(acme.users.staffB, 'staff B'),
      finance: await onB(acme.users.finance, 'finance'),
      manager: await onB(acme.users.manager, 'trip manager'),
      otherAdmin: await onB(other.users.admin, 'other tenant admin'),
      otherBus: await onB(other.users.busA, 'other tenant dispatcher'),
      admin: await onA(acme.users.admin, 'admin'),
      busB: await onA(acme.users.busB, 'dispatcher B'),
      platform: await onA(root, 'platform admin'),
    };
  }, 60_000);

  const ok = async <T>(res: Promise<{ status: number; body: unknown }>): Promise<T> => {
    const r = await res;
    if (r.status >= 300) throw new Error(`HTTP ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body as T;
  };

  it('sends a new bus, made through replica A, to its company’s dispatchers, the tenant’s admins and platform admins only', async () => {
    const { result: bus, events } = await expectDelivery(
      () =>
        ok<BusDto>(
          a
            .http()
            .post('/api/fleet/buses')
            .set('Authorization', acme.users.busA.auth)
            .send({ name: `Bus ${uniq()}`, busType: 'White Bus', seats: 30 }),
        ),
      'fleet:updated',
      (e, r) => e.bus?.id === r.id,
      [s.busA, s.busA2, s.admin, s.platform],
      except(s.busA, s.busA2, s.admin, s.platform),
    );
    for (const e of events) expect(e).toEqual({ bus, seq: expect.any(Number), tenantId: acme.tenant.id });
  });

  it('sends a driver changed through replica B by an admin to that company’s dispatcher on replica A, not to the other company’s', async () => {
    const driver = await buildDriver(a, acme.orgs.busB);
    const { result, events } = await expectDelivery(
      () =>
        ok<DriverDto>(
          b.http().patch(`/api/fleet/drivers/${driver.id}`).set('Authorization', acme.users.admin.auth).send({ active: false }),
        ),
      'fleet:updated',
      (e, r) => e.driver?.id === r.id && e.driver.active === false,
      [s.busB, s.admin, s.platform],
      except(s.busB, s.admin, s.platform),
    );
    expect(events[0]).toEqual({ driver: result, seq: expect.any(Number), tenantId: acme.tenant.id });
  });

  it('raises a "Needs a bus" alert once when both replicas look at the same moment, to the company’s dispatchers and the tenant’s admins', async () => {
    const tomorrow = addDays(dayjs().format('YYYY-MM-DD'), 1);
    const trip = await buildTrip(a, acme, {
      status: 'Accepted',
      buses: [],
      destination: `Zoo ${uniq()}`,
      departureDate: tomorrow,
      returnDate: tomorrow,
    });
    const platformMark = s.platform.received.length;
    const { result } = await expectDelivery(
      () => Promise.all([a.app.get(BusAlerts).check({ tripIds: [trip.id] }), b.app.get(BusAlerts).check({ tripIds: [trip.id] })]),
      'notification:created',
      (e) => e.notification.tripId === trip.id,
      [s.busA, s.busA2, s.admin],
      except(s.busA, s.busA2, s.admin, s.platform),
    );
    expect(result.flat()).toHaveLength(1);
    await sleep(QUIET_MS);
    // The run's realtime files share one schema, so a platform admin hears every other file's tenants too: of this
    // tenant, it hears nothing.
    const toPlatform = s.platform.eventsSince(platformMark).filter((r) => r.payload.tenantId === acme.tenant.id);
    expect(toPlatform).toEqual([]);
    for (const c of [s.busA, s.busA2, s.admin]) {
      const mine = c.received.filter(
        (r) => r.event === 'notification:created' && (r.payload.notification as { tripId: number }).tripId === trip.id,
      );
      expect(mine).toHaveLength(1);
      expect(mine[0].payload).toEqual({ notification: result.flat()[0], seq: expect.any(Number), tenantId: acme.tenant.id });
    }
  });

  it('pushes the clash flag to both trips’ audiences when an edit through replica A moves one trip onto the other', async () => {
    const bus = await buildBus(a, acme.orgs.busA, { name: `Bus ${uniq()}` });
    const day = '2031-09-09';
    const ofA = await buildTrip(a, acme, {
      status: 'Accepted',
      buses: [],
      departureDate: day,
      returnDate: day,
      departureTime: '08:00 AM',
      returnTime: '11:00 AM',
    });
    // school B's trip, given to company A by an admin
    const ofB = await buildTrip(a, acme, {
      status: 'Accepted',
      buses: [],
      schoolOrgId: acme.orgs.schoolB.id,
      creator: acme.users.staffB,
      departureDate: day,
      returnDate: day,
      departureTime: '12:00 PM',
      returnTime: '03:00 PM',
    });
    for (const trip of [ofA, ofB]) {
      await ok(
        a
          .http()
          .patch(`/api/trips/${trip.id}`)
          .set('Authorization', acme.users.busA.auth)
          .send({ status: 'Confirmed', buses: [{ busType: 'White Bus', busSeats: 40, busId: bus.id }] }),
      );
    }
    await s.staffB.next('trip:updated', (e) => e.trip.id === ofB.id && e.status === 'Confirmed');
    const sinceB = s.staffB.received.length;
    const sinceA = s.staffA.received.length;
    const edited = await ok<TripDto>(
      a.http().patch(`/api/trips/${ofA.id}`).set('Authorization', acme.users.staffA.auth).send({ returnTime: '01:00 PM' }),
    );
    expect(edited).toMatchObject({ status: 'Pending', editRequest: true, clashes: [expect.objectContaining({ tripId: ofB.id })] });
    const flagged = await s.staffB.nextSince(sinceB, 'trip:updated', (e) => e.trip.id === ofB.id && e.trip.clashes.length > 0);
    expect(flagged.trip.clashes).toEqual([{ tripId: ofA.id, resource: 'bus', resourceId: bus.id, resourceName: bus.name }]);
    await s.staffA.nextSince(sinceA, 'trip:updated', (e) => e.trip.id === ofA.id && e.trip.clashes.length > 0);
    await s.busA.next('trip:updated', (e) => e.trip.id === ofB.id && e.trip.clashes.length > 0);
    // school A's staff do not see school B's trip
    await sleep(QUIET_MS);
    expect(s.staffA.eventsSince(sinceA).filter((r) => (r.payload.trip as TripDto | undefined)?.id === ofB.id)).toEqual([]);
  });
});
