import type { TripDto } from '../../server/src/contracts/trip-wire';
import { buildPlatformAdmin, buildTenant, buildUser, type TestTenant, type TestUser, uniq } from '../support/factories';
import { useReplicas } from '../support/replicas';
import { closeAllClients, connectLive, expectDelivery, type LiveClient, tripBody } from './live-client';

/** Two app instances on one PostgreSQL and one Redis: two replicas behind a load balancer. */
describe('live events across replicas (Redis adapter)', () => {
  const [a, b] = useReplicas().apps;
  let acme: TestTenant;
  let root: TestUser;

  beforeAll(async () => {
    acme = await buildTenant(a, 'Replicated');
    root = await buildPlatformAdmin(a);
  });
  afterEach(() => closeAllClients());

  it('reports the Redis adapter and a live Redis on /api/health', async () => {
    for (const app of [a, b]) {
      const res = await app.http().get('/api/health').expect(200);
      expect(res.body).toMatchObject({ adapter: 'redis', redis: 'up' });
    }
  });

  it('delivers a change made through replica A to the right sockets on replica B, and to nobody else on either', async () => {
    const onB: Record<string, LiveClient> = {
      staffA: await connectLive(b.url, acme.users.staffA.token, 'B: staff A'),
      busA: await connectLive(b.url, acme.users.busA.token, 'B: bus A'),
      staffB: await connectLive(b.url, acme.users.staffB.token, 'B: staff B'),
      busB: await connectLive(b.url, acme.users.busB.token, 'B: bus B'),
      platform: await connectLive(b.url, root.token, 'B: platform'),
    };
    const onA: Record<string, LiveClient> = {
      admin: await connectLive(a.url, acme.users.admin.token, 'A: admin'),
      manager: await connectLive(a.url, acme.users.manager.token, 'A: manager'),
    };
    const { result: trip } = await expectDelivery(
      async () =>
        (
          await a
            .http()
            .post('/api/trips')
            .set('Authorization', acme.users.staffA.auth)
            .send(tripBody(`Zoo ${uniq()}`))
            .expect(201)
        ).body as TripDto,
      'trip:created',
      (e, r) => e.trip.id === r.id,
      [onB.staffA, onB.busA, onB.platform, onA.admin],
      [onB.staffB, onB.busB, onA.manager],
    );
    // and back: a change through B reaches A
    await expectDelivery(
      () => b.http().patch(`/api/trips/${trip.id}`).set('Authorization', acme.users.busA.auth).send({ status: 'Accepted' }).expect(200),
      'trip:updated',
      (e) => e.trip.id === trip.id && e.status === 'Accepted',
      [onA.admin, onB.staffA, onB.busA, onB.platform],
      [onB.staffB, onB.busB, onA.manager],
    );
  });

  it('numbers a tenant’s events with one counter, whichever replica sends them', async () => {
    const admin = await connectLive(b.url, acme.users.admin.token, 'B: admin');
    const first = admin.received.length;
    const seqs: number[] = [];
    for (const app of [a, b, a, b]) {
      const since = admin.received.length;
      await app
        .http()
        .put(`/api/users/${acme.users.finance.user.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send({ name: `Fin ${uniq()}` })
        .expect(200);
      seqs.push((await admin.nextSince(since, 'user:updated')).seq);
    }
    // The dashboard's figures, pushed a second after the last test's trip changes, may take a number between two of
    // these: the counter is the tenant's, so what the admin must see is every number in the span, each once. Not
    // necessarily in order: that push may come from the other replica and arrive just after a later number
    // (server/src/realtime/README.md, "events of different replicas may arrive slightly out of seq order").
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    const span = admin.received
      .slice(first)
      .map((r) => (r.payload as { seq?: number }).seq)
      .filter((n): n is number => n !== undefined && n >= seqs[0] && n <= seqs[3]);
    expect([...span].sort((x, y) => x - y)).toEqual(Array.from({ length: seqs[3] - seqs[0] + 1 }, (_, i) => seqs[0] + i));
  });

  it('closes, on replica B, the sockets of a token signed out through replica A', async () => {
    const u = await buildUser(a, { tenantId: acme.tenant.id, role: 'finance' });
    const onB = await connectLive(b.url, u.token, 'B: finance');
    await a
      .http()
      .post('/api/auth/logout')
      .set('Authorization', u.auth)
      .expect((r) => expect(r.status).toBeLessThan(300));
    expect(await onB.disconnected()).toBe('io server disconnect');
  });

  it('moves, on replica B, the sockets of a user whose role changed through replica A', async () => {
    const u = await buildUser(a, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolA.id });
    const onB = await connectLive(b.url, u.token, 'B: mover');
    const staffB = await connectLive(b.url, acme.users.staffB.token, 'B: staff B');
    await a
      .http()
      .put(`/api/users/${u.user.id}`)
      .set('Authorization', acme.users.admin.auth)
      .send({ active_org_id: acme.orgs.schoolB.id })
      .expect(200);
    await onB.next('user:updated', (e) => e.user.active_org_id === acme.orgs.schoolB.id);
    await expectDelivery(
      async () =>
        (
          await a
            .http()
            .post('/api/trips')
            .set('Authorization', acme.users.staffB.auth)
            .send(tripBody(`B ${uniq()}`))
            .expect(201)
        ).body as TripDto,
      'trip:created',
      (e, r) => e.trip.id === r.id,
      [onB, staffB],
      [],
    );
    await expectDelivery(
      async () =>
        (
          await a
            .http()
            .post('/api/trips')
            .set('Authorization', acme.users.staffA.auth)
            .send(tripBody(`A ${uniq()}`))
            .expect(201)
        ).body as TripDto,
      'trip:created',
      (e, r) => e.trip.id === r.id,
      [],
      [onB, staffB],
    );
  });
});
