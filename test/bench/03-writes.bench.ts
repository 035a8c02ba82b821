// Writes: 20 concurrent clients, each sending its next request as soon as the last one answered, for a fixed time:
//   1. POST /api/trips as school staff (20 staff over 4 schools);
//   2. status changes: PATCH /api/trips/{id} {status: "Accepted"} as the school's partner company, each client on
//      Pending trips of its own (no two clients race for a trip, so any 409 is an error too).
// Requests alternate between the two built replicas (what the proxy's round-robin does, without its hop in
// this process). Every answer other than 201/200, and every failed request, is an error.
// Sustained means warm: each phase, the console's and the floor's alike, first runs the same load for
// BENCH_WRITES_WARM_SECONDS, not counted. Fresh replicas run their request path in V8's interpreter and baseline
// tiers until it has been compiled, and throughput climbs for tens of seconds (measured: POST /trips from 110 to
// 375 req/s over its first 30 s); a replica in service has long passed that. The warm-up's own rate is kept as a note.
// The floor: the same 20-way concurrency on raw SQL through pg: a transaction inserting the trip and its
// history row; a transaction locking a trip, updating its status and version, and inserting history.
//   BENCH_WRITES_SECONDS=10  BENCH_WRITES_FLOOR_SECONDS=5  BENCH_WRITES_WARM_SECONDS=15
import type { Pool } from 'pg';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import type { Cluster } from '../../scripts/cluster.mjs';
import {
  benchSchema,
  call,
  log,
  ratio,
  type Row,
  runBench,
  schemaPool,
  seedTenant,
  signToken,
  startBenchCluster,
  stats,
  tripRequest,
  writeSection,
  pendingAgain,
} from './support/kit';

const CLIENTS = 20;
const SECONDS = Number(process.env.BENCH_WRITES_SECONDS ?? 10);
const FLOOR_SECONDS = Number(process.env.BENCH_WRITES_FLOOR_SECONDS ?? 5);
const WARM_SECONDS = Number(process.env.BENCH_WRITES_WARM_SECONDS ?? 15);
/** Sustained writes at 0.3× their raw SQL floor or better. */
const WRITE_TARGET = 0.3;
const WRITE_TARGET_LABEL = `≥ ${WRITE_TARGET}× floor`;
const meetsWriteTarget = (value: number, floor: number): boolean | null => {
  const r = ratio(value, floor);
  return r === null ? null : r >= WRITE_TARGET;
};
/** Upper bound on requests per phase, whatever the speed. */
const MAX_OPS = 20_000;
/** Pending trips written up front for the status-change phase (its warm-up and its measure), per client. */
const PENDING_PER_CLIENT = 1_500;

interface PhaseResult {
  ops: number;
  errors: number;
  perSecond: number;
  latency: ReturnType<typeof stats> | null;
  errorSamples: string[];
  /** Requests answered in each whole second of the phase. */
  perSecondSeries: number[];
}

