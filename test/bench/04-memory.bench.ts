// Memory: resident set size (RSS, /proc/<pid>/status) of one built replica (production mode, PostgreSQL and the
// Redis adapter): idle with no socket, with 2,000 signed-in sockets, and after ten more waves of 2,000 connects
// and disconnects. The floor: one bare Node HTTP + Socket.IO process with the Redis adapter, the same steps.
// Every reading follows a full garbage collection (through the inspector, --inspect=127.0.0.1:0), so it counts what
// the process holds, not garbage not yet swept. Growth is read from the idle process after its first 2,000 sockets
// (by then V8 has compiled the connection path and sized its heap, once; the cold start's figure is shown too).
//   BENCH_MEMORY_SOCKETS=2000  BENCH_MEMORY_WAVES=10
import type { Cluster } from '../../scripts/cluster.mjs';
import {
  attachInspector,
  type BareServer,
  type Inspector,
  benchSchema,
  closeSockets,
  log,
  openSockets,
  ratio,
  type Row,
  rssMb,
  runBench,
  schemaPool,
  seedTenant,
  signToken,
  sleep,
  startBareServers,
  startBenchCluster,
  writeSection,
} from './support/kit';

const SOCKETS = Number(process.env.BENCH_MEMORY_SOCKETS ?? 2000);
const WAVES = Number(process.env.BENCH_MEMORY_WAVES ?? 10);
const SETTLE_MS = 1_000;

interface Checkpoint {
  rss: number;
  heapUsed: number;
  /** process.memoryUsage() in MB: where the resident memory sits (V8 heap reserved, external, array buffers). */
  usage: Record<string, number>;
}

interface MemoryRun {
  idle: Checkpoint;
  connected: Checkpoint;
  /** RSS with the sockets open, before any forced collection. */
  connectedRssBeforeGc: number;
  /** Idle again after the first 2,000 sockets: the baseline of the waves. */
  afterFirstWave: Checkpoint;
  afterWaves: Checkpoint;
  waves: Checkpoint[];
  connectSeconds: number[];
}

const mb = (bytes: number) => bytes / 1024 / 1024;

async function measure(
  pid: number,
  url: string,
  inspector: Inspector,
  tokens: string[],
  readyEvent: 'hello' | 'connect',
  label: string,
): Promise<MemoryRun> {
  // Each checkpoint after a full collection: what is left is what the process holds, not garbage not yet swept.
  const checkpoint = async (): Promise<Checkpoint> => {
    await inspector.gc();
    await sleep(300);
    await inspector.gc();
    await sleep(SETTLE_MS);
    const usage = await inspector.memory();
    return {
      rss: rssMb(pid),
      heapUsed: mb(usage.heapUsed),
      usage: Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, Math.round(mb(v) * 10) / 10])),
    };
  };
  await sleep(SETTLE_MS);
  const idle = await checkpoint();
  const waves: Checkpoint[] = [];
  const connectSeconds: number[] = [];
  let connected = idle;
  let connectedRssBeforeGc = 0;
  // wave 0: the first 2,000 sockets (RSS read while they are connected), then the ten waves
  for (let w = 0; w <= WAVES; w++) {
    const t0 = Date.now();
    const sockets = await openSockets([url], tokens, SOCKETS, { readyEvent, batch: 100 });
    connectSeconds.push((Date.now() - t0) / 1000);
    if (w === 0) {
      await sleep(1_000);
      connectedRssBeforeGc = rssMb(pid);
      connected = await checkpoint();
    }
    await closeSockets(sockets);
    await sleep(500);
    waves.push(await checkpoint());
    log(
      `memory: ${label} wave ${w}: ${SOCKETS} sockets in ${connectSeconds.at(-1)} s; after: RSS ${waves.at(-1)!.rss.toFixed(1)} MB, heap ${waves.at(-1)!.heapUsed.toFixed(1)} MB`,
    );
  }
  return { idle, connected, connectedRssBeforeGc, afterFirstWave: waves[0], afterWaves: waves[waves.length - 1], waves, connectSeconds };
}

let cluster: Cluster | undefined;
let bare: BareServer[] = [];
let dropSchema: (() => Promise<void>) | undefined;

