import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { type TestApp, startTestApp } from '../support/app';
import { buildTenant, type TestTenant } from '../support/factories';
import { testDatabaseUrl } from '../support/test-env';
import { buildTrip } from '../support/trip-factory';
import { closeAllClients, connectLive, redisUrl, sleep } from './live-client';
import { announce, nextOnline, nextTrip, nextUser, nobody, only } from './presence-client';

jest.setTimeout(120_000);

const root = resolve(__dirname, '..', '..');
/** The bound: a dead replica's presence is gone from every other console within 10 s. */
const REPLICA_DEATH_BOUND_MS = 10_000;

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
 * A replica that dies without a word (SIGKILL: no shutdown hook, no socket close reaches anyone): its sockets'
 * presence must still leave the other replica's consoles within 10 s. Replica B is a real server process (the
 * sources, run through swc-node) on this run's schema and Redis; replica A runs in this test process.
 */
describe('presence when a replica dies (SIGKILL)', () => {
  let a: TestApp;
  let child: ChildProcess | undefined;
  let bUrl = '';
  let output = '';
  let acme: TestTenant;

  beforeAll(async () => {
    a = await startTestApp({ REDIS_URL: redisUrl() });
    acme = await buildTenant(a, 'Doomed');
    const port = await freePort();
    bUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['-r', '@swc-node/register', 'server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        SWC_NODE_PROJECT: 'server/tsconfig.json',
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: testDatabaseUrl(),
        DATABASE_SCHEMA: a.config.databaseSchema,
        REDIS_URL: redisUrl(),
        JWT_SECRET: a.config.jwtSecret, // tokens issued by replica A verify on B
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        CLIENT_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`replica B exited during start-up:\n${output}`);
      if (Date.now() - started > 90_000) throw new Error(`replica B was not ready within 90 s:\n${output}`);
      const health = await fetch(`${bUrl}/api/health`).then(
        (r) => r.json() as Promise<{ redis?: string }>,
        () => null,
      );
      if (health?.redis === 'up' && output.includes('console ready at')) break;
      await sleep(200);
    }
  }, 120_000);

  afterAll(async () => {
    closeAllClients();
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    await a?.close();
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
    child!.kill('SIGKILL');
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
