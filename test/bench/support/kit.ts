// Shared by the benchmarks under test/bench/ (run in order by scripts/bench.mjs, each as its own process).
// Everything talks to 127.0.0.1 only; every loop is bounded in count and in time.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Pool } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { type Cluster, type ClusterOptions, startCluster } from '../../../scripts/cluster.mjs';
import { freePort, freePorts, startServerProcess } from '../../support/server-process';

export { sleep };

export const ROOT = resolve(__dirname, '..', '..', '..');
export const RESULTS_DIR = join(ROOT, 'bench', 'results');
/** Where each benchmark leaves its section; scripts/bench.mjs merges them into the report. */
export const RUN_DIR = process.env.BENCH_RUN_DIR ?? join(RESULTS_DIR, '.run');
export const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
/** Password of every user the benchmarks create (the browser signs in with it). */
export const BENCH_PASSWORD = 'bench-password-1';

// ---------------------------------------------------------------------------------------------
// Report

export type Unit = 'ms' | 'req/s' | 'MB' | 'kB' | 'errors' | '%' | 'statements';

/** One line of the report: the console's figure, the floor measured in the same run, their ratio and the target. */
export interface Row {
  area: string;
  measure: string;
  unit: Unit;
  value: number | null;
  floor?: number | null;
  floorLabel?: string;
  /** value ÷ floor (for throughput: the share of the floor's rate the console reaches). */
  ratio?: number | null;
  target?: string;
  met?: boolean | null;
  note?: string;
}

export interface Section {
  name: string;
  /** What the floor is, in a sentence, for the report. */
  floor: string;
  rows: Row[];
  details?: Record<string, unknown>;
  startedAt: string;
  seconds: number;
}

export const ratio = (value: number | null, floor: number | null | undefined): number | null =>
  value === null || floor === null || floor === undefined || floor === 0 ? null : value / floor;

export function writeSection(file: string, section: Omit<Section, 'seconds' | 'startedAt'>, started: number): void {
  mkdirSync(RUN_DIR, { recursive: true });
  const full: Section = { ...section, startedAt: new Date(started).toISOString(), seconds: Math.round((Date.now() - started) / 100) / 10 };
  writeFileSync(join(RUN_DIR, `${file}.json`), `${JSON.stringify(full, null, 2)}\n`);
  for (const r of full.rows) {
    const v = r.value === null ? 'n/a' : `${round(r.value)} ${r.unit}`;
    const f = r.floor === null || r.floor === undefined ? '' : `, floor ${round(r.floor)} ${r.unit}`;
    const x = r.ratio === null || r.ratio === undefined ? '' : `, ${r.ratio.toFixed(2)}×`;
    const t = r.target ? ` [${r.target}: ${r.met === null || r.met === undefined ? 'n/a' : r.met ? 'met' : 'MISSED'}]` : '';
    console.log(`  ${r.area} · ${r.measure}: ${v}${f}${x}${t}`);
  }
}

export const round = (n: number) =>
  Math.abs(n) >= 100 ? Math.round(n) : Math.abs(n) >= 10 ? Math.round(n * 10) / 10 : Math.round(n * 100) / 100;

export interface Stats {
  n: number;
  median: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

/** Nearest-rank percentiles (p99 of 30 samples is the largest but one… of 100 it is the 99th). */
export function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const pct = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
  const mid = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { n: s.length, median: mid, p95: pct(95), p99: pct(99), min: s[0], max: s[s.length - 1] };
}