async function main(): Promise<void> {
  const started = Date.now();
  const { schema, drop } = await benchSchema('memory');
  dropSchema = drop;
  log(`memory: starting one replica (schema ${schema}) and one bare Socket.IO server`);
  cluster = await startBenchCluster(schema, 1, { nodeArgs: ['--inspect=127.0.0.1:0'] });
  bare = await startBareServers(1, `bench-memory-${process.pid}`, ['--inspect=127.0.0.1:0']);
  const [a] = cluster.replicas;
  const db = schemaPool(schema, 2);
  const t = await seedTenant(db, { name: 'Memory', staff: 8, dispatchers: 8 });
  await db.end();
  const tokens = [t.admin, t.finance, ...t.staff, ...t.dispatchers].map((id) => signToken(id));

  const appInspector = await attachInspector(a.output);
  const floorInspector = await attachInspector(bare[0].output);
  const app = await measure(a.pid!, a.url, appInspector, tokens, 'hello', 'console');
  const floor = await measure(bare[0].pid, bare[0].url, floorInspector, ['-'], 'connect', 'floor');
  appInspector.close();
  floorInspector.close();
  const growth = (run: MemoryRun, from: Checkpoint, key: 'rss' | 'heapUsed' = 'rss') =>
    ((run.afterWaves[key] - from[key]) / from[key]) * 100;
  const label = 'bare Socket.IO + Redis';
  const perSocketKb = (run: MemoryRun) => (((run.connected.rss - run.idle.rss) * 1024) / SOCKETS).toFixed(1);
  const rows: Row[] = [
    {
      area: 'Memory',
      measure: 'server RSS, idle (0 sockets)',
      unit: 'MB',
      value: app.idle.rss,
      floor: floor.idle.rss,
      floorLabel: label,
      ratio: ratio(app.idle.rss, floor.idle.rss),
    },
    {
      area: 'Memory',
      measure: `server RSS, ${SOCKETS.toLocaleString('en')} sockets`,
      unit: 'MB',
      value: app.connected.rss,
      floor: floor.connected.rss,
      floorLabel: label,
      ratio: ratio(app.connected.rss, floor.connected.rss),
      note: `${perSocketKb(app)} kB per socket (floor ${perSocketKb(floor)} kB); before the collection ${app.connectedRssBeforeGc.toFixed(0)} MB`,
    },
    {
      area: 'Memory',
      measure: `server RSS after ${WAVES} waves of ${SOCKETS.toLocaleString('en')} connects and disconnects`,
      unit: 'MB',
      value: app.afterWaves.rss,
      floor: floor.afterWaves.rss,
      floorLabel: label,
      ratio: ratio(app.afterWaves.rss, floor.afterWaves.rss),
    },
    {
      area: 'Memory',
      measure: `RSS growth over the ${WAVES} waves (idle after the first 2,000 → idle after the waves)`,
      unit: '%',
      value: growth(app, app.afterFirstWave),
      floor: growth(floor, floor.afterFirstWave),
      floorLabel: label,
      target: '< 10%',
      met: growth(app, app.afterFirstWave) < 10,
      note: `JS heap in use ${app.afterFirstWave.heapUsed.toFixed(1)} → ${app.afterWaves.heapUsed.toFixed(1)} MB (${growth(app, app.afterFirstWave, 'heapUsed').toFixed(1)}%)`,
    },
    {
      area: 'Memory',
      measure: `RSS growth from the cold start (first-use warm-up included)`,
      unit: '%',
      value: growth(app, app.idle),
      floor: growth(floor, floor.idle),
      floorLabel: label,
      note: `JS heap in use ${app.idle.heapUsed.toFixed(1)} → ${app.afterWaves.heapUsed.toFixed(1)} MB (compiled code, the database pool's connections; the floor grows alike)`,
    },
  ];
  writeSection(
    '04-memory',
    {
      name: 'Memory',
      floor: 'one bare Node HTTP + Socket.IO process with the Redis adapter, the same sockets',
      rows,
      details: { app, floor },
    },
    started,
  );
}

runBench(main, async () => {
  await Promise.all(bare.map((s) => s.stop()));
  await cluster?.stop();
  await dropSchema?.();
});
