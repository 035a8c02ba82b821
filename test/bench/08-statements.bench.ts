// Statements per trip change, as the database receives them: the two built replicas reach PostgreSQL through a proxy
// that counts every statement sent (support/pg-counter.ts). The tenant's admin has N dashboards open (sockets alternating
// between the replicas, each having loaded its figures once); a dispatcher accepts CHANGES trips, one every 100 ms,
// alternating replicas; the count runs until the last push has gone out. With the figures pushed once a second per
// audience, the statements per change must not grow with N.
// The floor: the same with one dashboard open. For comparison, the console before it pushed its figures: the same N
// dashboards each asking again (GET /trips/stats) on every trip event they receive.
//   BENCH_STATEMENTS_CONSOLES=50  BENCH_STATEMENTS_CHANGES=40
import type { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import type { Cluster } from '../../scripts/cluster.mjs';
import {
  benchSchema,
  call,
  closeSockets,
  DATABASE_URL,
  log,
  openSockets,
  ratio,
  type Row,
  runBench,
  schemaPool,
  seedTenant,
  signToken,
  sleep,
  startBenchCluster,
  writeSection,
  pendingAgain,
} from './support/kit';
import { type PgCounter, startPgCounter } from './support/pg-counter';

const CONSOLES = Number(process.env.BENCH_STATEMENTS_CONSOLES ?? 50);
const CHANGES = Number(process.env.BENCH_STATEMENTS_CHANGES ?? 40);
const SPACING_MS = 100;
/** Past the pushes' one-second window, and the replicas' after-commit work. */
const SETTLE_MS = 2_500;
/** No more than a tenth above the one-console figure: the background of a second or two (the pushes' own reads). */
const TARGET = 1.1;

let cluster: Cluster | undefined;
let counter: PgCounter | undefined;
let db: Pool | undefined;
let dropSchema: (() => Promise<void>) | undefined;
const open: Socket[] = [];

interface Phase {
  consoles: number;
  statements: number;
  perChange: number;
  /** Dashboards that got at least one `trips:stats` push during the changes. */
  pushed: number;
  /** Dashboards' own requests for their figures during the changes. */
  asked: number;
}

async function main(): Promise<void> {
  const started = Date.now();
  const { schema, drop } = await benchSchema('statements');
  dropSchema = drop;
  counter = await startPgCounter(DATABASE_URL);
  log(`statements: starting two replicas (schema ${schema}) through a counting proxy to PostgreSQL`);
  cluster = await startBenchCluster(schema, 2, {
    databaseUrl: counter.url,
    // Nothing periodic of the server's own in the count: only what the changes and the consoles cause.
    replicaEnv: { NEEDS_BUS_CHECK_SECONDS: '0', LATE_CHECK_SECONDS: '0', APPROVAL_CHECK_SECONDS: '0', MAIL_DRAIN_SECONDS: '0' },
  });
  const urls = cluster.replicas.map((r) => r.url);
  db = schemaPool(schema, 4);
  const t = await seedTenant(db, {
    name: 'Statements',
    schools: 2,
    staff: 2,
    dispatchers: 2,
    trips: 3 * CHANGES + 20,
    allTripsAtFirstSchool: true,
  });
  await pendingAgain(db, t.tenantId);
  const pending = (await db.query<{ id: number }>(`SELECT id FROM trips WHERE tenant_id = $1 ORDER BY id`, [t.tenantId])).rows.map(
    (r) => r.id,
  );
  const admin = signToken(t.admin);
  const dispatcher = signToken(t.dispatchers[0]);
  const today = new Date().toISOString().slice(0, 10);
  const askStats = (i: number) => call(`${urls[i % urls.length]}/api/trips/stats?today=${today}`, { token: admin });

  // Each replica has seen both tokens (their sign-in checks are cached from here on, as in a running console).
  for (const url of urls) {
    await call(`${url}/api/auth/session`, { token: admin });
    await call(`${url}/api/auth/session`, { token: dispatcher });
  }

  const phase = async (consoles: number, askAgain: boolean): Promise<Phase> => {
    const sockets = await openSockets(urls, [admin], consoles);
    open.push(...sockets);
    const pushedTo = new Set<Socket>();
    let asked = 0;
    for (const [i, s] of sockets.entries()) {
      await askStats(i);
      s.on('trips:stats', () => pushedTo.add(s));
      if (askAgain) {
        s.on('trip:updated', () => {
          asked++;
          void askStats(i);
        });
      }
    }
    await sleep(SETTLE_MS);
    counter!.reset();
    for (let c = 0; c < CHANGES; c++) {
      const id = pending.shift()!;
      const res = await call(`${urls[c % urls.length]}/api/trips/${id}`, {
        method: 'PATCH',
        token: dispatcher,
        body: { status: 'Accepted' },
      });
      if (res.status !== 200) throw new Error(`PATCH accept answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      await sleep(SPACING_MS);
    }
    await sleep(SETTLE_MS);
    const statements = counter!.statements;
    await closeSockets(sockets);
    open.length = 0;
    const result = { consoles, statements, perChange: statements / CHANGES, pushed: pushedTo.size, asked };
    log(
      `statements: ${consoles} dashboards${askAgain ? ' asking again' : ''}: ${statements} statements for ${CHANGES} changes (${result.perChange.toFixed(2)} per change); ${result.pushed} pushed to, ${asked} asked`,
    );
    return result;
  };

  const one = await phase(1, false);
  const many = await phase(CONSOLES, false);
  const before = await phase(CONSOLES, true);

  const floorLabel = 'one dashboard open';
  const rows: Row[] = [
    {
      area: 'Statements',
      measure: 'per trip change, 1 dashboard open',
      unit: 'statements',
      value: one.perChange,
    },
    {
      area: 'Statements',
      measure: `per trip change, ${CONSOLES} dashboards open`,
      unit: 'statements',
      value: many.perChange,
      floor: one.perChange,
      floorLabel,
      ratio: ratio(many.perChange, one.perChange),
      target: `≤ ${TARGET}× floor`,
      met: many.perChange <= TARGET * one.perChange && many.pushed === CONSOLES && many.asked === 0,
      note: `${many.pushed} of ${CONSOLES} dashboards had their figures pushed, none asked for them`,
    },
    {
      area: 'Statements',
      measure: `per trip change, ${CONSOLES} dashboards each asking again on every event (the console before)`,
      unit: 'statements',
      value: before.perChange,
      floor: one.perChange,
      floorLabel,
      ratio: ratio(before.perChange, one.perChange),
    },
  ];
  writeSection(
    '08-statements',
    {
      name: 'Statements per change',
      floor: 'the same trip changes with one dashboard open, counted by a proxy between the replicas and PostgreSQL',
      rows,
      details: { changes: CHANGES, spacingMs: SPACING_MS, one, many, before },
    },
    started,
  );
}

runBench(main, async () => {
  await closeSockets(open);
  await db?.end();
  await cluster?.stop();
  await counter?.close();
  await dropSchema?.();
});
