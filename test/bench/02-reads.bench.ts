// Reads at scale: one built replica (production mode, PostgreSQL) over a table that grows to 10,000,
// 100,000 and 1,000,000 trips in one tenant, beside 99 other tenants of 100 trips each (scripts/seed-scale.ts's
// data, written with SQL: test/bench/support/seed-scale.ts). At each size, from request sent to the last byte:
//   - the first page of All Trips (GET /api/trips?page=1&pageSize=12: 12 trips and the total) as the tenant admin,
//     and as a platform admin across the 100 tenants; and its size on the wire;
// and at 1,000,000: the dashboard (GET /api/trips/stats), Finance's totals (GET /api/trips/totals, all and one paid
// month) and the Month options (GET /api/trips/months).
// The floor of each: the same SQL written by hand (the same count and the same 12 rows with their two organization
// joins, or the same aggregate), sent through `pg` from this process on two connections at once as the server does,
// until every row is parsed. Console and floor runs alternate. The page's bytes are set against the same page's
// bytes at 10,000 trips. VACUUM ANALYZE runs after each batch of rows (what autovacuum does in a live database).
//   BENCH_READS_RUNS=30
import type { Pool } from 'pg';
import type { Cluster } from '../../scripts/cluster.mjs';
import {
  benchSchema,
  call,
  log,
  ratio,
  type Row,
  runBench,
  schemaPool,
  signToken,
  startBenchCluster,
  stats,
  writeSection,
} from './support/kit';
import { departureMinuteSql } from '../../server/src/trips/repository/trip-list.repository';
import { addScaleTrips, type ScaleTenant, seedScaleTenants } from './support/seed-scale';

const RUNS = Number(process.env.BENCH_READS_RUNS ?? 30);
const WARMUP = 5;
const SIZES = [10_000, 100_000, 1_000_000];
const OTHER_TENANTS = 99;
const OTHER_TRIPS = 100;

const COLUMNS = `t.id, t.tenant_id, t.school_org_id, school.name AS school_name, t.bus_company_org_id, company.name AS company_name,
  t.created_by_id, t.created_by, t.created_by_email, t.trip_type, t.custom_type, t.origin, t.destination,
  to_char(t.departure_date, 'YYYY-MM-DD') AS departure_date, t.departure_time, to_char(t.return_date, 'YYYY-MM-DD') AS return_date,
  t.return_time, t.students, t.staff, t.notes, t.booster_seats_requested, t.booster_seat_count, t.status, t.status_before_cancel_request,
  t.bus_info, t.driver_info, t.buses, t.price, t.paid, t.edit_request, t.cancel_request, t.deleted, t.version, t.created_at, t.updated_at`;

/** The first page of All Trips, by hand: the total, and the newest 12 rows with their organizations' names. */
const firstPage = (tenant: boolean) => ({
  count: `SELECT count(*) FROM trips t WHERE t.deleted = false${tenant ? ' AND t.tenant_id = $1' : ''}`,
  rows: `SELECT ${COLUMNS} FROM trips t JOIN organizations school ON school.id = t.school_org_id
           LEFT JOIN organizations company ON company.id = t.bus_company_org_id
          WHERE t.deleted = false${tenant ? ' AND t.tenant_id = $1' : ''} ORDER BY t.id DESC LIMIT 12`,
});

const DASHBOARD = {
  counts: `SELECT count(*) AS total, count(*) FILTER (WHERE t.status IN ('Pending')) AS pending,
                  count(*) FILTER (WHERE t.status IN ('Canceled')) AS cancelled,
                  count(*) FILTER (WHERE t.departure_date >= $2 AND t.status NOT IN ('Canceled', 'Rejected')) AS upcoming
             FROM trips t WHERE t.deleted = false AND t.tenant_id = $1`,
  upcoming: `SELECT ${COLUMNS} FROM trips t JOIN organizations school ON school.id = t.school_org_id
               LEFT JOIN organizations company ON company.id = t.bus_company_org_id
              WHERE t.deleted = false AND t.tenant_id = $1 AND t.departure_date >= $2 AND t.status NOT IN ('Canceled', 'Rejected')
              ORDER BY t.departure_date, ${departureMinuteSql('t.departure_time')}, t.id LIMIT 10`,
};
const TOTALS = (month: boolean) =>
  `SELECT count(*), count(*) FILTER (WHERE t.paid), COALESCE(sum(t.price) FILTER (WHERE t.paid), 0)
     FROM trips t WHERE t.deleted = false AND t.tenant_id = $1${month ? ' AND t.paid = true AND t.departure_date >= $2 AND t.departure_date < $3' : ''}`;
