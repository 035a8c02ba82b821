// How long a trip change takes to reach every socket that sees it, across two replicas:
//   SWC_NODE_PROJECT=server/tsconfig.json node -r @swc-node/register scripts/measure-fanout.ts
// Starts two app instances on PostgreSQL (TEST_DATABASE_URL, a scratch schema dropped at the end) and
// Redis (TEST_REDIS_URL), opens SOCKETS sockets spread over both, then PATCHes one trip ROUNDS times through
// replica A and times, for each PATCH, the moment the last socket has its trip:updated.
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { ClientEventMap } from '../server/src/contracts/events';
import type { TripDto } from '../server/src/contracts/trip-wire';
import { startTestApp, type TestApp } from '../test/support/app';
import { buildTenant, buildUser, type TestUser } from '../test/support/factories';
import globalSetup from '../test/support/global-setup-pg';
import globalTeardown from '../test/support/global-teardown-pg';

const SOCKETS = Number(process.env.SOCKETS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main(): Promise<void> {
  process.env.E2E_DRIVER = 'pg';
  await globalSetup();
  const apps: TestApp[] = [];
  const sockets: Socket<ClientEventMap>[] = [];
  try {
    apps.push(await startTestApp({ REDIS_URL }), await startTestApp({ REDIS_URL }));
    const [a, b] = apps;
    const acme = await buildTenant(a, 'Fanout');
    // Everyone who sees a school A trip: its staff, its partner company, admins, finance.
    const viewers: TestUser[] = [acme.users.admin, acme.users.staffA, acme.users.busA, acme.users.finance];
    for (let i = 0; i < 16; i++) {
      const role = (['school_staff', 'bus_company', 'finance', 'admin'] as const)[i % 4];
      const org = role === 'school_staff' ? acme.orgs.schoolA.id : role === 'bus_company' ? acme.orgs.busA.id : null;
      viewers.push(await buildUser(a, { tenantId: acme.tenant.id, role, activeOrgId: org }));
    }

    const trip = (
      await a
        .http()
        .post('/api/trips')
        .set('Authorization', acme.users.staffA.auth)
        .send({
          tripType: 'Day Trip',
          destination: 'Fan-out',
          departureDate: '2031-05-01',
          departureTime: '08:00 AM',
          returnDate: '2031-05-01',
          returnTime: '03:00 PM',
          students: 20,
        })
        .expect(201)
    ).body as TripDto;

    let waiting: { version: number; left: number; first: number; sent: number; done: (last: number) => void } | null = null;
    await Promise.all(
      Array.from({ length: SOCKETS }, (_, i) => {
        const replica = apps[i % 2];
        const socket: Socket<ClientEventMap> = io(replica.url, {
          auth: { token: viewers[i % viewers.length].token },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        socket.on('trip:updated', (e) => {
          const now = performance.now();
          if (!waiting || e.trip.id !== trip.id || e.trip.version !== waiting.version) return;
          if (waiting.first === 0) waiting.first = now - waiting.sent;
          if (--waiting.left === 0) waiting.done(now - waiting.sent);
        });
        return new Promise<void>((resolve, reject) => {
          socket.once('hello', () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );
    console.log(`${SOCKETS} sockets on 2 replicas (${a.url}, ${b.url}), Redis ${REDIS_URL}; ${ROUNDS} PATCHes through replica A`);

    const last: number[] = [];
    const first: number[] = [];
    const patch: number[] = [];
    let version = trip.version;
    for (let round = 0; round < ROUNDS + 3; round++) {
      const result = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`round ${round}: only ${SOCKETS - (waiting?.left ?? 0)} of ${SOCKETS} sockets got the event`)),
          5_000,
        );
        waiting = {
          version: version + 1,
          left: SOCKETS,
          first: 0,
          sent: performance.now(),
          done: (ms) => {
            clearTimeout(timer);
            resolve(ms);
          },
        };
      });
      const res = await a
        .http()
        .patch(`/api/trips/${trip.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send({ paid: round % 2 === 0, version });
      if (res.status !== 200) throw new Error(`PATCH answered ${res.status}: ${JSON.stringify(res.body)}`);
      const answered = performance.now() - waiting!.sent;
      version = (res.body as TripDto).version;
      const ms = await result;
      // the first rounds warm up connections and caches
      if (round >= 3) {
        last.push(ms);
        first.push(waiting!.first);
        patch.push(answered);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    const [l, f, p] = [sorted(last), sorted(first), sorted(patch)];
    console.log(`PATCH answered:        median ${fmt(percentile(p, 50))}, p99 ${fmt(percentile(p, 99))}`);
    console.log(`first socket received: median ${fmt(percentile(f, 50))}, p99 ${fmt(percentile(f, 99))}`);
    console.log(`last socket received:  median ${fmt(percentile(l, 50))}, p99 ${fmt(percentile(l, 99))} (max ${fmt(l[l.length - 1])})`);
  } finally {
    for (const s of sockets) s.disconnect();
    for (const app of apps) await app.close();
    await globalTeardown();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
