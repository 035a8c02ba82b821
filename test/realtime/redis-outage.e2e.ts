import { type TestApp, startTestApp } from '../support/app';
import { buildTenant, type TestTenant, uniq } from '../support/factories';
import { redisStateOf, until } from '../support/redis-proxy';
import { useReplicas } from '../support/replicas';
import { freePort } from '../support/server-process';
import { closeAllClients, connectLive, DELIVERY_MS, expectDelivery, QUIET_MS, sleep } from './live-client';

/** The longest reconnect delay of the Redis clients (redis-clients.ts: 2 s and up to 0.1 s of jitter), and a margin. */
const RECONNECT_WAIT_MS = 2_300;

describe('live events survive a Redis outage', () => {
  // replica B reaches Redis through a proxy the test cuts
  const { apps, redisProxy: proxy } = useReplicas({ behindProxy: [1], beforeStop: closeAllClients });
  const [a, b] = apps;
  let acme: TestTenant;

  beforeAll(async () => {
    acme = await buildTenant(a, 'Outage');
  });

  const rename = (app: TestApp) =>
    app
      .http()
      .put(`/api/users/${acme.users.finance.user.id}`)
      .set('Authorization', acme.users.admin.auth)
      .send({ name: `Fin ${uniq()}` })
      .expect(200);

  it('keeps the API answering while Redis is away, and resumes delivery across replicas when it returns', async () => {
    const onA = await connectLive(a.url, acme.users.admin.token, 'A: admin');
    const onB = await connectLive(b.url, acme.users.admin.token, 'B: admin');
    const bystander = await connectLive(b.url, acme.users.staffA.token, 'B: staff A');
    await expectDelivery(
      () => rename(a),
      'user:updated',
      () => true,
      [onA, onB],
      [bystander],
    );

    await proxy.cut();
    await until(async () => (await redisStateOf(b)) === 'down', 5_000, 'replica B to report Redis down');
    expect(await redisStateOf(a)).toBe('up');

    // B's API still works (it answered /api/health above); its own sockets still hear its own changes,
    // and A's sockets hear A's: only the crossing between replicas is lost.
    const sinceA = onA.received.length;
    const sinceB = onB.received.length;
    const fromB = await rename(b);
    const missedByA = (await onB.nextSince(sinceB, 'user:updated', (e) => e.user.name === fromB.body.name)).seq;
    const fromA = await rename(a);
    const missedByB = (await onA.nextSince(sinceA, 'user:updated', (e) => e.user.name === fromA.body.name)).seq;
    await sleep(QUIET_MS);
    expect(onA.eventsSince(sinceA).map((r) => (r.payload as { seq: number }).seq)).toEqual([missedByB]);
    expect(onB.eventsSince(sinceB).map((r) => (r.payload as { seq: number }).seq)).toEqual([missedByA]);

    // Redis returns: both replicas' sockets are told where the tenant stands, which is past what they missed.
    const helloOnB = onB.nextHello(10_000);
    const helloOnA = onA.nextHello(10_000);
    await proxy.start();
    await until(async () => (await redisStateOf(b)) === 'up', 10_000, 'replica B to report Redis up again');
    const tenant = String(acme.tenant.id);
    expect((await helloOnB).seq[tenant]).toBeGreaterThanOrEqual(missedByB);
    expect((await helloOnA).seq[tenant]).toBeGreaterThanOrEqual(missedByA);

    // ...and events cross again, both ways (node-redis resubscribed after the reconnect).
    await expectDelivery(
      () => rename(a),
      'user:updated',
      () => true,
      [onA, onB],
      [bystander],
    );
    await expectDelivery(
      () => rename(b),
      'user:updated',
      () => true,
      [onA, onB],
      [bystander],
    );
  }, 40_000);

  it('answers REST on a replica that starts while Redis is unreachable', async () => {
    // a port nothing listens on
    const dead = `redis://127.0.0.1:${await freePort()}`;
    const started = Date.now();
    const c = await startTestApp({ REDIS_URL: dead });
    try {
      expect(Date.now() - started).toBeLessThan(15_000);
      const res = await c.http().get('/api/health').expect(200);
      expect(res.body).toMatchObject({ status: 'ok', adapter: 'redis', redis: 'down' });
      // its own sockets still get its own events
      const live = await connectLive(c.url, acme.users.admin.token, 'C: admin');
      await rename(c);
      await live.next('user:updated', undefined, DELIVERY_MS);
    } finally {
      await c.close();
      // node-redis waits out its reconnect delay (up to 2 s here) on a timer nothing can cancel, even after the
      // client is closed; without this the worker is still held when the file ends, and jest forces it out.
      await sleep(RECONNECT_WAIT_MS);
    }
  }, 30_000);
});
