import { buildTenant, type TestTenant } from '../support/factories';
import { redisStateOf, until } from '../support/redis-proxy';
import { useReplicas } from '../support/replicas';
import { buildTrip } from '../support/trip-factory';
import { closeAllClients, connectLive, QUIET_MS, sleep } from './live-client';
import { announce, nextSnapshot, nextTrip, nobody, only, presenceSince, syncPresence } from './presence-client';

/**
 * Replica B reaches Redis through a TCP proxy the test cuts: presence degrades like the rest of the live layer
 * (no crash, no error for the user, nothing stale left on the other replica) and comes back on its own.
 */
describe('presence while a replica’s Redis link is down', () => {
  const { apps, redisProxy: proxy } = useReplicas({ behindProxy: [1], beforeStop: closeAllClients });
  const [a, b] = apps;
  let acme: TestTenant;

  beforeAll(async () => {
    acme = await buildTenant(a, 'Outage presence');
  });

  it('withdraws the cut-off replica’s presence from the others, keeps answering, and puts it back when the link returns', async () => {
    const before = await buildTrip(a, acme, { status: 'Pending' });
    const during = await buildTrip(a, acme, { status: 'Pending' });
    const dispatcher = await connectLive(b.url, acme.users.busA.token, 'B: bus A');
    const adminOnB = await connectLive(b.url, acme.users.admin.token, 'B: admin');
    const staffOnA = await connectLive(a.url, acme.users.staffA.token, 'A: staff A');
    let since = staffOnA.received.length;
    expect(await announce(dispatcher, before.id, 'viewing')).toEqual({ ok: true });
    await nextTrip(staffOnA, since, before.id, only(acme.users.busA.user.id));
    // in another tenant, a dispatcher on B whose company loses its partnership while B cannot hear about it
    const lost = await buildTenant(a, 'Lost partnership');
    const lostTrip = await buildTrip(a, lost, { status: 'Pending' });
    const lostDispatcher = await connectLive(b.url, lost.users.busA.token, 'B: bus A of the other tenant');
    const lostStaff = await connectLive(a.url, lost.users.staffA.token, 'A: staff A of the other tenant');
    expect(await announce(lostDispatcher, lostTrip.id, 'assigning')).toEqual({ ok: true });
    await nextTrip(lostStaff, 0, lostTrip.id, only(lost.users.busA.user.id));
    const lostSince = lostStaff.received.length;

    since = staffOnA.received.length;
    const cut = Date.now();
    await proxy.cut();
    await until(async () => (await redisStateOf(b)) === 'down', 10_000, 'replica B to report Redis down');
    // replica A can no longer hear B's sockets: it gives them up like a dead replica's
    const gone = await nextTrip(staffOnA, since, before.id, nobody, 15_000);
    console.log(`replica B cut off from Redis: its presence left replica A's consoles after ${gone.at - cut} ms`);

    const partnership = lost.partnerships.find((p) => p.schoolOrgId === lost.orgs.schoolA.id)!;
    await a.http().delete(`/api/global/partnerships/${partnership.id}`).set('Authorization', lost.users.admin.auth).expect(204);

    // B keeps answering presence commands while Redis is away (no error for the user, no crash)
    expect(await announce(dispatcher, during.id, 'editing')).toEqual({ ok: true });
    expect(await syncPresence(adminOnB, [before.id])).toEqual({
      ok: false,
      message: 'Presence is unavailable right now; try again shortly.',
    });
    await b.http().get(`/api/trips/${before.id}`).set('Authorization', acme.users.admin.auth).expect(200);

    // the link returns: B writes its sockets' presence again, A's consoles see it, B's own get a fresh snapshot
    since = staffOnA.received.length;
    const sinceB = adminOnB.received.length;
    await proxy.start();
    await until(async () => (await redisStateOf(b)) === 'up', 15_000, 'replica B to report Redis up again');
    await Promise.all([
      nextTrip(staffOnA, since, before.id, only(acme.users.busA.user.id, 'viewing'), 10_000),
      nextTrip(staffOnA, since, during.id, only(acme.users.busA.user.id, 'editing'), 10_000),
    ]);
    const snapshot = await nextSnapshot(adminOnB, sinceB, 10_000);
    expect(snapshot.trips.map((t) => t.tripId).sort()).toEqual(expect.arrayContaining([before.id, during.id]));
    const sync = await syncPresence(staffOnA, [before.id, during.id]);
    expect(sync.ok && sync.snapshot.trips.map((t) => [t.tripId, t.viewers.map((v) => v.activity)])).toEqual(
      expect.arrayContaining([
        [before.id, ['viewing']],
        [during.id, ['editing']],
      ]),
    );
    // the dispatcher who lost the partnership meanwhile was checked again before B wrote its presence back
    await sleep(QUIET_MS);
    const lostLists = presenceSince(lostStaff, lostSince, 'presence:trip', lostTrip.id).map(
      (r) => (r.payload as { viewers: { userId: number }[] }).viewers,
    );
    expect(lostLists.flat().map((v) => v.userId)).not.toContain(lost.users.busA.user.id);
    expect(await syncPresence(lostStaff, [lostTrip.id])).toMatchObject({ ok: true, snapshot: { trips: [] } });
    expect(await announce(lostDispatcher, lostTrip.id, 'viewing')).toEqual({ ok: false, message: 'Trip not found.' });
  }, 90_000);
});
