import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { testDatabaseUrl } from '../support/test-env';
import { closeAllClients, connectLive, redisUrl } from './live-client';

const root = resolve(__dirname, '..', '..');
const REPLICA_HEADER = 'x-replica'; // scripts/cluster.mjs

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/**
 * `npm run cluster` as a user runs it: two built replicas on PostgreSQL (a schema of this test) and Redis,
 * behind the round-robin proxy, all as child processes.
 */
describe('npm run cluster: two replicas behind the proxy', () => {
  const schema = `cluster_e2e_${Date.now().toString(36)}_${process.pid}`;
  let cluster: ChildProcess | undefined;
  let output = '';
  let proxy = '';
  const replicas: Record<string, string> = {};

  beforeAll(async () => {
    if (!existsSync(join(root, 'server', 'dist', 'main.js'))) {
      throw new Error('The cluster runs the built server: run `npm run build` first.');
    }
    const [port, a, b] = [await freePort(), await freePort(), await freePort()];
    replicas.a = `http://127.0.0.1:${a}`;
    replicas.b = `http://127.0.0.1:${b}`;
    cluster = spawn(process.execPath, ['scripts/cluster.mjs', '--no-build'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
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
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    cluster.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const started = Date.now();
    while (!/Cluster ready at http:\/\/localhost:(\d+)/.test(output)) {
      if (cluster.exitCode !== null) throw new Error(`npm run cluster exited during start-up:\n${output}`);
      if (Date.now() - started > 45_000) throw new Error(`npm run cluster was not ready within 45 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    proxy = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    closeAllClients();
    const child = cluster;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(kill);
      // replicas stopped by SIGTERM print nothing alarming; show the rest if a test failed to read it
    }
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
    const staff = await signIn('staff.greenfield@demo.test');
    const dispatcher = await signIn('dispatch.desertstar@demo.test');
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
