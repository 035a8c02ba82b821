// Live fan-out: from PATCH /api/trips/{id} sent to the moment the last of N sockets has its trip:updated.
// The console: two built replicas (production mode) on PostgreSQL and Redis, sockets alternating between them,
// every PATCH sent to replica A, so half of the sockets are reached through the Redis adapter.
// The floor: two bare Node HTTP + Socket.IO processes with the Redis adapter (bare-fanout-server.mjs), the
// same N sockets alternating between them, POST /emit to the first with the same payload.
// Console and floor rounds alternate, so both see the same machine noise.
//   BENCH_FANOUT_SIZES=100,1000,2000  BENCH_FANOUT_ROUNDS=100
import type { Socket } from 'socket.io-client';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import type { Cluster } from '../../scripts/cluster.mjs';
import {
  benchSchema,
  type BareServer,
  call,
  closeSockets,
  log,
  openSockets,
  ratio,
  type Row,
  runBench,
  schemaPool,
  seedTenant,
  signToken,
  sleep,
  startBareServers,
  startBenchCluster,
  stats,
  tripRequest,
  writeSection,
} from './support/kit';

const SIZES = (process.env.BENCH_FANOUT_SIZES ?? '100,1000,2000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 100);
const WARMUP = 3;
const ROUND_TIMEOUT_MS = 10_000;

interface Waiting {
  match: (payload: Record<string, unknown>) => boolean;
  left: number;
  t0: number;
  first: number;
  done: (ms: number) => void;
}

/** Counts arrivals on a set of sockets; `round` resolves with the time from `t0` to the last one. */
function receiver(event: string) {
  let waiting: Waiting | null = null;
  const sockets: Socket[] = [];
  const onEvent = (payload: Record<string, unknown>) => {
    const w = waiting;
    if (!w || !w.match(payload)) return;
    const now = performance.now();
    if (w.first === 0) w.first = now - w.t0;
    if (--w.left === 0) {
      waiting = null;
      w.done(now - w.t0);
    }
  };
  return {
    sockets,
    add(more: Socket[]) {
      for (const s of more) s.on(event, onEvent);
      sockets.push(...more);
    },
    /** Arms the counter, runs `trigger`, and resolves with {last, first} in ms from just before the trigger. */
    async round(match: Waiting['match'], trigger: () => Promise<void>): Promise<{ last: number; first: number; answered: number }> {
      let w!: Waiting;
      const arrived = new Promise<number>((ok, fail) => {
        const timer = setTimeout(() => {
          waiting = null;
          fail(new Error(`only ${sockets.length - w.left} of ${sockets.length} sockets got ${event} within ${ROUND_TIMEOUT_MS} ms`));
        }, ROUND_TIMEOUT_MS);
        w = { match, left: sockets.length, t0: 0, first: 0, done: (ms) => (clearTimeout(timer), ok(ms)) };
      });
      waiting = w;
      w.t0 = performance.now();
      await trigger();
      const answered = performance.now() - w.t0;
      const last = await arrived;
      return { last, first: w.first, answered };
    },
  };
}

let cluster: Cluster | undefined;
let bare: BareServer[] = [];
let dropSchema: (() => Promise<void>) | undefined;
const app = receiver('trip:updated');
const floor = receiver('trip:updated');

async function main(): Promise<void> {
  const started = Date.now();
  const { schema, drop } = await benchSchema('fanout');
  dropSchema = drop;
  log(`fan-out: starting two replicas (schema ${schema}) and two bare Socket.IO servers`);
  cluster = await startBenchCluster(schema, 2);
  bare = await startBareServers(2, `bench-floor-${process.pid}`);
  const [a, b] = cluster.replicas;
  const db = schemaPool(schema, 4);
  // Everyone who sees the school's trips: admin, finance, its staff and its partner company's dispatchers.
  const t = await seedTenant(db, { name: 'Fanout', staff: 8, dispatchers: 8 });
  await db.end();
  const viewers = [t.admin, t.finance, ...t.staff, ...t.dispatchers].map((id) => signToken(id));
  const adminToken = signToken(t.admin);
  const created = await call(`${a.url}/api/trips`, { method: 'POST', token: signToken(t.staff[0]), body: tripRequest('Fan-out') });
  if (created.status !== 201) throw new Error(`POST /api/trips answered ${created.status}: ${JSON.stringify(created.body)}`);
  let trip = created.body as TripDto;
  let payload: Record<string, unknown> | null = null;
  let roundNo = 0;

  const appRound = () => {
    const version = trip.version;
    return app.round(
      (e) => {
        const et = e.trip as TripDto | undefined;
        if (et?.id !== trip.id || et.version !== version + 1) return false;
        payload ??= e;
        return true;
      },
      async () => {
        const res = await call(`${a.url}/api/trips/${trip.id}`, {
          method: 'PATCH',
          token: adminToken,
          body: { paid: !trip.paid, version },
        });
        if (res.status !== 200) throw new Error(`PATCH answered ${res.status}: ${JSON.stringify(res.body)}`);
        trip = res.body as TripDto;
      },
    );
  };
  const floorRound = () => {
    const k = ++roundNo;
    return floor.round(
      (e) => e.round === k,
      async () => {
        const res = await call(`${bare[0].url}/emit`, {
          method: 'POST',
          body: { event: 'trip:updated', payload: { ...payload, round: k } },
        });
        if (res.status !== 204) throw new Error(`bare /emit answered ${res.status}`);
      },
    );
  };

  const rows: Row[] = [];
  const details: Record<string, unknown> = { replicas: [a.url, b.url], floor: bare.map((s) => s.url), rounds: ROUNDS, warmup: WARMUP };
  for (const n of SIZES) {
    const t0 = Date.now();
    const grow = n - app.sockets.length;
    if (grow > 0) {
      app.add(await openSockets([a.url, b.url], viewers, grow, { offset: app.sockets.length }));
      const connectMs = Date.now() - t0;
      const t1 = Date.now();
      floor.add(
        await openSockets(
          bare.map((s) => s.url),
          ['-'],
          grow,
          { readyEvent: 'connect', offset: floor.sockets.length },
        ),
      );
      log(`fan-out: ${n} sockets (console: +${grow} in ${connectMs} ms; floor: in ${Date.now() - t1} ms)`);
    }
    const appLast: number[] = [];
    const appFirst: number[] = [];
    const appAnswered: number[] = [];
    const floorLast: number[] = [];
    for (let r = 0; r < WARMUP + ROUNDS; r++) {
      const x = await appRound();
      await sleep(50);
      const y = await floorRound();
      await sleep(50);
      if (r >= WARMUP) {
        appLast.push(x.last);
        appFirst.push(x.first);
        appAnswered.push(x.answered);
        floorLast.push(y.last);
      }
    }
    const s = stats(appLast);
    const f = stats(floorLast);
    const at1000 = n === 1000;
    rows.push(
      {
        area: 'Live fan-out',
        measure: `${n.toLocaleString('en')} sockets: last socket received, median`,
        unit: 'ms',
        value: s.median,
        floor: f.median,
        floorLabel: 'bare Socket.IO ×2 + Redis',
        ratio: ratio(s.median, f.median),
        ...(at1000 ? { target: '≤ 2× floor', met: (ratio(s.median, f.median) ?? Infinity) <= 2 } : {}),
      },
      {
        area: 'Live fan-out',
        measure: `${n.toLocaleString('en')} sockets: last socket received, p99`,
        unit: 'ms',
        value: s.p99,
        floor: f.p99,
        floorLabel: 'bare Socket.IO ×2 + Redis',
        ratio: ratio(s.p99, f.p99),
        ...(at1000 ? { target: '< 150 ms', met: s.p99 < 150 } : {}),
      },
    );
    details[`n${n}`] = { console: s, consoleFirstSocket: stats(appFirst), consolePatchAnswered: stats(appAnswered), floor: f };
    log(
      `fan-out: ${n} sockets: console median ${s.median.toFixed(1)} ms p99 ${s.p99.toFixed(1)} ms; floor median ${f.median.toFixed(1)} ms p99 ${f.p99.toFixed(1)} ms`,
    );
  }
  details.payloadBytes = Buffer.byteLength(JSON.stringify(payload));
  writeSection(
    '01-fanout',
    {
      name: 'Live fan-out',
      floor: 'two bare Node HTTP + Socket.IO processes with the Redis adapter, the same sockets and payload',
      rows,
      details,
    },
    started,
  );
}

runBench(main, async () => {
  await closeSockets(app.sockets);
  await closeSockets(floor.sockets);
  await Promise.all(bare.map((s) => s.stop()));
  await cluster?.stop();
  await dropSchema?.();
});