export function log(message: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Processes, schema, tokens

/** Resident set size of a process, from /proc (Linux), in MB. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line.replace(/\D+/g, '')) / 1024;
}

/** A scratch schema for one benchmark, dropped by `drop`; schemas left by crashed runs (3 h+) go too. */
export async function benchSchema(name: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `bench_${name}_${Date.now().toString(36)}_${process.pid}`;
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const old = await client.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'bench\\_%' ESCAPE '\\'`);
    for (const { nspname } of old.rows) {
      const born = parseInt(nspname.split('_').at(-2) ?? '', 36);
      if (Number.isFinite(born) && Date.now() - born > 3 * 3600_000) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    }
  } finally {
    await client.end();
  }
  return {
    schema,
    drop: async () => {
      const c = new Client({ connectionString: DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
}

/** A pool on the benchmark's schema (for seeding and for the raw-SQL floors). */
export const schemaPool = (schema: string, max = 20) =>
  new Pool({ connectionString: DATABASE_URL, max, options: `-c search_path=${schema}` });

/**
 * The built server as in production, `replicas` of it on the benchmark's schema and the local Redis, behind the
 * cluster proxy. BENCH_CPU_PROF=1 runs them with --cpu-prof: each writes a .cpuprofile to bench/results/profiles/
 * when it stops (open it in Chrome DevTools, Performance or JavaScript Profiler).
 */
/** BENCH_CPU_PROF_INTERVAL: the profiles' sampling interval in µs (Node's default is 1,000). */
const cpuProfInterval = () => (process.env.BENCH_CPU_PROF_INTERVAL ? [`--cpu-prof-interval=${process.env.BENCH_CPU_PROF_INTERVAL}`] : []);

export async function startBenchCluster(schema: string, replicas: 1 | 2, opts: ClusterOptions = {}): Promise<Cluster> {
  const ports = await freePorts(replicas);
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${join(RESULTS_DIR, 'profiles')}`, ...cpuProfInterval()]
    : process.env.BENCH_PERF
      ? ['--perf-basic-prof', '--interpreted-frames-native-stack']
      : [];
  return startCluster({
    port: 0,
    replicaPorts: ports,
    schema,
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    ...opts,
    nodeArgs: [...profile, ...(opts.nodeArgs ?? [])],
    // BENCH_SERVER_MAIN: another build of the server (an experiment compiled elsewhere), e.g. to measure a fix.
    ...(process.env.BENCH_SERVER_MAIN ? { serverMain: process.env.BENCH_SERVER_MAIN } : {}),
    env: { ...process.env, JWT_SECRET },
    replicaEnv: {
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      // The benches open thousands of sockets for a handful of users.
      LIVE_CONNECTIONS_PER_USER: '100000',
      LOGIN_ADDRESS_RATE_LIMIT: '100000',
      ...opts.replicaEnv,
    },
  });
}

/** One built server as `npm start` runs it: the embedded database (PGlite) under `dataDir`, no Redis, production mode. */
export interface EmbeddedServer {
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startEmbeddedServer(dataDir: string, opts: { nodeArgs?: string[] } = {}): Promise<EmbeddedServer> {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(RESULTS_DIR, 'profiles')}`, ...cpuProfInterval()] : [];
  const main = process.env.BENCH_SERVER_MAIN ?? join(ROOT, 'server', 'dist', 'main.js');
  const server = await startServerProcess({
    what: 'embedded server',
    args: [...profile, ...(opts.nodeArgs ?? []), main],
    // empty values: no PostgreSQL, no Redis, no schema, whatever the benchmark's own environment holds
    env: {
      DATABASE_URL: '',
      REDIS_URL: '',
      DATABASE_SCHEMA: '',
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET,
      LIVE_CONNECTIONS_PER_USER: '100000',
    },
    ready: (output) => output.includes('console ready at'),
    readyWithinMs: 120_000,
    pollMs: 100,
  });
  process.once('exit', () => server.child.kill('SIGKILL'));
  return { url: `http://127.0.0.1:${port}`, pid: server.child.pid!, output: server.output, stop: () => server.stop(10_000) };
}

/**
 * Runs `write` on the embedded database under `dataDir` (the server must be stopped: PGlite is one session), through a
 * `pg`-shaped `query` so the SQL seeders (seedTenant) serve both databases.
 */
export async function withEmbeddedDatabase<T>(dataDir: string, write: (db: Pool) => Promise<T>): Promise<T> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return await write({ query: (sql: string, params?: unknown[]) => db.query(sql, params) } as unknown as Pool);
  } finally {
    await db.close();
  }
}

/** A sign-in token as the server issues it (HS256 {sub, jti, iat, exp}): no argon2 round per user. */
export function signToken(userId: number, secret = JWT_SECRET): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, jti: randomUUID(), iat: now, exp: now + 6 * 3600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

// ---------------------------------------------------------------------------------------------
// Data

