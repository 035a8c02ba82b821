import type { LiveEvent } from '../../server/src/contracts/events';
import { localDate } from '../../server/src/contracts/calendar';
import type { TripStats } from '../../server/src/contracts/trip-list';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { STATS_PUSH_MS, StatsPusher } from '../../server/src/realtime/stats-pusher.service';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, type TestTenant, type TestUser, uniq } from '../support/factories';
import { closeAllClients, connectLive, type LiveClient, sleep, tripBody } from './live-client';

type StatsEvent = LiveEvent<'trips:stats'>;

/** The `trips:stats` pushes a socket received since `since`. */
const pushes = (c: LiveClient, since = 0): StatsEvent[] =>
  c.received
    .slice(since)
    .filter((r) => r.event === 'trips:stats')
    .map((r) => r.payload as unknown as StatsEvent);

describe("the dashboard's figures are pushed once a second per audience, not asked again by every console", () => {
  let t: TestApp;
  let acme: TestTenant;
  let other: TestTenant;
  let pusher: StatsPusher;
  const today = localDate();

  const ok = async <T>(res: PromiseLike<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    if (r.status >= 300) throw new Error(`HTTP ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const post = (user: TestUser, body: object) => ok<TripDto>(t.http().post('/api/trips').set('Authorization', user.auth).send(body));
  const patch = (user: TestUser, id: number, body: object) =>
    ok<TripDto>(t.http().patch(`/api/trips/${id}`).set('Authorization', user.auth).send(body));
  const statsOf = (user: TestUser) => ok<TripStats>(t.http().get('/api/trips/stats').query({ today }).set('Authorization', user.auth));
  /** Waits until `c`'s last push shows `want` (the figures GET /trips/stats answers now), then for any late one. */
  const settledOn = async (c: LiveClient, since: number, want: TripStats): Promise<StatsEvent[]> => {
    const deadline = Date.now() + 5_000;
    while (JSON.stringify(pushes(c, since).at(-1)?.stats) !== JSON.stringify(want)) {
      if (Date.now() > deadline) throw new Error(`${c.label}: the pushed figures never matched GET /trips/stats`);
      await sleep(50);
    }
    await sleep(STATS_PUSH_MS + 300);
    return pushes(c, since);
  };

  beforeAll(async () => {
    // Fifty dashboards of one admin: above the default cap of live connections per user.
    t = await startTestApp({ LIVE_CONNECTIONS_PER_USER: '60' });
    pusher = t.app.get(StatsPusher);
    acme = await buildTenant(t, 'Acme');
    other = await buildTenant(t, 'Other');
  });

  afterAll(async () => {
    closeAllClients();
    await t.close();
  });

  /** 20 changes of school A's trips within a second, watched by `n` admin dashboards and one console of each other scope. */
  async function round(n: number) {
    const live = (user: TestUser, label: string) => connectLive(t.url, user.token, label);
    const admins = await Promise.all(Array.from({ length: n }, (_, i) => live(acme.users.admin, `admin ${i + 1}`)));
    const watch = {
      staffA: await live(acme.users.staffA, 'staff of school A'),
      busA: await live(acme.users.busA, "school A's partner company"),
      staffB: await live(acme.users.staffB, 'staff of school B'),
      busB: await live(acme.users.busB, "school B's partner company"),
      manager: await live(acme.users.manager, 'a trip manager'),
      otherAdmin: await live(other.users.admin, "another tenant's admin"),
    };
    // Whatever an earlier change left to flush goes out before the count starts.
    await sleep(STATS_PUSH_MS + 300);
    await pusher.settled();
    const computedBefore = pusher.computed;
    const all = [...admins, ...Object.values(watch)];
    const marks = new Map(all.map((c) => [c, c.received.length]));
    const since = (c: LiveClient) => marks.get(c)!;

    const started = Date.now();
    const trips = await Promise.all(Array.from({ length: 10 }, () => post(acme.users.staffA, tripBody(`Zoo ${uniq()}`))));
    await Promise.all(trips.map((trip) => patch(acme.users.admin, trip.id, { destination: `Museum ${uniq()}` })));
    // Within a second here; a loaded machine may take longer, which allows one more flush per second taken.
    const elapsed = Date.now() - started;

    const [adminStats, staffStats, busStats] = await Promise.all([
      statsOf(acme.users.admin),
      statsOf(acme.users.staffA),
      statsOf(acme.users.busA),
    ]);
    const perAdmin = await Promise.all(admins.map((c) => settledOn(c, since(c), adminStats)));
    await pusher.settled();
    const computed = pusher.computed - computedBefore;

    // Every dashboard got the same few pushes (2–3 for 20 changes), the last one as GET /trips/stats answers.
    const flushes = perAdmin[0].length;
    expect(flushes).toBeGreaterThanOrEqual(1);
    expect(flushes).toBeLessThanOrEqual(Math.max(3, Math.ceil(elapsed / STATS_PUSH_MS) + 2));
    for (const received of perAdmin) {
      expect(received).toHaveLength(flushes);
      expect(received.at(-1)).toEqual({
        scope: `tenant:${acme.tenant.id}`,
        today,
        stats: adminStats,
        seq: expect.any(Number),
        tenantId: acme.tenant.id,
      });
    }
    // The school's staff and its partner company get their own figures, as they would GET them.
    expect(pushes(watch.staffA, since(watch.staffA)).at(-1)).toMatchObject({
      scope: `org:${acme.orgs.schoolA.id}`,
      today,
      stats: staffStats,
    });
    expect(pushes(watch.busA, since(watch.busA)).at(-1)).toMatchObject({ scope: `org:${acme.orgs.busA.id}`, today, stats: busStats });
    // Those whose figures these trips are not in hear nothing.
    for (const c of [watch.staffB, watch.busB, watch.manager, watch.otherAdmin]) expect(pushes(c, since(c)).map(() => c.label)).toEqual([]);

    for (const c of all) c.close();
    // Three audiences (the tenant, school A, its partner company), each counted once per flush.
    return { computed, flushes };
  }

  it('counts each audience once per flush, whether 1 or 50 dashboards are open, and pushes exactly the figures GET answers', async () => {
    const one = await round(1);
    const fifty = await round(50);
    expect(one.computed).toBe(3 * one.flushes);
    expect(fifty.computed).toBe(3 * fifty.flushes);
    expect(fifty.computed / fifty.flushes).toBe(one.computed / one.flushes);
  });

  it("pushes a trip manager's own figures to them alone, and the companies' figures when a trip leaves them", async () => {
    const live = (user: TestUser, label: string) => connectLive(t.url, user.token, label);
    const manager = await live(acme.users.manager, 'the requester');
    const staffNoOrg = await live(acme.users.staffNoOrg, 'school staff without a school (own trips only)');
    const busA = await live(acme.users.busA, 'bus A');
    const busB = await live(acme.users.busB, 'bus B');
    const staffA = await live(acme.users.staffA, 'staff of school A');
    await sleep(STATS_PUSH_MS + 300);
    await pusher.settled();
    const marks = new Map([manager, staffNoOrg, busA, busB, staffA].map((c) => [c, c.received.length]));
    const since = (c: LiveClient) => marks.get(c)!;

    // A trip manager's request at school B (bus B's partner), accepted for bus A, which sees it as its own (and first:
    // before the trips above, so it is in the upcoming ten).
    const trip = await post(
      acme.users.manager,
      tripBody(`Park ${uniq()}`, { schoolOrgId: acme.orgs.schoolB.id, departureDate: '2029-05-01', returnDate: '2029-05-01' }),
    );
    await patch(acme.users.admin, trip.id, { status: 'Accepted', busCompanyOrgId: acme.orgs.busA.id });
    const mine = await statsOf(acme.users.manager);
    expect(mine.upcomingTrips.map((x) => x.id)).toContain(trip.id);
    expect((await settledOn(manager, since(manager), mine)).at(-1)).toMatchObject({
      scope: `user:${acme.users.manager.user.id}`,
      today,
      stats: mine,
    });
    const seenByA = await statsOf(acme.users.busA);
    expect(seenByA.upcomingTrips.map((x) => x.id)).toContain(trip.id);
    expect(pushes(busA, since(busA)).at(-1)).toMatchObject({ scope: `org:${acme.orgs.busA.id}`, stats: seenByA });

    // Deleted: both companies that saw it get figures without it.
    await patch(acme.users.admin, trip.id, { status: 'Canceled' });
    await patch(acme.users.admin, trip.id, { deleted: true });
    const [forA, forB] = await Promise.all([statsOf(acme.users.busA), statsOf(acme.users.busB)]);
    expect(forA.upcomingTrips.map((x) => x.id)).not.toContain(trip.id);
    expect((await settledOn(busA, since(busA), forA)).at(-1)).toMatchObject({ scope: `org:${acme.orgs.busA.id}`, stats: forA });
    expect((await settledOn(busB, since(busB), forB)).at(-1)).toMatchObject({ scope: `org:${acme.orgs.busB.id}`, stats: forB });
    // Nothing for those who never saw it: school A's staff, school staff without a school (their own trips only).
    expect(pushes(staffNoOrg, since(staffNoOrg))).toEqual([]);
    expect(pushes(staffA, since(staffA))).toEqual([]);
  });
});

describe("the platform admins' figures span the tenants and are pushed to them alone", () => {
  // An embedded database of its own: the figures span every tenant, and the shared schema's other files write trips.
  let p: TestApp;
  let one: TestTenant;
  let two: TestTenant;
  let root: TestUser;
  const today = localDate();

  beforeAll(async () => {
    p = await startTestApp({}, { driver: 'pglite' });
    one = await buildTenant(p, 'One');
    two = await buildTenant(p, 'Two');
    root = await buildPlatformAdmin(p);
  });

  afterAll(async () => {
    closeAllClients();
    await p.close();
  });

  const post = async (user: TestUser, body: object) => {
    const res = await p.http().post('/api/trips').set('Authorization', user.auth).send(body);
    expect(res.status).toBe(201);
  };
  const platformPushes = (c: LiveClient, since: number) => pushes(c, since).filter((e) => e.scope === 'platform');

  it('counts them once per flush while a platform admin is connected, and not at all while none is', async () => {
    const pusher = p.app.get(StatsPusher);
    const tenantAdmin = await connectLive(p.url, one.users.admin.token, "tenant One's admin");
    await sleep(STATS_PUSH_MS + 300);
    await pusher.settled();

    // Nobody of the platform connected: tenant One's three audiences (the tenant, school A, its partner company).
    let before = pusher.computed;
    await post(one.users.staffA, tripBody(`Zoo ${uniq()}`));
    await sleep(STATS_PUSH_MS + 300);
    await pusher.settled();
    expect(pusher.computed - before).toBe(3);

    const platform = await connectLive(p.url, root.token, 'a platform admin');
    const mark = platform.received.length;
    const adminMark = tenantAdmin.received.length;
    before = pusher.computed;
    await Promise.all([post(one.users.staffA, tripBody(`Museum ${uniq()}`)), post(two.users.staffA, tripBody(`Park ${uniq()}`))]);
    const want = (await p.http().get('/api/trips/stats').query({ today }).set('Authorization', root.auth).expect(200)).body as TripStats;
    const deadline = Date.now() + 5_000;
    while (JSON.stringify(platformPushes(platform, mark).at(-1)?.stats) !== JSON.stringify(want)) {
      if (Date.now() > deadline) throw new Error('the platform admin never got the figures GET /trips/stats answers them');
      await sleep(50);
    }
    await pusher.settled();
    // Each tenant's three audiences once (each was changed once), and the platform's once per flush.
    const flushes = platformPushes(platform, mark).length;
    expect(pusher.computed - before).toBe(6 + flushes);
    expect(platformPushes(platform, mark).at(-1)).toMatchObject({ scope: 'platform', today, tenantId: null });
    // A tenant's admin never gets the platform's figures.
    expect(platformPushes(tenantAdmin, adminMark)).toEqual([]);
  });
});