const MONTHS = `WITH RECURSIVE m(d) AS (
    (SELECT max(departure_date) FROM trips WHERE deleted = false AND tenant_id = $1)
    UNION ALL SELECT (SELECT max(departure_date) FROM trips WHERE deleted = false AND tenant_id = $1 AND departure_date < m.d - (EXTRACT(DAY FROM m.d)::int - 1))
      FROM m WHERE m.d IS NOT NULL)
  SELECT to_char(d, 'YYYY-MM') FROM m WHERE d IS NOT NULL ORDER BY d DESC`;

let cluster: Cluster | undefined;
let db: Pool | undefined;
let dropSchema: (() => Promise<void>) | undefined;

interface Measured {
  app: ReturnType<typeof stats>;
  floor: ReturnType<typeof stats>;
  bytes: number;
}

/** Alternates the console's call and the floor's queries (run together on two connections), after a warm-up. */
async function measure(url: string, token: string, floor: () => Promise<unknown>, check: (body: unknown) => void): Promise<Measured> {
  const appMs: number[] = [];
  const sqlMs: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const res = await call(url, { token });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
    check(res.body);
    bytes = res.bytes;
    const t0 = performance.now();
    await floor();
    const sql = performance.now() - t0;
    if (i >= WARMUP) {
      appMs.push(res.ms);
      sqlMs.push(sql);
    }
  }
  return { app: stats(appMs), floor: stats(sqlMs), bytes };
}