export interface SeededTenant {
  tenantId: number;
  schools: number[];
  companies: number[];
  /** Users by role; `staff[i]` works at `schools[i % schools.length]`, `dispatchers[i]` at `companies[i % …]`. */
  admin: number;
  finance: number;
  staff: number[];
  dispatchers: number[];
  emails: Record<number, string>;
}

/**
 * A tenant written with SQL (fast, no argon2 per user): `schools` schools each partnered with a bus company
 * of its own, users of each role, and `trips` trips spread over the schools (`tripsAtFirstSchool` all in the
 * first one) with statuses cycling, as measure-trips.ts seeds them. Users' password hash: `passwordHash`.
 */
export async function seedTenant(
  db: Pool,
  opts: {
    name: string;
    schools?: number;
    staff?: number;
    dispatchers?: number;
    trips?: number;
    allTripsAtFirstSchool?: boolean;
    passwordHash?: string;
  },
): Promise<SeededTenant> {
  const slug = `${opts.name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}`;
  const [{ id: tenantId }] = (await db.query(`INSERT INTO tenants (name, slug) VALUES ($1, $2) RETURNING id`, [opts.name, slug])).rows;
  const org = async (type: string, name: string) =>
    (
      await db.query(`INSERT INTO organizations (tenant_id, type, name, slug) VALUES ($1, $2, $3, $4) RETURNING id`, [
        tenantId,
        type,
        `${name}`,
        `${name.toLowerCase().replace(/\W+/g, '-')}-${slug}`,
      ])
    ).rows[0].id as number;
  const schools: number[] = [];
  const companies: number[] = [];
  for (let i = 0; i < (opts.schools ?? 1); i++) {
    schools.push(await org('school', `School ${i + 1}`));
    companies.push(await org('bus_company', `Buses ${i + 1}`));
    await db.query(`INSERT INTO partnerships (tenant_id, school_org_id, bus_company_org_id) VALUES ($1, $2, $3)`, [
      tenantId,
      schools[i],
      companies[i],
    ]);
  }
  const emails: Record<number, string> = {};
  const hash = opts.passwordHash ?? 'not-a-password-hash';
  const user = async (role: string, orgId: number | null, label: string) => {
    const email = `${label}@${slug}.bench`;
    const id = (
      await db.query(
        `INSERT INTO users (tenant_id, active_org_id, name, email, password_hash, role, status) VALUES ($1, $2, $3, $4, $5, $6, 'approved') RETURNING id`,
        [tenantId, orgId, `${label} ${opts.name}`, email, hash, role],
      )
    ).rows[0].id as number;
    emails[id] = email;
    return id;
  };
  const admin = await user('admin', null, 'admin');
  const finance = await user('finance', null, 'finance');
  const staff: number[] = [];
  for (let i = 0; i < (opts.staff ?? 1); i++) staff.push(await user('school_staff', schools[i % schools.length], `staff${i}`));
  const dispatchers: number[] = [];
  for (let i = 0; i < (opts.dispatchers ?? 1); i++) {
    dispatchers.push(await user('bus_company', companies[i % companies.length], `dispatch${i}`));
  }
  if ((opts.trips ?? 0) > 0) {
    await db.query(
      `INSERT INTO trips (tenant_id, school_org_id, bus_company_org_id, created_by_id, created_by, created_by_email, trip_type, destination,
          departure_date, departure_time, return_date, return_time, students, staff, notes, status, buses, bus_info, driver_info, price, version)
       SELECT $1, s.school, CASE WHEN g % 7 IN (0, 3, 4, 6) THEN s.company END, $4, 'Staff', 'staff@bench.test',
          (ARRAY['Academic Trip','Boarding House Trip','Day Trip','Sports Trip'])[1 + g % 4], 'Destination ' || g,
          DATE '2025-01-01' + (g % 700), '08:00 AM', DATE '2025-01-01' + (g % 700), '03:00 PM', 20 + g % 40, 2, 'Notes for trip ' || g,
          (ARRAY['Pending','Accepted','Rejected','Confirmed','Completed','Canceled','Cancel Requested'])[1 + g % 7],
          CASE WHEN g % 7 IN (0, 3, 4, 6) THEN '[{"busType":"White Bus","busSeats":30,"tripPrice":400,"driverName":"Sam","driverPhone":"123","status":null},{"busType":"Internal Yellow Bus","busSeats":40,"tripPrice":500,"driverName":"Ali","driverPhone":"456","status":null}]'::jsonb ELSE '[]'::jsonb END,
          CASE WHEN g % 7 IN (0, 3, 4, 6) THEN '{"busType":"White Bus, Internal Yellow Bus","seats":70}'::jsonb END,
          CASE WHEN g % 7 IN (0, 3, 4, 6) THEN '{"name":"Sam","mobile":"123"}'::jsonb END,
          900, 1 + g % 5
       FROM generate_series(1, $5::int) g
       CROSS JOIN LATERAL (SELECT ($2::int[])[1 + CASE WHEN $6 THEN 0 ELSE g % array_length($2::int[], 1) END] AS school,
                                  ($3::int[])[1 + CASE WHEN $6 THEN 0 ELSE g % array_length($3::int[], 1) END] AS company) s`,
      [tenantId, schools, companies, staff[0] ?? admin, opts.trips, opts.allTripsAtFirstSchool ?? false],
    );
    await db.query('ANALYZE trips');
  }
  return { tenantId, schools, companies, admin, finance, staff, dispatchers, emails };
}

