// Presence: how long until every console that may see a trip learns who is on it.
// The console: two built replicas (production mode) on PostgreSQL and Redis, N watching sockets alternating between
// them (users who see the trip), a dispatcher's socket on replica A announcing.
//   appear     presence:set sent on A -> the last watcher has the new list of viewers
//   disappear  the announcing socket closes -> the last watcher has the list without it
//   death      replica B is killed (SIGKILL) while a socket on it is on the trip -> the last watcher on A has the
//              list without it; the bound is the 10 s (expiry 5 s after the last heartbeat + a 1 s sweep)
//   flood      the probe's abuse: 60 consoles of one user (alternating between the replicas) send 20 presence:set each
//              at once, while another user reads the trip (GET /api/trips/{id}) on both replicas, one request after
//              another. Before: the limit per user and the cap on connections raised out of the way (as it was
//              without them); after: a second cluster with the defaults. Floor: the same reads with no flood.
// The floor of appear and disappear: two bare Node HTTP + Socket.IO processes with the Redis adapter
// (bare-fanout-server.mjs), the same N sockets alternating between them, POST /emit to the first with the same
// payload (one message crossing the replicas: the least any presence change costs). Rounds alternate console and floor.
//   BENCH_PRESENCE_SOCKETS=200  BENCH_PRESENCE_ROUNDS=40
import { io, type Socket } from 'socket.io-client';
import type { PresenceTripPayload } from '../../server/src/contracts/presence';
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
  type Stats,
  stats,
  tripRequest,
  writeSection,
} from './support/kit';

const SOCKETS = Number(process.env.BENCH_PRESENCE_SOCKETS ?? 200);
const ROUNDS = Number(process.env.BENCH_PRESENCE_ROUNDS ?? 40);
const WARMUP = 3;
const ROUND_TIMEOUT_MS = 20_000;
const DEATH_BOUND_MS = 10_000;
const FLOOD_SOCKETS = 60;
const FLOOD_PER_SOCKET = 20;
const IDLE_READS = 40;
/** Reads first, so that a freshly started cluster's first requests (cold code, cold pool) count in neither figure. */
const WARMUP_READS = 200;
/** What the first cluster runs with: nothing in the way of the appear and disappear rounds, nor of the flood's "before". */
const LIMITS_OFF = {
  PRESENCE_RATE_LIMIT: '10000',
  PRESENCE_RATE_PER_USER: '10000',
  PRESENCE_BURST_PER_USER: '10000',
  LIVE_CONNECTIONS_PER_USER: '1000',
};

type Payload = Record<string, unknown>;

