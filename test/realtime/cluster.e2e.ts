import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { freePorts, REPO_ROOT, type ServerProcess, startServerProcess } from '../support/server-process';
import { redisUrl, testDatabaseUrl } from '../support/test-env';
import { closeAllClients, connectLive } from './live-client';

/** The header scripts/cluster.mjs's proxy adds to each answer: which replica served it. */
const REPLICA_HEADER = 'x-replica';

/**
 * `npm run cluster` as a user runs it: two built replicas on PostgreSQL (a schema of this test) and Redis,
 * behind the round-robin proxy, all as child processes.
 */
describe('npm run cluster: two replicas behind the proxy', () => {
  const schema = `cluster_e2e_${Date.now().toString(36)}_${process.pid}`;
  let cluster: ServerProcess | undefined;
  let proxy = '';
  const replicas: Record<string, string> = {};

  beforeAll(async () => {
    if (!existsSync(join(REPO_ROOT, 'server', 'dist', 'main.js'))) {
      throw new Error('The cluster runs the built server: run `npm run build` first.');
    }
    const [port, a, b] = await freePorts(3);
    replicas.a = `http://127.0.0.1:${a}`;
    replicas.b = `http://127.0.0.1:${b}`;
    cluster = await startServerProcess({
      what: 'npm run cluster',
      args: ['scripts/cluster.mjs', '--no-build'],
      env: {
        CLUSTER_PORT: String(port),
        CLUSTER_REPLICA_PORTS: `${a},${b}`,
        DATABASE_URL: testDatabaseUrl(),
        DATABASE_SCHEMA: schema,
        REDIS_URL: redisUrl(),
        JWT_SECRET: 'cluster-e2e-secret-that-is-long-enough-0123456789',
        SEED_DEMO: 'true',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        LOGIN_ADDRESS_RATE_LIMIT: '1000',
      },
      ready: (output) => /Cluster ready at http:\/\/localhost:(\d+)/.test(output),
      readyWithinMs: 45_000,
      pollMs: 100,
    });
    proxy = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    closeAllClients();
    // replicas stopped by SIGTERM print nothing alarming
    await cluster?.stop(15_000);
    const db = new Client({ connectionString: testDatabaseUrl() });
    await db.connect();
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.end();
  }, 30_000);

  const viaProxy = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${proxy}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    });

  const signIn = async (email: string): Promise<string> => {
    const res = await viaProxy('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password: 'demo1234' }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };

  it('spreads requests over both replicas, one after the other', async () => {
    const served = [];
    for (let i = 0; i < 4; i++) {
      const res = await viaProxy('/api/health');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ database: 'up', adapter: 'redis', redis: 'up' });
      served.push(res.headers.get(REPLICA_HEADER));
    }
    expect(new Set(served)).toEqual(new Set(['a', 'b']));
    expect(served[0]).not.toBe(served[1]);
  });

  it('delivers a trip accepted through the proxy on replica A to a socket on replica B, and to a socket opened through the proxy', async () => {
    // Riverside Academy: the demo school without an approval policy, so its request goes straight to Falcon Transport.
    const staff = await signIn('staff.riverside@demo.test');
    const dispatcher = await signIn('dispatch.falcon@demo.test');
    const onB = await connectLive(replicas.b, staff, 'staff on replica B');
    const throughProxy = await connectLive(proxy, staff, 'staff through the proxy');

    const created = await viaProxy('/api/trips', {
      method: 'POST',
      token: staff,
      body: JSON.stringify({
        tripType: 'Day Trip',
        destination: `Cluster ${Date.now()}`,
        departureDate: '2031-05-01',
        departureTime: '08:00 AM',
        returnDate: '2031-05-01',
        returnTime: '03:00 PM',
        students: 20,
      }),
    });
    expect(created.status).toBe(201);
    const trip = (await created.json()) as TripDto;

    // Round-robin: once replica B has answered, the next request goes to replica A.
    for (let i = 0; i < 3 && (await viaProxy('/api/health')).headers.get(REPLICA_HEADER) !== 'b'; i++);
    const accepted = await viaProxy(`/api/trips/${trip.id}`, {
      method: 'PATCH',
      token: dispatcher,
      body: JSON.stringify({ status: 'Accepted' }),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get(REPLICA_HEADER)).toBe('a');

    const match = (e: { trip: TripDto; status: string }) => e.trip.id === trip.id && e.status === 'Accepted';
    const [seenOnB, seenThroughProxy] = await Promise.all([
      onB.next('trip:updated', match, 2_000),
      throughProxy.next('trip:updated', match, 2_000),
    ]);
    expect(seenOnB.trip.busCompanyOrgId).not.toBeNull();
    expect(seenThroughProxy.trip.version).toBe(seenOnB.trip.version);
  });
});