/** Every trip of the tenant Pending and unassigned again, at version 1: work for accepts that cannot run out. */
export async function pendingAgain(db: Pool, tenantId: number): Promise<void> {
  await db.query(
    `UPDATE trips SET status = 'Pending', bus_company_org_id = NULL, buses = '[]', bus_info = NULL, driver_info = NULL, cancel_request = false, status_before_cancel_request = NULL, version = 1 WHERE tenant_id = $1`,
    [tenantId],
  );
}

/** A valid POST /trips body, as the New Trip form sends it. */
export const tripRequest = (destination: string) => ({
  tripType: 'Day Trip',
  destination,
  departureDate: '2031-05-01',
  departureTime: '08:00 AM',
  returnDate: '2031-05-01',
  returnTime: '03:00 PM',
  students: 30,
  staff: 3,
  notes: 'Benchmark trip',
});

// ---------------------------------------------------------------------------------------------
// Sockets

/**
 * Opens `count` WebSocket-only Socket.IO clients, round-robin over `urls` and `tokens`, `batch` at a time,
 * each ready when `readyEvent` arrives (the console's `hello`, after its rooms are joined; `connect` for the
 * bare server). Rejects if one is refused or the whole does not finish in `timeoutMs`.
 */
export async function openSockets(
  urls: string[],
  tokens: string[],
  count: number,
  opts: { readyEvent?: 'hello' | 'connect'; batch?: number; offset?: number; timeoutMs?: number } = {},
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  const batch = opts.batch ?? 50;
  const offset = opts.offset ?? 0;
  for (let start = 0; start < count; start += batch) {
    if (Date.now() > deadline) {
      sockets.forEach((s) => s.disconnect());
      throw new Error(`only ${sockets.length} of ${count} sockets connected in time`);
    }
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, j) => {
        const i = offset + start + j;
        const socket = io(urls[i % urls.length], {
          auth: { token: tokens[i % tokens.length] },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          timeout: 20_000,
        });
        return new Promise<Socket>((ok, fail) => {
          socket.once(opts.readyEvent ?? 'hello', () => ok(socket));
          socket.once('connect_error', (e) => {
            socket.disconnect();
            fail(e);
          });
        });
      }),
    );
    sockets.push(...opened);
  }
  return sockets;
}

export async function closeSockets(sockets: Socket[]): Promise<void> {
  for (const s of sockets) s.disconnect();
  sockets.length = 0;
  await sleep(100);
}

/** Runs `main`, then `cleanup` whatever happened; exits 1 with the error's message on failure (or after `limitMinutes`). */
export function runBench(main: () => Promise<void>, cleanup: () => Promise<void>, limitMinutes = 8): void {
  const hardStop = setTimeout(() => {
    console.error(`Benchmark exceeded its ${limitMinutes}-minute limit; stopping.`);
    void cleanup().finally(() => process.exit(1));
  }, limitMinutes * 60_000);
  hardStop.unref();
  let failed = false;
  main()
    .catch((e: unknown) => {
      failed = true;
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    })
    .finally(async () => {
      await cleanup().catch((e: unknown) => console.error('cleanup:', e));
      process.exit(failed ? 1 : 0);
    });
}

