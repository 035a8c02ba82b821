import { PresenceMessages } from '../../server/src/contracts/presence';
import { buildTenant, buildUser, type TestTenant } from '../support/factories';
import { useReplicas } from '../support/replicas';
import { buildTrip } from '../support/trip-factory';
import { closeAllClients, connectLive } from './live-client';
import {
  announce,
  clearPresence,
  expectNone,
  marksOf,
  nextUser,
  nextSnapshot,
  nextTrip,
  nobody,
  only,
  syncPresence,
} from './presence-client';

const LIMIT = 3;

/** One process without REDIS_URL: presence kept in memory, with the same protocol and rights, on both databases. */
describe.each(['pg', 'pglite'] as const)('presence in one process (no Redis), on %s', (driver) => {
  const [t] = useReplicas({ count: 1, redis: false, env: { PRESENCE_RATE_LIMIT: String(LIMIT) }, driver }).apps;
  let acme: TestTenant;

  beforeAll(async () => {
    acme = await buildTenant(t, 'Solo');
  });
  afterEach(() => closeAllClients());

  it('reports the in-memory adapter', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ adapter: 'memory', redis: 'disabled' });
  });

  it('pushes a trip’s viewers to those who may see it, refuses the others, and clears them when the socket closes', async () => {
    const trip = await buildTrip(t, acme, { status: 'Pending' });
    const dispatcher = await connectLive(t.url, acme.users.busA.token, 'bus A');
    const staffA = await connectLive(t.url, acme.users.staffA.token, 'staff A');
    const staffB = await connectLive(t.url, acme.users.staffB.token, 'staff B');
    const busB = await connectLive(t.url, acme.users.busB.token, 'bus B');
    const marks = marksOf([staffA, staffB, busB]);

    expect(await announce(busB, trip.id, 'assigning')).toEqual({ ok: false, message: 'Trip not found.' });
    expect(await announce(dispatcher, trip.id, 'assigning')).toEqual({ ok: true });
    await nextTrip(staffA, marks.get(staffA)!, trip.id, only(acme.users.busA.user.id, 'assigning'));
    await expectNone(new Map([staffB, busB].map((c) => [c, marks.get(c)!])), 'presence:trip');

    const late = await connectLive(t.url, acme.users.admin.token, 'admin, late');
    const snapshot = await nextSnapshot(late, 0);
    expect(snapshot.trips.find((x) => x.tripId === trip.id)?.viewers.map((v) => v.userId)).toEqual([acme.users.busA.user.id]);

    const since = staffA.received.length;
    dispatcher.close();
    await nextTrip(staffA, since, trip.id, nobody);
    expect(await syncPresence(staffA, [trip.id])).toMatchObject({ ok: true, snapshot: { trips: [] } });
  });

  it('limits announcements to PRESENCE_RATE_LIMIT per 10 s per connection', async () => {
    const trip = await buildTrip(t, acme, { status: 'Pending' });
    const staff = await connectLive(t.url, acme.users.staffA.token, 'staff A');
    const started = Date.now();
    const acks = await Promise.all(Array.from({ length: 30 }, (_, i) => announce(staff, trip.id, i % 2 ? 'editing' : 'viewing')));
    const elapsed = Date.now() - started;
    const accepted = acks.filter((a) => a.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(LIMIT);
    expect(accepted).toBeLessThanOrEqual(LIMIT + Math.ceil((elapsed * LIMIT) / 10_000));
    expect(acks.filter((a) => !a.ok)).toEqual(Array(30 - accepted).fill({ ok: false, message: PresenceMessages.rateLimited }));
    expect(await clearPresence(staff)).toEqual({ ok: true });
  });

  it('tells the tenant admin who is online, live', async () => {
    const admin = await connectLive(t.url, acme.users.admin.token, 'admin');
    const finance = await connectLive(t.url, acme.users.finance.token, 'finance');
    const user = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
    const marks = marksOf([admin, finance]);
    const socket = await connectLive(t.url, user.token, 'newcomer');
    await nextUser(admin, marks.get(admin)!, acme.tenant.id, user.user.id, true);
    const since = admin.received.length;
    socket.close();
    await nextUser(admin, since, acme.tenant.id, user.user.id, false);
    await expectNone(new Map([[finance, marks.get(finance)!]]), 'presence:user');
    await expectNone(new Map([[finance, 0]]), 'presence:online');
  });
});