/** Counts arrivals of `event` on a set of sockets; `round` resolves with the ms from the trigger to the last one. */
function receiver(event: string) {
  let waiting: { match: (p: Payload) => boolean; left: number; done: (ms: number) => void; t0: number } | null = null;
  const sockets: Socket[] = [];
  const onEvent = (payload: Payload) => {
    const w = waiting;
    if (!w || !w.match(payload)) return;
    if (--w.left === 0) {
      waiting = null;
      w.done(performance.now() - w.t0);
    }
  };
  return {
    sockets,
    add(more: Socket[]) {
      for (const s of more) s.on(event, onEvent);
      sockets.push(...more);
    },
    async round(match: (p: Payload) => boolean, trigger: () => Promise<void> | void): Promise<number> {
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<number>((ok, fail) => {
        waiting = { match, left: sockets.length, t0: performance.now(), done: ok };
        timer = setTimeout(() => {
          const left = waiting?.left ?? 0;
          waiting = null;
          fail(new Error(`${left} of ${sockets.length} sockets got no matching ${event} within ${ROUND_TIMEOUT_MS} ms`));
        }, ROUND_TIMEOUT_MS);
      });
      await trigger();
      try {
        return await arrived;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

const ack = async (socket: Socket, command: string, request: unknown) => {
  const answer = (await socket.timeout(10_000).emitWithAck(command, request)) as { ok: boolean; message?: string };
  if (!answer.ok) throw new Error(`${command} answered ${answer.message}`);
};

const connected = (url: string, token: string) => openSockets([url], [token], 1).then(([s]) => s);

interface FloodResult {
  admitted: number;
  applied: number;
  sent: number;
  floodMs: number;
  idle: Stats;
  during: Stats;
}

/** Another user's reads of the trip, one after another on each replica, until `enough` says so. */
async function reads(urls: string[], token: string, tripId: number, enough: (n: number) => boolean): Promise<number[]> {
  const ms: number[] = [];
  await Promise.all(
    urls.map(async (url) => {
      do {
        const res = await call(`${url}/api/trips/${tripId}`, { token });
        if (res.status !== 200) throw new Error(`GET /api/trips/${tripId} answered ${res.status} during the flood`);
        ms.push(res.ms);
      } while (!enough(ms.length));
    }),
  );
  return ms;
}

/** The probe's flood from `flooder`'s consoles (those the cap lets in), and `reader`'s reads meanwhile. */
async function flood(urls: string[], flooder: string, reader: string, tripId: number): Promise<FloodResult> {
  await reads(urls, reader, tripId, (n) => n >= WARMUP_READS);
  const idle = stats(await reads(urls, reader, tripId, (n) => n >= IDLE_READS));
  const opened = await Promise.all(
    Array.from(
      { length: FLOOD_SOCKETS },
      (_, i) =>
        new Promise<Socket | null>((ok) => {
          const s = io(urls[i % urls.length], { auth: { token: flooder }, transports: ['websocket'], reconnection: false, forceNew: true });
          s.once('hello', () => ok(s));
          s.once('connect_error', () => {
            s.disconnect();
            ok(null);
          });
        }),
    ),
  );
  const tabs = opened.filter((s): s is Socket => s !== null);
  extra.push(...tabs);
  let done = false;
  const t0 = performance.now();
  const answers = Promise.all(
    tabs.flatMap((tab, i) =>
      Array.from({ length: FLOOD_PER_SOCKET }, (_, k) =>
        tab
          .timeout(30_000)
          .emitWithAck('presence:set', { tripId, activity: (i + k) % 2 ? 'editing' : 'viewing' })
          .then(
            (a: { ok: boolean }) => a.ok,
            () => false,
          ),
      ),
    ),
  ).finally(() => (done = true));
  const during = stats(await reads(urls, reader, tripId, () => done));
  const applied = (await answers).filter(Boolean).length;
  const floodMs = performance.now() - t0;
  const admitted = tabs.length;
  await closeSockets(tabs);
  log(`presence: flood of ${admitted} of ${FLOOD_SOCKETS} consoles: ${applied} applied in ${Math.round(floodMs)} ms`);
  return { admitted, applied, sent: admitted * FLOOD_PER_SOCKET, floodMs, idle, during };
}

const floodRows = (when: string, r: FloodResult): Row[] =>
  (['median', 'max'] as const).map((at) => ({
    area: 'Presence',
    measure: `flood of ${FLOOD_SOCKETS} consoles × ${FLOOD_PER_SOCKET} (${when}): another user's GET /trips/{id} meanwhile, ${at}`,
    unit: 'ms',
    value: r.during[at],
    floor: r.idle[at],
    floorLabel: 'the same reads, no flood',
    ratio: ratio(r.during[at], r.idle[at]),
    note: `${r.admitted} consoles connected, ${r.applied} of ${r.sent} announcements applied in ${Math.round(r.floodMs)} ms`,
  }));

let cluster: Cluster | undefined;
let bare: BareServer[] = [];
let dropSchema: (() => Promise<void>) | undefined;
const extra: Socket[] = [];
const watchersOnA = receiver('presence:trip');
const watchersOnB = receiver('presence:trip');
const floor = receiver('presence:trip');

async function main(): Promise<void> {
  const started = Date.now();
  const { schema, drop } = await benchSchema('presence');
  dropSchema = drop;
  log(`presence: starting two replicas (schema ${schema}) and two bare Socket.IO servers`);
  cluster = await startBenchCluster(schema, 2, { replicaEnv: LIMITS_OFF });
  bare = await startBareServers(2, `bench-presence-floor-${process.pid}`);
  const [a, b] = cluster.replicas;
  const db = schemaPool(schema, 4);
  // everyone here sees the school's trips: admin, finance, its staff and its partner company's dispatchers
  // dispatchers 0-2 announce, 3-7 watch, 8 and 9 flood (before, after)
  const t = await seedTenant(db, { name: 'Presence', staff: 8, dispatchers: 10 });
  await db.end();
  const viewers = [t.admin, t.finance, ...t.staff, ...t.dispatchers.slice(3, 8)].map((id) => signToken(id));
  const created = await call(`${a.url}/api/trips`, { method: 'POST', token: signToken(t.staff[0]), body: tripRequest('Presence') });
  if (created.status !== 201) throw new Error(`POST /api/trips answered ${created.status}: ${JSON.stringify(created.body)}`);
  const trip = created.body as TripDto;

  const half = Math.ceil(SOCKETS / 2);
  watchersOnA.add(await openSockets([a.url], viewers, half));
  watchersOnB.add(await openSockets([b.url], viewers, SOCKETS - half, { offset: half }));
  floor.add(
    await openSockets(
      bare.map((s) => s.url),
      ['-'],
      SOCKETS,
      { readyEvent: 'connect' },
    ),
  );
  log(`presence: ${SOCKETS} watching sockets on the console and on the floor`);

  const everyone = async (match: (p: Payload) => boolean, trigger: () => Promise<void> | void) => {
    const [x, y] = await Promise.all([watchersOnA.round(match, () => undefined), watchersOnB.round(match, trigger)]);
    return Math.max(x, y);
  };
  const about = (userId: number, has: (v: PresenceTripPayload['viewers'][number] | undefined) => boolean) => (p: Payload) => {
    const e = p as unknown as PresenceTripPayload;
    return e.tripId === trip.id && has(e.viewers.find((v) => v.userId === userId));
  };
  let sample: Payload | null = null;
  let k = 0;
  const floorRound = () => {
    const n = ++k;
    return floor.round(
      (p) => p.round === n,
      async () => {
        const res = await call(`${bare[0].url}/emit`, {
          method: 'POST',
          body: { event: 'presence:trip', payload: { ...sample, round: n } },
        });
        if (res.status !== 204) throw new Error(`bare /emit answered ${res.status}`);
      },
    );
  };

  // appear: one dispatcher's socket on A switches between viewing and assigning
  const announcerId = t.dispatchers[0];
  const announcer = await connected(a.url, signToken(announcerId));
  extra.push(announcer);
  announcer.on('presence:trip', (p: Payload) => (sample ??= p));
  const appear: number[] = [];
  const appearFloor: number[] = [];
  for (let r = 0; r < WARMUP + ROUNDS; r++) {
    const activity = r % 2 === 0 ? 'assigning' : 'viewing';
    const x = await everyone(
      about(announcerId, (v) => v?.activity === activity),
      () => ack(announcer, 'presence:set', { tripId: trip.id, activity }),
    );
    await sleep(30);
    const y = await floorRound();
    await sleep(30);
    if (r >= WARMUP) {
      appear.push(x);
      appearFloor.push(y);
    }
  }

  // disappear: a fresh socket announces, then closes
  const closerId = t.dispatchers[1];
  const disappear: number[] = [];
  const disappearFloor: number[] = [];
  for (let r = 0; r < WARMUP + Math.ceil(ROUNDS / 2); r++) {
    const socket = await connected(a.url, signToken(closerId));
    await everyone(
      about(closerId, (v) => v !== undefined),
      () => ack(socket, 'presence:set', { tripId: trip.id, activity: 'editing' }),
    );
    const x = await everyone(
      about(closerId, (v) => v === undefined),
      () => void socket.disconnect(),
    );
    await sleep(30);
    const y = await floorRound();
    await sleep(30);
    if (r >= WARMUP) {
      disappear.push(x);
      disappearFloor.push(y);
    }
  }

  const before = await flood([a.url, b.url], signToken(t.dispatchers[8]), signToken(t.admin), trip.id);

  // death: a socket on replica B is on the trip; B is killed without a word
  const doomedId = t.dispatchers[2];
  const doomed = await connected(b.url, signToken(doomedId));
  extra.push(doomed);
  await everyone(
    about(doomedId, (v) => v !== undefined),
    () => ack(doomed, 'presence:set', { tripId: trip.id, activity: 'assigning' }),
  );
  await closeSockets(watchersOnB.sockets); // they go down with B; only A's consoles can tell
  const death = await watchersOnA.round(
    about(doomedId, (v) => v === undefined),
    () => void process.kill(b.pid!, 'SIGKILL'),
  );
  log(`presence: replica B killed; its socket's presence left replica A's ${half} consoles after ${Math.round(death)} ms`);

  // the flood again, on a cluster with the default limits and the same watchers
  await closeSockets(extra);
  await closeSockets(watchersOnA.sockets);
  await cluster.stop();
  log('presence: starting two replicas with the default limits for the flood');
  cluster = await startBenchCluster(schema, 2);
  const [a2, b2] = cluster.replicas;
  watchersOnA.add(await openSockets([a2.url, b2.url], viewers, SOCKETS));
  const after = await flood([a2.url, b2.url], signToken(t.dispatchers[9]), signToken(t.admin), trip.id);

  const s = stats(appear);
  const sf = stats(appearFloor);
  const d = stats(disappear);
  const df = stats(disappearFloor);
  const label = 'bare Socket.IO ×2 + Redis, one message';
  const rows: Row[] = [
    {
      area: 'Presence',
      measure: `${SOCKETS} watchers: appears on the last, median`,
      unit: 'ms',
      value: s.median,
      floor: sf.median,
      floorLabel: label,
      ratio: ratio(s.median, sf.median),
    },
    {
      area: 'Presence',
      measure: `${SOCKETS} watchers: appears on the last, p95`,
      unit: 'ms',
      value: s.p95,
      floor: sf.p95,
      floorLabel: label,
      ratio: ratio(s.p95, sf.p95),
    },
    {
      area: 'Presence',
      measure: `${SOCKETS} watchers: gone from the last after close, median`,
      unit: 'ms',
      value: d.median,
      floor: df.median,
      floorLabel: label,
      ratio: ratio(d.median, df.median),
    },
    {
      area: 'Presence',
      measure: `${SOCKETS} watchers: gone from the last after close, p95`,
      unit: 'ms',
      value: d.p95,
      floor: df.p95,
      floorLabel: label,
      ratio: ratio(d.p95, df.p95),
    },
    {
      area: 'Presence',
      measure: `replica killed (SIGKILL): gone from the other replica's ${half} watchers`,
      unit: 'ms',
      value: death,
      floor: null,
      note: 'no floor: the expiry (5 s after the last 1 s heartbeat) and the 1 s sweep set it',
      target: '≤ 10 s',
      met: death <= DEATH_BOUND_MS,
    },
    ...floodRows('before: no limit per user', before),
    ...floodRows('after: the defaults', after),
  ];
  writeSection(
    '06-presence',
    {
      name: 'Presence',
      floor: 'two bare Node HTTP + Socket.IO processes with the Redis adapter, the same sockets, one presence:trip message',
      rows,
      details: {
        sockets: SOCKETS,
        rounds: ROUNDS,
        warmup: WARMUP,
        appear: s,
        appearFloor: sf,
        disappear: d,
        disappearFloor: df,
        deathMs: death,
        floodBefore: before,
        floodAfter: after,
      },
    },
    started,
  );
}

runBench(main, async () => {
  await closeSockets(extra);
  await closeSockets(watchersOnA.sockets);
  await closeSockets(watchersOnB.sockets);
  await closeSockets(floor.sockets);
  await Promise.all(bare.map((s) => s.stop()));
  await cluster?.stop();
  await dropSchema?.();
});