/** Runs `op` on CLIENTS workers until `seconds` pass, MAX_OPS are sent, or a worker's `op` answers 'done'. */
async function phase(seconds: number, op: (worker: number, i: number) => Promise<'ok' | 'done' | string>): Promise<PhaseResult> {
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const answered: number[] = [];
  const errorSamples: string[] = [];
  let ops = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline && ops < MAX_OPS; i++) {
        const start = performance.now();
        let outcome: string;
        try {
          outcome = await op(worker, i);
        } catch (e) {
          outcome = (e as Error).message;
        }
        if (outcome === 'done') return;
        ops++;
        const end = performance.now();
        latencies.push(end - start);
        answered.push(end);
        if (outcome !== 'ok') {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(outcome);
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const perSecondSeries = Array.from({ length: Math.floor(elapsed) }, () => 0);
  for (const at of answered) {
    const s = Math.floor((at - t0) / 1000);
    if (s < perSecondSeries.length) perSecondSeries[s]++;
  }
  return { ops, errors, perSecond: ops / elapsed, latency: latencies.length ? stats(latencies) : null, errorSamples, perSecondSeries };
}

/** `phase`, after the same load for WARM_SECONDS that does not count (its result is the warm-up's). */
async function warmPhase(
  name: string,
  seconds: number,
  op: (worker: number, i: number) => Promise<'ok' | 'done' | string>,
): Promise<{ warm: PhaseResult; measured: PhaseResult }> {
  // Each worker's calls number on from the warm-up's, so an op that takes the i-th item of a list takes each once.
  const done = Array.from({ length: CLIENTS }, () => 0);
  log(`writes: ${name}: warm-up, ${WARM_SECONDS} s`);
  const warm = await phase(WARM_SECONDS, (w, i) => {
    done[w] = i + 1;
    return op(w, i);
  });
  log(`writes: ${name}: ${CLIENTS} clients, ${seconds} s (warm-up ${Math.round(warm.perSecond)}/s)`);
  const measured = await phase(seconds, (w, i) => op(w, done[w] + i));
  return { warm, measured };
}

/** What the phase's warm-up (from the replicas' start, for the console) did, against the floor's. */
const warmUpNote = (console: PhaseResult, floor: PhaseResult): string =>
  `warm-up (${WARM_SECONDS} s, not counted): ${Math.round(console.perSecond)} req/s, floor ${Math.round(floor.perSecond)} req/s`;

let cluster: Cluster | undefined;
let db: Pool | undefined;
let dropSchema: (() => Promise<void>) | undefined;

async function main(): Promise<void> {
  const started = Date.now();
  const { schema, drop } = await benchSchema('writes');
  dropSchema = drop;
  log(`writes: starting two replicas (schema ${schema})`);
  cluster = await startBenchCluster(schema, 2);
  const urls = cluster.replicas.map((r) => r.url);
  db = schemaPool(schema, CLIENTS + 2);
  const t = await seedTenant(db, { name: 'Writes', schools: 4, staff: CLIENTS, dispatchers: CLIENTS, trips: CLIENTS * PENDING_PER_CLIENT });
  // Every seeded trip Pending and unassigned, so the status phase has work that cannot run out.
  await pendingAgain(db, t.tenantId);
  const staffTokens = t.staff.map((id) => signToken(id));
  const dispatcherTokens = t.dispatchers.map((id) => signToken(id));
  // Client w is staff w (school w % 4) and dispatcher w (company w % 4, that school's partner): its Pending trips.
  const pending: number[][] = Array.from({ length: CLIENTS }, () => []);
  for (let s = 0; s < t.schools.length; s++) {
    const ids = (await db.query(`SELECT id FROM trips WHERE school_org_id = $1 ORDER BY id`, [t.schools[s]])).rows.map(
      (r: { id: number }) => r.id,
    );
    const workers = Array.from({ length: CLIENTS }, (_, w) => w).filter((w) => w % t.schools.length === s);
    ids.forEach((id, i) => pending[workers[i % workers.length]].push(id));
  }

  // warm-up: a few of each through both replicas
  for (let i = 0; i < 4; i++) {
    await call(`${urls[i % 2]}/api/trips`, { method: 'POST', token: staffTokens[0], body: tripRequest('Warm-up') });
  }

  let turn = 0;
  const { warm: postsWarm, measured: posts } = await warmPhase('POST /api/trips', SECONDS, async (w, i) => {
    const res = await call(`${urls[turn++ % urls.length]}/api/trips`, {
      method: 'POST',
      token: staffTokens[w],
      body: tripRequest(`Write ${w}-${i}`),
    });
    return res.status === 201 ? 'ok' : `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
  });
  const { warm: acceptsWarm, measured: accepts } = await warmPhase('status changes (accept)', SECONDS, async (w, i) => {
    const id = pending[w][i];
    if (id === undefined) return 'done';
    const res = await call(`${urls[turn++ % urls.length]}/api/trips/${id}`, {
      method: 'PATCH',
      token: dispatcherTokens[w],
      body: { status: 'Accepted' },
    });
    return res.status === 200 && (res.body as TripDto).status === 'Accepted'
      ? 'ok'
      : `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
  });

  const pool = db;
  const { warm: insertFloorWarm, measured: insertFloor } = await warmPhase('floor, inserts (raw SQL)', FLOOR_SECONDS, async (w, i) => {
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      const { rows } = await c.query(
        `INSERT INTO trips (tenant_id, school_org_id, created_by_id, created_by, created_by_email, trip_type, destination, departure_date,
           departure_time, return_date, return_time, students, staff, notes, status)
         VALUES ($1, $2, $3, 'Staff', 'staff@bench.test', 'Day Trip', $4, '2031-05-01', '08:00 AM', '2031-05-01', '03:00 PM', 30, 3, 'Benchmark trip', 'Pending')
         RETURNING id`,
        [t.tenantId, t.schools[w % t.schools.length], t.staff[w], `Floor ${w}-${i}`],
      );
      await c.query(
        `INSERT INTO trip_history (trip_id, action, to_status, actor_id, actor_name) VALUES ($1, 'request', 'Pending', $2, 'Staff')`,
        [rows[0].id, t.staff[w]],
      );
      await c.query('COMMIT');
      return 'ok';
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      return (e as Error).message;
    } finally {
      c.release();
    }
  });
  // Each floor client flips one trip of its own between Pending and Accepted: lock, update, history.
  const floorTrips = pending.map((ids) => ids[ids.length - 1]);
  const { warm: statusFloorWarm, measured: statusFloor } = await warmPhase(
    'floor, status changes (raw SQL)',
    FLOOR_SECONDS,
    async (w, i) => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const { rows } = await c.query(`SELECT id, version, status FROM trips WHERE id = $1 AND deleted = false FOR UPDATE`, [
          floorTrips[w],
        ]);
        const to = i % 2 === 0 ? 'Accepted' : 'Pending';
        await c.query(
          `UPDATE trips SET status = $2, bus_company_org_id = $3, version = version + 1, updated_at = now() WHERE id = $1 AND version = $4`,
          [floorTrips[w], to, t.companies[w % t.companies.length], rows[0].version],
        );
        await c.query(
          `INSERT INTO trip_history (trip_id, action, from_status, to_status, fields, actor_id, actor_name) VALUES ($1, 'accept', $2, $3, '["status"]', $4, 'Dispatch')`,
          [floorTrips[w], rows[0].status, to, t.dispatchers[w]],
        );
        await c.query('COMMIT');
        return 'ok';
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        return (e as Error).message;
      } finally {
        c.release();
      }
    },
  );

  const label = `raw SQL, ${CLIENTS} pg connections`;
  const rows: Row[] = [
    {
      area: 'Writes',
      measure: `POST /trips, ${CLIENTS} clients, sustained`,
      unit: 'req/s',
      value: posts.perSecond,
      floor: insertFloor.perSecond,
      floorLabel: label,
      ratio: ratio(posts.perSecond, insertFloor.perSecond),
      target: WRITE_TARGET_LABEL,
      met: meetsWriteTarget(posts.perSecond, insertFloor.perSecond),
      note: warmUpNote(postsWarm, insertFloorWarm),
    },
    {
      area: 'Writes',
      measure: `status changes (PATCH accept), ${CLIENTS} clients, sustained`,
      unit: 'req/s',
      value: accepts.perSecond,
      floor: statusFloor.perSecond,
      floorLabel: label,
      ratio: ratio(accepts.perSecond, statusFloor.perSecond),
      target: WRITE_TARGET_LABEL,
      met: meetsWriteTarget(accepts.perSecond, statusFloor.perSecond),
      note: warmUpNote(acceptsWarm, statusFloorWarm),
    },
    {
      area: 'Writes',
      measure: `errors in ${(posts.ops + accepts.ops).toLocaleString('en')} writes`,
      unit: 'errors',
      value: posts.errors + accepts.errors,
      floor: insertFloor.errors + statusFloor.errors,
      floorLabel: label,
      target: 'no error',
      met: posts.errors + accepts.errors === 0,
      note: [...posts.errorSamples, ...accepts.errorSamples].join(' | ') || undefined,
    },
  ];
  writeSection(
    '03-writes',
    {
      name: 'Writes',
      floor: `the same writes as raw SQL transactions through pg with ${CLIENTS} connections`,
      rows,
      details: {
        seconds: SECONDS,
        floorSeconds: FLOOR_SECONDS,
        warmSeconds: WARM_SECONDS,
        posts,
        accepts,
        insertFloor,
        statusFloor,
        warmUp: { posts: postsWarm, accepts: acceptsWarm, insertFloor: insertFloorWarm, statusFloor: statusFloorWarm },
      },
    },
    started,
  );
}

runBench(main, async () => {
  await db?.end();
  await cluster?.stop();
  await dropSchema?.();
});