async function main(): Promise<void> {
  const started = Date.now();
  const { schema, drop } = await benchSchema('reads');
  dropSchema = drop;
  log(`reads: starting one replica (schema ${schema})`);
  cluster = await startBenchCluster(schema, 1);
  const [a] = cluster.replicas;
  db = schemaPool(schema, 4);
  const pool = db;
  const tenants = await seedScaleTenants(pool, { count: OTHER_TENANTS + 1, prefix: 'Reads' });
  const big: ScaleTenant = tenants[0];
  await addScaleTrips(pool, tenants.slice(1), OTHER_TRIPS);
  const admin = signToken(big.admin);
  const finance = signToken(big.finance);
  const [{ id: rootId }] = (
    await pool.query(
      `INSERT INTO users (tenant_id, name, email, password_hash, role, status) VALUES (NULL, 'Root', 'root@reads.bench', 'x', 'admin', 'approved') RETURNING id`,
    )
  ).rows;
  const root = signToken(rootId);
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  let inBig = 0;
  let bytesAt10k = 0;
  // What any signed-in request costs here (token check, user and sign-out lookups, one row, HTTP): for the notes.
  const me = await measure(
    `${a.url}/api/users/me`,
    admin,
    () => pool.query('SELECT id FROM users WHERE id = $1', [big.admin]),
    () => undefined,
  );
  details.signedInRequest = me;
  const tenantPage = firstPage(true);
  const platformPage = firstPage(false);

  for (const size of SIZES) {
    const t0 = Date.now();
    await addScaleTrips(pool, [big], size - inBig);
    inBig = size;
    const total = size + OTHER_TENANTS * OTHER_TRIPS;
    log(
      `reads: ${size.toLocaleString('en')} trips in the tenant (${total.toLocaleString('en')} in all) written in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const label = size.toLocaleString('en');
    const pageOf = (want: number) => (body: unknown) => {
      const page = body as { trips: unknown[]; total: number };
      if (page.total !== want || page.trips.length !== 12) {
        throw new Error(`expected 12 of ${want} trips, got ${page.trips?.length} of ${page.total}`);
      }
    };

    const mine = await measure(
      `${a.url}/api/trips?page=1&pageSize=12`,
      admin,
      () => Promise.all([pool.query(tenantPage.count, [big.tenantId]), pool.query(tenantPage.rows, [big.tenantId])]),
      pageOf(size),
    );
    const all = await measure(
      `${a.url}/api/trips?page=1&pageSize=12`,
      root,
      () => Promise.all([pool.query(platformPage.count), pool.query(platformPage.rows)]),
      pageOf(total),
    );
    if (size === SIZES[0]) bytesAt10k = mine.bytes;
    for (const [who, m] of [
      ['tenant admin', mine],
      [`platform admin, 100 tenants, ${total.toLocaleString('en')} trips`, all],
    ] as const) {
      const r = ratio(m.app.median, m.floor.median);
      rows.push({
        area: 'Reads',
        measure: `All Trips first page (12 + total), ${label} trips, ${who}, median`,
        unit: 'ms',
        value: m.app.median,
        floor: m.floor.median,
        floorLabel: 'the same count and 12 rows by raw SQL (pg, two connections)',
        ratio: r,
        target: '≤ 3× floor, < 50 ms',
        met: (r ?? Infinity) <= 3 && m.app.median < 50,
        note: `p95 ${m.app.p95.toFixed(1)} ms (floor p95 ${m.floor.p95.toFixed(1)} ms); any signed-in request (GET /users/me) takes ${me.app.median.toFixed(1)} ms here`,
      });
    }
    rows.push({
      area: 'Reads',
      measure: `All Trips first page on the wire, ${label} trips (tenant admin)`,
      unit: 'kB',
      value: mine.bytes / 1000,
      floor: bytesAt10k / 1000,
      floorLabel: 'the same page at 10,000 trips',
      ratio: ratio(mine.bytes, bytesAt10k),
      target: 'flat (≤ 1.05× the page at 10,000)',
      met: mine.bytes <= bytesAt10k * 1.05,
    });
    details[`trips${size}`] = { tenantAdmin: mine, platformAdmin: all };
    log(
      `reads: ${label}: first page ${mine.app.median.toFixed(1)} ms (SQL ${mine.floor.median.toFixed(1)} ms), platform ${all.app.median.toFixed(1)} ms (SQL ${all.floor.median.toFixed(1)} ms), ${mine.bytes} bytes`,
    );
  }

  // The aggregates at 1,000,000 trips.
  const today = new Date().toISOString().slice(0, 10);
  const [{ month }] = (await pool.query(`SELECT to_char(current_date - 400, 'YYYY-MM') AS month`)).rows;
  const [first, next] = [
    `${month}-01`,
    (await pool.query(`SELECT to_char(($1::date + interval '1 month')::date, 'YYYY-MM-DD') AS d`, [`${month}-01`])).rows[0].d,
  ];
  const aggregates: [string, string, string, () => Promise<unknown>, (body: unknown) => void][] = [
    [
      'Dashboard (4 cards + 10 upcoming), tenant admin',
      `/api/trips/stats?today=${today}`,
      admin,
      () => Promise.all([pool.query(DASHBOARD.counts, [big.tenantId, today]), pool.query(DASHBOARD.upcoming, [big.tenantId, today])]),
      (body) => {
        if ((body as { total: number }).total !== 1_000_000) throw new Error('the dashboard should count 1,000,000 trips');
      },
    ],
    [
      'Finance totals (count, paid, paid revenue), all trips',
      '/api/trips/totals',
      finance,
      () => pool.query(TOTALS(false), [big.tenantId]),
      (body) => {
        if ((body as { count: number }).count !== 1_000_000) throw new Error('the totals should count 1,000,000 trips');
      },
    ],
    [
      `Finance totals, paid, one month (${month})`,
      `/api/trips/totals?paid=true&month=${month}`,
      finance,
      () => pool.query(TOTALS(true), [big.tenantId, first, next]),
      () => undefined,
    ],
    ['Month options', '/api/trips/months', admin, () => pool.query(MONTHS, [big.tenantId]), () => undefined],
    [
      "GET /trips without parameters (the spec's array: first 1,000 and X-Total-Count), tenant admin",
      '/api/trips',
      admin,
      () =>
        Promise.all([
          pool.query(tenantPage.count, [big.tenantId]),
          pool.query(tenantPage.rows.replace('LIMIT 12', 'LIMIT 1000'), [big.tenantId]),
        ]),
      (body) => {
        if ((body as unknown[]).length !== 1000) throw new Error('the first slice should hold 1,000 trips');
      },
    ],
  ];
  for (const [label, path, token, floor, check] of aggregates) {
    const m = await measure(`${a.url}${path}`, token, floor, check);
    const r = ratio(m.app.median, m.floor.median);
    rows.push({
      area: 'Reads',
      measure: `${label}, 1,000,000 trips, median`,
      unit: 'ms',
      value: m.app.median,
      floor: m.floor.median,
      floorLabel: 'the same aggregate by raw SQL (pg)',
      ratio: r,
      target: '≤ 3× floor',
      met: (r ?? Infinity) <= 3,
      note: `p95 ${m.app.p95.toFixed(1)} ms (floor p95 ${m.floor.p95.toFixed(1)} ms)`,
    });
    details[label] = m;
    log(`reads: ${label}: ${m.app.median.toFixed(1)} ms (SQL ${m.floor.median.toFixed(1)} ms)`);
  }
  writeSection(
    '02-reads',
    {
      name: 'Reads',
      floor: 'the same count, rows or aggregate by raw SQL through pg from the benchmark process, two connections at once',
      rows,
      details,
    },
    started,
  );
}

runBench(main, async () => {
  await db?.end();
  await cluster?.stop();
  await dropSchema?.();
});
