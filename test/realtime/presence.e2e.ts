import { PRESENCE_ACTIVITIES, PresenceMessages } from '../../server/src/contracts/presence';
import { buildPlatformAdmin, buildTenant, buildUser, type TestTenant, type TestUser } from '../support/factories';
import { useReplicas } from '../support/replicas';
import { buildTrip } from '../support/trip-factory';
import { closeAllClients, connectLive } from './live-client';
import {
  announce,
  clearPresence,
  expectNone,
  marksOf,
  nextOnline,
  nextSnapshot,
  nextTrip,
  nextUser,
  nobody,
  only,
  presenceSince,
  rawCommand,
  syncPresence,
} from './presence-client';

const RATE_LIMIT = 20; // the default PRESENCE_RATE_LIMIT, per 10 s per connection (tighter than the default limit per user)
const INT4_MAX = 2_147_483_647;

/** Two replicas on one PostgreSQL and one Redis: presence announced on one is heard on both, by exactly those who may see the trip. */
describe('presence across replicas (Redis)', () => {
  const [a, b] = useReplicas().apps;
  let acme: TestTenant;
  let other: TestTenant;
  let root: TestUser;

  beforeAll(async () => {
    acme = await buildTenant(a, 'Presence');
    other = await buildTenant(a, 'Elsewhere');
    root = await buildPlatformAdmin(a);
  });
  afterEach(() => closeAllClients());

  /** A Pending trip of school A, requested by staff A: seen by school A, its partner bus A, the admins and finance. */
  const pendingTrip = () => buildTrip(a, acme, { status: 'Pending' });

  it('delivers who is on a trip to exactly the users who may see it, on both replicas', async () => {
    const trip = await pendingTrip();
    const u = acme.users;
    const secondDispatcher = await buildUser(a, { tenantId: acme.tenant.id, role: 'bus_company', activeOrgId: acme.orgs.busA.id });
    const announcer = await connectLive(a.url, u.busA.token, 'A: bus A');
    const allowed = [
      await connectLive(a.url, u.admin.token, 'A: admin'),
      await connectLive(b.url, u.staffA.token, 'B: staff A'),
      await connectLive(b.url, secondDispatcher.token, 'B: another bus A dispatcher'),
      await connectLive(b.url, u.finance.token, 'B: finance'),
      await connectLive(a.url, root.token, 'A: platform admin'),
    ];
    const refused = [
      await connectLive(a.url, u.staffB.token, 'A: staff B'),
      await connectLive(b.url, u.busB.token, 'B: bus B'),
      await connectLive(b.url, u.manager.token, 'B: trip manager'),
      await connectLive(a.url, u.staffNoOrg.token, 'A: staff without school'),
      await connectLive(b.url, other.users.admin.token, 'B: other tenant admin'),
      await connectLive(a.url, other.users.busA.token, 'A: other tenant bus A'),
    ];
    const marks = marksOf([announcer, ...allowed, ...refused]);

    const sent = Date.now();
    expect(await announce(announcer, trip.id, 'assigning')).toEqual({ ok: true });
    const seen = await Promise.all(allowed.map((c) => nextTrip(c, marks.get(c)!, trip.id, only(u.busA.user.id, 'assigning'))));
    expect(seen[1].viewers[0]).toMatchObject({
      userId: u.busA.user.id,
      name: u.busA.user.name,
      role: 'bus_company',
      activity: 'assigning',
    });
    expect(Number.isNaN(Date.parse(seen[1].viewers[0].since))).toBe(false);
    // the announcer's own sockets hear it too (the console hides its own user)
    await nextTrip(announcer, marks.get(announcer)!, trip.id, only(u.busA.user.id));
    console.log(`presence appeared on the other replica after ${Math.max(...seen.map((s) => s.at)) - sent} ms`);
    await expectNone(new Map(refused.map((c) => [c, marks.get(c)!])), 'presence:trip');
  });

  it('refuses an announcement for a trip the user may not see, and nobody hears of it', async () => {
    const trip = await pendingTrip();
    const deleted = await buildTrip(a, acme, { status: 'Canceled', deleted: true });
    const foreign = await buildTrip(a, other, { status: 'Pending' });
    const watchers = [
      await connectLive(a.url, acme.users.admin.token, 'A: admin'),
      await connectLive(b.url, acme.users.staffA.token, 'B: staff A'),
      await connectLive(b.url, root.token, 'B: platform admin'),
      await connectLive(a.url, other.users.admin.token, 'A: other admin'),
    ];
    const busB = await connectLive(b.url, acme.users.busB.token, 'B: bus B (not partnered with school A)');
    const outsider = await connectLive(a.url, other.users.busA.token, 'A: other tenant dispatcher');
    const manager = await connectLive(a.url, acme.users.manager.token, 'A: trip manager (did not create it)');
    const marks = marksOf([...watchers, busB, outsider, manager]);

    const notFound = { ok: false, message: 'Trip not found.' };
    expect(await announce(busB, trip.id, 'assigning')).toEqual(notFound);
    expect(await announce(outsider, trip.id)).toEqual(notFound);
    expect(await announce(manager, trip.id, 'editing')).toEqual(notFound);
    expect(await announce(busB, foreign.id)).toEqual(notFound); // another tenant's
    expect(await announce(busB, deleted.id)).toEqual(notFound);
    expect(await announce(busB, INT4_MAX)).toEqual(notFound); // no such trip: the same answer
    await expectNone(marks, 'presence:trip', [trip.id, foreign.id, deleted.id, INT4_MAX]);
    // and the trip has nobody on it for those who see it
    const sync = await syncPresence(watchers[1], [trip.id]);
    expect(sync).toMatchObject({ ok: true, snapshot: { tripIds: [trip.id], trips: [] } });
  });

  it('answers a malformed command with a message and changes nothing', async () => {
    const trip = await pendingTrip();
    const staff = await connectLive(a.url, acme.users.staffA.token, 'A: staff A');
    const watcher = await connectLive(b.url, acme.users.admin.token, 'B: admin');
    const marks = marksOf([watcher]);
    const bad = async (event: 'presence:set' | 'presence:clear' | 'presence:sync', payload: unknown) => rawCommand(staff, event, payload);
    expect(await bad('presence:set', { tripId: trip.id, activity: 'lurking' })).toEqual({
      ok: false,
      message: PresenceMessages.badActivity,
    });
    expect(await bad('presence:set', { tripId: 0, activity: 'viewing' })).toEqual({ ok: false, message: 'Invalid id.' });
    expect(await bad('presence:set', { tripId: INT4_MAX + 1, activity: 'viewing' })).toEqual({ ok: false, message: 'Invalid id.' });
    expect(await bad('presence:set', { tripId: String(trip.id), activity: 'viewing' })).toEqual({ ok: false, message: 'Invalid id.' });
    expect(await bad('presence:set', 'trip 1')).toEqual({ ok: false, message: PresenceMessages.badRequest });
    expect(await bad('presence:set', { tripId: trip.id, activity: 'viewing\u0000' })).toEqual({
      ok: false,
      message: PresenceMessages.badActivity,
    });
    expect(await bad('presence:clear', { tripId: -4 })).toEqual({ ok: false, message: 'Invalid id.' });
    expect(await bad('presence:sync', { tripIds: Array.from({ length: 501 }, (_, i) => i + 1) })).toEqual({
      ok: false,
      message: PresenceMessages.badSync,
    });
    await expectNone(marks, 'presence:trip', trip.id);
    expect(PRESENCE_ACTIVITIES.every((x) => PresenceMessages.badActivity.includes(x))).toBe(true);
  });

  it('shows a console that connects later who is already on the trip, and answers a sync for the trips on screen', async () => {
    const trip = await pendingTrip();
    const hidden = await buildTrip(a, acme, { status: 'Pending', schoolOrgId: acme.orgs.schoolB.id, creator: acme.users.staffB });
    const dispatcher = await connectLive(a.url, acme.users.busA.token, 'A: bus A');
    const staffB = await connectLive(a.url, acme.users.staffB.token, 'A: staff B');
    expect(await announce(dispatcher, trip.id, 'editing')).toEqual({ ok: true });
    expect(await announce(staffB, hidden.id, 'viewing')).toEqual({ ok: true });

    const late = await connectLive(b.url, acme.users.staffA.token, 'B: staff A, connecting late');
    const snapshot = await nextSnapshot(late, 0);
    expect(snapshot.tripIds).toBe('all');
    const mine = snapshot.trips.find((t) => t.tripId === trip.id);
    expect(mine?.viewers).toEqual([expect.objectContaining({ userId: acme.users.busA.user.id, activity: 'editing' })]);
    expect(snapshot.trips.some((t) => t.tripId === hidden.id)).toBe(false); // school B's trip: not staff A's to see

    const sync = await syncPresence(late, [trip.id, hidden.id]);
    expect(sync.ok).toBe(true);
    if (!sync.ok) return;
    expect(sync.snapshot.tripIds).toEqual([trip.id, hidden.id]);
    expect(sync.snapshot.trips.map((t) => t.tripId)).toEqual([trip.id]);
    expect(sync.online).toEqual([]); // not an admin

    const admin = await connectLive(b.url, acme.users.admin.token, 'B: admin');
    const adminSnapshot = await nextSnapshot(admin, 0);
    expect(adminSnapshot.trips.map((t) => t.tripId).sort()).toEqual([trip.id, hidden.id].sort());
  });

  it('clears presence everywhere when the socket closes, and on presence:clear', async () => {
    const trip = await pendingTrip();
    const second = await pendingTrip();
    const dispatcher = await connectLive(a.url, acme.users.busA.token, 'A: bus A');
    const staffOnB = await connectLive(b.url, acme.users.staffA.token, 'B: staff A');
    const adminOnA = await connectLive(a.url, acme.users.admin.token, 'A: admin');
    let marks = marksOf([staffOnB, adminOnA]);
    expect(await announce(dispatcher, trip.id, 'viewing')).toEqual({ ok: true });
    expect(await announce(dispatcher, second.id, 'passengers')).toEqual({ ok: true });
    await nextTrip(staffOnB, marks.get(staffOnB)!, second.id, only(acme.users.busA.user.id, 'passengers'));

    // one trip cleared
    marks = marksOf([staffOnB, adminOnA]);
    expect(await clearPresence(dispatcher, { tripId: second.id })).toEqual({ ok: true });
    await nextTrip(staffOnB, marks.get(staffOnB)!, second.id, nobody);
    expect(await clearPresence(dispatcher, { tripId: second.id })).toEqual({ ok: true }); // again: nothing to do, nothing pushed
    await expectNone(new Map([[staffOnB, staffOnB.received.length]]), 'presence:trip');

    // the socket closes
    marks = marksOf([staffOnB, adminOnA]);
    const closed = Date.now();
    dispatcher.close();
    const [onB, onA] = await Promise.all([
      nextTrip(staffOnB, marks.get(staffOnB)!, trip.id, nobody),
      nextTrip(adminOnA, marks.get(adminOnA)!, trip.id, nobody),
    ]);
    console.log(`presence disappeared on close after ${Math.max(onA.at, onB.at) - closed} ms (both replicas)`);
    const after = await syncPresence(staffOnB, [trip.id]);
    expect(after).toMatchObject({ ok: true, snapshot: { trips: [] } });
  });

  it('lists a user once per trip, with the activity that matters most among their tabs', async () => {
    const trip = await pendingTrip();
    const tab1 = await connectLive(a.url, acme.users.busA.token, 'A: bus A, tab 1');
    const tab2 = await connectLive(b.url, acme.users.busA.token, 'B: bus A, tab 2');
    const staff = await connectLive(b.url, acme.users.staffA.token, 'B: staff A');
    let since = staff.received.length;
    expect(await announce(tab1, trip.id, 'viewing')).toEqual({ ok: true });
    await nextTrip(staff, since, trip.id, only(acme.users.busA.user.id, 'viewing'));
    since = staff.received.length;
    expect(await announce(tab2, trip.id, 'assigning')).toEqual({ ok: true });
    await nextTrip(staff, since, trip.id, only(acme.users.busA.user.id, 'assigning'));
    since = staff.received.length;
    expect(await announce(staff, trip.id, 'viewing')).toEqual({ ok: true });
    const both = await nextTrip(staff, since, trip.id, (v) => v.length === 2);
    expect(both.viewers.map((v) => [v.userId, v.activity])).toEqual([
      [acme.users.busA.user.id, 'assigning'],
      [acme.users.staffA.user.id, 'viewing'],
    ]);
    since = staff.received.length;
    tab2.close();
    const back = await nextTrip(staff, since, trip.id, (v) => v.length === 2 && v[0].activity === 'viewing');
    expect(back.viewers.map((v) => v.userId).sort()).toEqual([acme.users.busA.user.id, acme.users.staffA.user.id].sort());
  });

  it('cuts a flood of announcements from one socket at the limit, and pushes none of the refused ones', async () => {
    const trip = await pendingTrip();
    // a user of their own: the flood also draws on their limit per user (fair-use.e2e.ts), which must not hold back other tests
    const staff = await buildUser(a, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolA.id });
    const flooder = await connectLive(a.url, staff.token, 'A: staff, flooding');
    const watcher = await connectLive(b.url, acme.users.admin.token, 'B: admin');
    const since = watcher.received.length;
    const started = Date.now();
    const acks = await Promise.all(Array.from({ length: 200 }, (_, i) => announce(flooder, trip.id, i % 2 === 0 ? 'viewing' : 'editing')));
    const elapsed = Date.now() - started;
    const accepted = acks.filter((x) => x.ok).length;
    const refused = acks.filter((x) => !x.ok);
    console.log(`flood: ${accepted} of 200 announcements accepted in ${elapsed} ms`);
    expect(refused.every((x) => !x.ok && x.message === PresenceMessages.rateLimited)).toBe(true);
    // a burst of the limit, then the refill rate (the limit per 10 s) for as long as the flood lasted
    expect(accepted).toBeGreaterThanOrEqual(RATE_LIMIT);
    expect(accepted).toBeLessThanOrEqual(RATE_LIMIT + Math.ceil((elapsed * RATE_LIMIT) / 10_000));
    // every accepted announcement changed the activity, so each was pushed once; the refused ones never
    await nextTrip(watcher, since, trip.id, () => presenceSince(watcher, since, 'presence:trip', trip.id).length >= accepted, 5_000);
    await expectNone(new Map([[watcher, watcher.received.length]]), 'presence:trip', trip.id);
    expect(presenceSince(watcher, since, 'presence:trip', trip.id)).toHaveLength(accepted);
    // clearing is never refused by the limit
    expect(await clearPresence(flooder)).toEqual({ ok: true });
  });

  it('tells tenant admins and platform admins who is online, and nobody else', async () => {
    const admin = await connectLive(a.url, acme.users.admin.token, 'A: admin');
    const platform = await connectLive(b.url, root.token, 'B: platform admin');
    const notAdmins = [
      await connectLive(b.url, acme.users.finance.token, 'B: finance'),
      await connectLive(a.url, acme.users.staffA.token, 'A: staff A'),
      await connectLive(b.url, acme.users.busA.token, 'B: bus A'),
      await connectLive(a.url, other.users.admin.token, 'A: other tenant admin'),
    ];
    // a snapshot on connect
    const first = await nextOnline(admin, 0, acme.tenant.id, (ids) => ids.includes(acme.users.admin.user.id));
    expect(first.userIds).toContain(acme.users.admin.user.id);

    const newcomer = await buildUser(a, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolB.id });
    const marks = marksOf([admin, platform, ...notAdmins]);
    const socket = await connectLive(b.url, newcomer.token, 'B: newcomer');
    const cameOnline = await nextUser(admin, marks.get(admin)!, acme.tenant.id, newcomer.user.id, true);
    await nextUser(platform, marks.get(platform)!, acme.tenant.id, newcomer.user.id, true);
    // a second tab of the same user changes nothing
    const marks2 = marksOf([admin, platform]);
    const secondTab = await connectLive(a.url, newcomer.token, 'A: newcomer, second tab');
    await nextSnapshot(secondTab, 0); // sent once the connection is counted
    secondTab.close();
    socket.close();
    const wentOffline = await nextUser(admin, marks2.get(admin)!, acme.tenant.id, newcomer.user.id, false);
    await nextUser(platform, marks2.get(platform)!, acme.tenant.id, newcomer.user.id, false);
    expect(wentOffline.version).toBeGreaterThan(cameOnline.version);
    const newsOfNewcomer = presenceSince(admin, marks2.get(admin)!, 'presence:user').filter(
      (r) => (r.payload as { userId: number }).userId === newcomer.user.id,
    );
    expect(newsOfNewcomer).toHaveLength(1);
    // nobody else ever hears of acme's online users (the other tenant's admin only of their own tenant)
    const quiet = new Map(notAdmins.slice(0, 3).map((c) => [c, 0]));
    await expectNone(quiet, 'presence:online');
    await expectNone(quiet, 'presence:user');
    const otherAdmin = notAdmins[3];
    const heard = [...presenceSince(otherAdmin, 0, 'presence:online'), ...presenceSince(otherAdmin, 0, 'presence:user')];
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((r) => (r.payload as { tenantId: number }).tenantId === other.tenant.id)).toBe(true);
    // the sync answer carries the online list for admins
    const sync = await syncPresence(admin);
    expect(sync.ok && sync.online.map((o) => o.tenantId)).toEqual([acme.tenant.id]);
  });

  describe('when who sees the trip changes, presence does not outlive it', () => {
    let t: TestTenant;
    beforeEach(async () => {
      t = await buildTenant(a, 'Changing');
    });

    it('withdraws a bus company whose partnership with the school is removed (through the other replica), and tells it nothing more', async () => {
      const trip = await buildTrip(a, t, { status: 'Pending' });
      const dispatcher = await connectLive(b.url, t.users.busA.token, 'B: bus A');
      const staff = await connectLive(a.url, t.users.staffA.token, 'A: staff A');
      let since = staff.received.length;
      expect(await announce(dispatcher, trip.id, 'viewing')).toEqual({ ok: true });
      await nextTrip(staff, since, trip.id, only(t.users.busA.user.id));

      since = staff.received.length;
      const schoolABusA = t.partnerships.find((p) => p.schoolOrgId === t.orgs.schoolA.id)!;
      await a.http().delete(`/api/global/partnerships/${schoolABusA.id}`).set('Authorization', t.users.admin.auth).expect(204);
      await nextTrip(staff, since, trip.id, nobody, 2_000);

      expect(await announce(dispatcher, trip.id, 'viewing')).toEqual({ ok: false, message: 'Trip not found.' });
      const marks = marksOf([dispatcher]);
      expect(await announce(staff, trip.id, 'editing')).toEqual({ ok: true });
      await expectNone(marks, 'presence:trip');
      const sync = await syncPresence(dispatcher, [trip.id]);
      expect(sync).toMatchObject({ ok: true, snapshot: { trips: [] } });
    });

    it('withdraws a bus company the trip moves away from (through the other replica), and tells it nothing more', async () => {
      const trip = await buildTrip(a, t, { status: 'Pending' });
      const as = (u: TestUser) => (method: 'patch', body: object) =>
        a.http()[method](`/api/trips/${trip.id}`).set('Authorization', u.auth).send(body).expect(200);
      // the admin gives it to bus B (not school A's partner); B confirms; school A edits it (Pending again, B still assigned)
      await as(t.users.admin)('patch', { status: 'Accepted', busCompanyOrgId: t.orgs.busB.id });
      await as(t.users.busB)('patch', {
        status: 'Confirmed',
        buses: [{ busType: 'White Bus', busSeats: 30, driverName: 'Sam', driverPhone: '1' }],
      });
      await as(t.users.staffA)('patch', { destination: 'Farm, again' });
      const busB = await connectLive(b.url, t.users.busB.token, 'B: bus B');
      const staff = await connectLive(a.url, t.users.staffA.token, 'A: staff A');
      let since = staff.received.length;
      expect(await announce(busB, trip.id, 'assigning')).toEqual({ ok: true });
      await nextTrip(staff, since, trip.id, only(t.users.busB.user.id, 'assigning'));

      since = staff.received.length;
      await as(t.users.admin)('patch', { status: 'Accepted', busCompanyOrgId: t.orgs.busA.id });
      await nextTrip(staff, since, trip.id, nobody, 2_000);
      const marks = marksOf([busB]);
      expect(await announce(staff, trip.id, 'viewing')).toEqual({ ok: true });
      await expectNone(marks, 'presence:trip');
      expect(await announce(busB, trip.id, 'assigning')).toEqual({ ok: false, message: 'Trip not found.' });
    });

    it('withdraws school staff moved to another school, and tells them nothing more about the old school’s trip', async () => {
      const trip = await buildTrip(a, t, { status: 'Pending' });
      const mover = await buildUser(a, { tenantId: t.tenant.id, role: 'school_staff', activeOrgId: t.orgs.schoolA.id });
      const moving = await connectLive(b.url, mover.token, 'B: staff moving to school B');
      const staff = await connectLive(a.url, t.users.staffA.token, 'A: staff A');
      let since = staff.received.length;
      expect(await announce(moving, trip.id, 'passengers')).toEqual({ ok: true });
      await nextTrip(staff, since, trip.id, only(mover.user.id, 'passengers'));

      since = staff.received.length;
      await a
        .http()
        .put(`/api/users/${mover.user.id}`)
        .set('Authorization', t.users.admin.auth)
        .send({ active_org_id: t.orgs.schoolB.id })
        .expect(200);
      await nextTrip(staff, since, trip.id, nobody, 2_000);
      const marks = marksOf([moving]);
      expect(await announce(staff, trip.id, 'viewing')).toEqual({ ok: true });
      await expectNone(marks, 'presence:trip');
      expect(await announce(moving, trip.id, 'viewing')).toEqual({ ok: false, message: 'Trip not found.' });
    });

    it('renames a viewer everywhere when their name changes', async () => {
      const trip = await buildTrip(a, t, { status: 'Pending' });
      const dispatcher = await connectLive(a.url, t.users.busA.token, 'A: bus A');
      const staff = await connectLive(b.url, t.users.staffA.token, 'B: staff A');
      let since = staff.received.length;
      expect(await announce(dispatcher, trip.id, 'assigning')).toEqual({ ok: true });
      const before = await nextTrip(staff, since, trip.id, only(t.users.busA.user.id));
      since = staff.received.length;
      await b
        .http()
        .put(`/api/users/${t.users.busA.user.id}`)
        .set('Authorization', t.users.admin.auth)
        .send({ name: 'Dev Desert' })
        .expect(200);
      const after = await nextTrip(staff, since, trip.id, (v) => v[0]?.name === 'Dev Desert', 2_000);
      expect(after.viewers[0]).toMatchObject({ activity: 'assigning', since: before.viewers[0].since });
    });

    it('drops everyone from a trip that is deleted, and pushes nothing about it', async () => {
      const trip = await buildTrip(a, t, { status: 'Canceled' });
      const dispatcher = await connectLive(a.url, t.users.busA.token, 'A: bus A');
      const admin = await connectLive(b.url, t.users.admin.token, 'B: admin');
      const staff = await connectLive(b.url, t.users.staffA.token, 'B: staff A');
      const since = admin.received.length;
      expect(await announce(dispatcher, trip.id, 'viewing')).toEqual({ ok: true });
      await nextTrip(admin, since, trip.id, only(t.users.busA.user.id));

      const marks = marksOf([admin, staff, dispatcher]);
      await a.http().patch(`/api/trips/${trip.id}`).set('Authorization', t.users.admin.auth).send({ deleted: true }).expect(200);
      await expectNone(marks, 'presence:trip', trip.id);
      const sync = await syncPresence(admin);
      expect(sync.ok && sync.snapshot.trips.some((x) => x.tripId === trip.id)).toBe(false);
      expect(await announce(dispatcher, trip.id, 'viewing')).toEqual({ ok: false, message: 'Trip not found.' });
    });
  });
});
