import { buildTenant, type TestTenant } from '../support/factories';
import { startReplicaProcess, useReplicas } from '../support/replicas';
import type { ServerProcess } from '../support/server-process';
import { buildTrip } from '../support/trip-factory';
import { closeAllClients, connectLive } from './live-client';
import { announce, nextOnline, nextTrip, nextUser, nobody, only } from './presence-client';

jest.setTimeout(120_000);

/** How soon a dead replica's presence must be gone from every other console. */
const REPLICA_DEATH_BOUND_MS = 10_000;

/**
 * A replica that dies without a word (SIGKILL: no shutdown hook, no socket close reaches anyone): its sockets'
 * presence must still leave the other replica's consoles within 10 s. Replica B is a real server process (the
 * sources, run through swc-node) on this run's schema and Redis; replica A runs in this test process.
 */
describe('presence when a replica dies (SIGKILL)', () => {
  const [a] = useReplicas({ count: 1, beforeStop: closeAllClients }).apps;
  let replicaB: ServerProcess & { url: string };
  let bUrl = '';
  let acme: TestTenant;

  beforeAll(async () => {
    acme = await buildTenant(a, 'Doomed');
    replicaB = await startReplicaProcess(a);
    bUrl = replicaB.url;
  }, 120_000);

  afterAll(async () => {
    await replicaB?.kill();
  });

  it('removes the dead replica’s presence (viewers and online users) from the other replica’s consoles within 10 s', async () => {
    const trip = await buildTrip(a, acme, { status: 'Pending' });
    const dispatcher = await connectLive(bUrl, acme.users.busA.token, 'B: bus A');
    const staffOnA = await connectLive(a.url, acme.users.staffA.token, 'A: staff A');
    const adminOnA = await connectLive(a.url, acme.users.admin.token, 'A: admin');
    await nextOnline(adminOnA, 0, acme.tenant.id, (ids) => ids.includes(acme.users.busA.user.id), 5_000);

    const since = { staff: staffOnA.received.length, admin: adminOnA.received.length };
    expect(await announce(dispatcher, trip.id, 'assigning')).toEqual({ ok: true });
    await nextTrip(staffOnA, since.staff, trip.id, only(acme.users.busA.user.id, 'assigning'));
    await nextTrip(adminOnA, since.admin, trip.id, only(acme.users.busA.user.id, 'assigning'));

    const after = { staff: staffOnA.received.length, admin: adminOnA.received.length };
    const killed = Date.now();
    await replicaB.kill();
    const wait = REPLICA_DEATH_BOUND_MS + 5_000; // wait longer than the bound, so a slow sweep fails on the assertion below
    const [gone, goneForAdmin, offline] = await Promise.all([
      nextTrip(staffOnA, after.staff, trip.id, nobody, wait),
      nextTrip(adminOnA, after.admin, trip.id, nobody, wait),
      nextUser(adminOnA, after.admin, acme.tenant.id, acme.users.busA.user.id, false, wait),
    ]);
    const delay = Math.max(gone.at, goneForAdmin.at) - killed;
    console.log(`replica B SIGKILLed: its presence left replica A's consoles after ${delay} ms (online list: ${offline.at - killed} ms)`);
    expect(delay).toBeLessThanOrEqual(REPLICA_DEATH_BOUND_MS);
    expect(offline.at - killed).toBeLessThanOrEqual(REPLICA_DEATH_BOUND_MS);
  });
});
