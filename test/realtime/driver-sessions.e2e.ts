import { Messages } from '../../server/src/contracts/messages';
import { TripMessages } from '../../server/src/contracts/trip-messages';
import type { FleetDriver } from '../../server/src/fleet/driver.entity';
import { buildTenant, type TestTenant, type TestUser } from '../support/factories';
import { buildDriverAccount } from '../support/fleet-factory';
import { useReplicas } from '../support/replicas';
import { buildTrip } from '../support/trip-factory';
import { closeAllClients, connectLive, type LiveClient, QUIET_MS, refusal, sleep } from './live-client';
import { announce, syncPresence } from './presence-client';

/**
 * A driver's live connection (docs/domain.md, "Drivers") over two replicas and Redis: it sits in its own user and
 * driver rooms only, so the company's trips and fleet never reach it; it can neither announce nor read presence; and
 * taking the driver out of service on one replica closes its sockets on the other.
 */
describe('a driver’s live connection across replicas', () => {
  const [a, b] = useReplicas({ beforeStop: closeAllClients }).apps;
  let acme: TestTenant;
  let omar: TestUser & { driver: FleetDriver };

  beforeAll(async () => {
    acme = await buildTenant(a, 'Driver sockets');
    omar = await buildDriverAccount(a, acme.orgs.busA, { name: 'Omar Haddad' });
  });
  afterEach(() => closeAllClients());

  /** The trip, fleet and presence events a socket received since `since` (the driver's own `driver:changed` aside). */
  const consoleEvents = (c: LiveClient, since: number) =>
    c.received.slice(since).filter((r) => r.event.startsWith('trip:') || r.event.startsWith('fleet:') || r.event === 'presence:trip');

  it('hears nothing of the company’s trips and fleet, which its dispatcher hears', async () => {
    const driverOnB = await connectLive(b.url, omar.token, 'B: driver');
    const dispatcherOnB = await connectLive(b.url, acme.users.busA.token, 'B: dispatcher');
    // No tenant room: the driver is told no tenant's event count.
    expect(driverOnB.hello).toEqual({ seq: {} });
    const trip = await buildTrip(a, acme, { status: 'Accepted', buses: [] });
    const since = driverOnB.received.length;
    // The driver's own trip, even: its news reaches them as `driver:changed` only, never as the trip itself.
    await a
      .http()
      .patch(`/api/trips/${trip.id}`)
      .set('Authorization', acme.users.busA.auth)
      .send({ status: 'Confirmed', buses: [{ busType: 'White Bus', busSeats: 40, driverId: omar.driver.id }] })
      .expect(200);
    await a
      .http()
      .patch(`/api/fleet/drivers/${omar.driver.id}`)
      .set('Authorization', acme.users.busA.auth)
      .send({ mobile: '+971 50 999 0000' })
      .expect(200);
    await dispatcherOnB.next('trip:updated', (e) => e.trip.id === trip.id && e.status === 'Confirmed');
    await dispatcherOnB.next('fleet:updated', (e) => e.driver?.id === omar.driver.id && e.driver.mobile === '+971 50 999 0000');
    await sleep(QUIET_MS);
    expect(consoleEvents(driverOnB, since)).toEqual([]);
  });

  it('refuses the driver’s presence commands, and shows them on no trip', async () => {
    const trip = await buildTrip(a, acme, { status: 'Confirmed' });
    const driverOnA = await connectLive(a.url, omar.token, 'A: driver');
    const dispatcherOnB = await connectLive(b.url, acme.users.busA.token, 'B: dispatcher');
    const since = dispatcherOnB.received.length;
    expect(await announce(driverOnA, trip.id)).toEqual({ ok: false, message: TripMessages.tripNotFound });
    const sync = await syncPresence(driverOnA, [trip.id]);
    expect(sync).toMatchObject({ ok: true, snapshot: { trips: [] }, online: [] });
    await sleep(QUIET_MS);
    expect(dispatcherOnB.received.slice(since).filter((r) => r.event === 'presence:trip')).toEqual([]);
  });

  it('closes the driver’s sockets on both replicas when replica A takes the driver out of service', async () => {
    const other = await buildDriverAccount(a, acme.orgs.busA);
    const driverOnB = await connectLive(b.url, other.token, 'B: driver');
    const driverOnA = await connectLive(a.url, other.token, 'A: driver');
    const colleagueOnB = await connectLive(b.url, omar.token, 'B: another driver');
    const dispatcherOnB = await connectLive(b.url, acme.users.busA.token, 'B: dispatcher');

    await a
      .http()
      .patch(`/api/fleet/drivers/${other.driver.id}`)
      .set('Authorization', acme.users.admin.auth)
      .send({ active: false })
      .expect(200);

    expect(await driverOnB.disconnected()).toBe('io server disconnect');
    expect(await driverOnA.disconnected()).toBe('io server disconnect');
    await dispatcherOnB.next('fleet:updated', (e) => e.driver?.id === other.driver.id && e.driver.active === false);
    expect(colleagueOnB.socket.connected).toBe(true);
    expect(dispatcherOnB.socket.connected).toBe(true);
    for (const app of [a, b]) {
      expect((await refusal(app.url, other.token)).message).toBe(Messages.sessionEnded);
      await app.http().get('/api/users/me').set('Authorization', other.auth).expect(401);
    }
  });
});