/**
 * Keep-alive connections for `call`. node:http, not fetch: undici's fetch spends about 0.4 ms more of the benchmark's
 * CPU per request (measured: 0.56 against 0.15 ms per request with a trivial server in the same process), CPU the
 * replicas share on two cores, which would count against the console and not against its raw SQL floor. An idle
 * connection is dropped after 60 s, before the replicas' own limit (65 s) closes it under a request, as the cluster's
 * proxy does.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: 60_000 });

/** POST/PATCH/GET with JSON, answering status, parsed body, elapsed ms and bytes of the body as received. */
export function call(
  url: string,
  opts: { method?: string; token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; body: unknown; ms: number; bytes: number }> {
  const t0 = performance.now();
  const data = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: http.OutgoingHttpHeaders = {};
  if (data !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) });
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((answer, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', agent, headers, timeout: opts.timeoutMs ?? 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const ms = performance.now() - t0;
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        answer({ status: res.statusCode ?? 0, body, ms, bytes: Buffer.byteLength(text) });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${opts.method ?? 'GET'} ${url}: no answer in ${opts.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(data);
  });
}

// ---------------------------------------------------------------------------------------------
// The bare Socket.IO floor

export interface BareServer {
  url: string;
  pid: number;
  /** What it printed on stderr (the inspector's address, errors). */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `count` bare Socket.IO processes (bare-fanout-server.mjs) sharing one Redis channel of their own (`redis` false: one process's in-memory adapter). */
export async function startBareServers(count: number, channel: string, nodeArgs: string[] = [], redis = true): Promise<BareServer[]> {
  const { spawn } = await import('node:child_process');
  const servers: BareServer[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, [...nodeArgs, join(__dirname, 'bare-fanout-server.mjs')], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), REDIS_URL: redis ? REDIS_URL : '', CHANNEL: channel },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
    process.once('exit', () => child.kill('SIGKILL'));
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error('bare server did not start in 15 s')), 15_000);
      child.stdout?.on('data', (d: Buffer) => {
        if (d.toString().includes('ready')) {
          clearTimeout(timer);
          ok();
        }
      });
      child.once('exit', (code) => fail(new Error(`bare server exited (${code})`)));
    });
    servers.push({
      url: `http://127.0.0.1:${port}`,
      pid: child.pid!,
      output: () => output,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(kill);
      },
    });
  }
  return servers;
}

// ---------------------------------------------------------------------------------------------
// Inspector: a full garbage collection and process.memoryUsage() of a server started with --inspect=127.0.0.1:0

export interface Inspector {
  /** HeapProfiler.collectGarbage: what DevTools' "Collect garbage" does. */
  gc: () => Promise<void>;
  memory: () => Promise<NodeJS.MemoryUsage>;
  close: () => void;
}

export async function attachInspector(output: () => string, timeoutMs = 10_000): Promise<Inspector> {
  const { WebSocket } = await import('ws');
  const deadline = Date.now() + timeoutMs;
  let url: string | undefined;
  while (!(url = /Debugger listening on (ws:\/\/\S+)/.exec(output())?.[1])) {
    if (Date.now() > deadline) throw new Error('no inspector address in the server output');
    await sleep(100);
  }
  const ws = new WebSocket(url);
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  let next = 0;
  const pending = new Map<number, (msg: { result?: unknown; error?: { message: string } }) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((ok, fail) => {
      const id = ++next;
      const timer = setTimeout(() => fail(new Error(`inspector: ${method} timed out`)), 30_000);
      pending.set(id, (msg) => {
        clearTimeout(timer);
        pending.delete(id);
        if (msg.error) fail(new Error(msg.error.message));
        else ok(msg.result);
      });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    gc: async () => {
      await send('HeapProfiler.collectGarbage');
    },
    memory: async () => {
      const r = (await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
        result: { value: string };
      };
      return JSON.parse(r.result.value) as NodeJS.MemoryUsage;
    },
    close: () => ws.close(),
  };
}
