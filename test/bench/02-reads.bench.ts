// Reads at scale: one built replica (production mode, PostgreSQL) over a table that grows to 10,000,
// 100,000 and 1,000,000 trips in one tenant, beside 99 other tenants of 100 trips each (scripts/seed-scale.ts's
// data, written with SQL: test/bench/support/seed-scale.ts; the counters' triggers count each batch as it is written,
// and the counters are checked against GROUP BY over the rows at each size). At each size, from request sent to the
// last byte, as the tenant admin (Finance's totals: its finance user), school staff (a school of 4) and a bus company
// (assigned trips and two partner schools' trips, about half the tenant):
//   - the first page of All Trips (GET /api/trips?page=1&pageSize=12: 12 trips and the total), also as a platform
//     admin across the 100 tenants, and its size on the wire;
//   - the dashboard (GET /api/trips/stats: 4 cards and 10 upcoming trips);
//   - Finance's totals (GET /api/trips/totals);
// and at 1,000,000: Finance's totals for one paid month (a filter: counted), the Month options (GET /api/trips/months)
// and the plain array that GET /trips answers without paging parameters.
// The floor of each: the same SQL written by hand (the counter rows summed, the same 12 or 10 rows with their two
// organization joins), sent through `pg` from this process on two connections at once as the server does, until
// every row is parsed. Console and floor runs alternate. "Before": the count over the trips that answered these
// calls until the counters (the previous floor), by raw SQL alone, 10 runs; the console's answers are checked against
// it. The page's bytes are set against the same page's bytes at 10,000 trips. VACUUM ANALYZE runs after each batch
// of rows (what autovacuum does in a live database).
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
import { PAYABLE_STATUSES, statusesInBucket } from '../../server/src/contracts/trip-list';
import { SCHOOL_ONLY_STATUSES } from '../../server/src/contracts/trip-wire';
import { departureMinuteSql } from '../../server/src/trips/repository/trip-list.repository';
import { addScaleTrips, type ScaleTenant, seedScaleTenants } from './support/seed-scale';

const RUNS = Number(process.env.BENCH_READS_RUNS ?? 30);
const WARMUP = 5;
const BEFORE_RUNS = 10;
const SIZES = [10_000, 100_000, 1_000_000];
const OTHER_TENANTS = 99;
const OTHER_TRIPS = 100;
/** What the counters promise: a figure costs the same at a million trips as at ten thousand. */
const COUNTER_TARGET_MS = 20;

const COLUMNS = `t.id, t.tenant_id, t.school_org_id, school.name AS school_name, t.bus_company_org_id, company.name AS company_name,
  t.created_by_id, t.created_by, t.created_by_email, t.trip_type, t.custom_type, t.origin, t.destination,
  to_char(t.departure_date, 'YYYY-MM-DD') AS departure_date, t.departure_time, to_char(t.return_date, 'YYYY-MM-DD') AS return_date,
  t.return_time, t.students, t.staff, t.notes, t.booster_seats_requested, t.booster_seat_count, t.status, t.status_before_cancel_request,
  t.bus_info, t.driver_info, t.buses, t.price, t.paid, t.edit_request, t.cancel_request, t.deleted, t.version, t.created_at, t.updated_at`;
const list = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(', ');
const SCHOOL_ONLY = list(SCHOOL_ONLY_STATUSES);
const PENDING = list(statusesInBucket('pending'));
const CANCELLED = list(statusesInBucket('cancelled'));
const GONE = list([...statusesInBucket('cancelled'), ...statusesInBucket('rejected')]);
const PAYABLE = list(PAYABLE_STATUSES);

/**
 * Who is asking, as SQL: the visibility rule (trips/repository/trip-read.repository.ts `visibleTrips`) over the trips
 * (`t`) and over the counter rows (`c`), with its parameters ($1 the tenant, $2 the school or company).
 */
interface Scope {
  label: string;
  token: string;
  /** Finance's totals are asked by the tenant's finance user; the same trips as the admin. */
  totalsToken: string;
  params: number[];
  trips: string;
  counters: (alias: string) => string;
}

/** The rows of the first page, by hand: the newest 12 the scope sees, with their organizations' names. */
const pageRows = (where: string, limit = 12) =>
  `SELECT ${COLUMNS} FROM trips t JOIN organizations school ON school.id = t.school_org_id
     LEFT JOIN organizations company ON company.id = t.bus_company_org_id
    WHERE t.deleted = false AND ${where} ORDER BY t.id DESC LIMIT ${limit}`;
const upcomingRows = (where: string, today: number) =>
  `SELECT ${COLUMNS} FROM trips t JOIN organizations school ON school.id = t.school_org_id
     LEFT JOIN organizations company ON company.id = t.bus_company_org_id
    WHERE t.deleted = false AND ${where} AND t.departure_date >= $${today} AND t.status NOT IN (${GONE})
    ORDER BY t.departure_date, ${departureMinuteSql('t.departure_time')}, t.id LIMIT 10`;

/** The figures as the counters answer them (trips/repository/trip-counters.repository.ts), by hand. */
const COUNTED = {
  total: (sc: Scope) => `SELECT COALESCE(sum(c.n), 0) AS total FROM trip_counters c WHERE ${sc.counters('c')}`,
  cards: (sc: Scope, today: number) => `SELECT cards.*, days.upcoming FROM
      (SELECT COALESCE(sum(c.n), 0) AS total, COALESCE(sum(c.n) FILTER (WHERE c.status IN (${PENDING})), 0) AS pending,
              COALESCE(sum(c.n) FILTER (WHERE c.status IN (${CANCELLED})), 0) AS cancelled FROM trip_counters c WHERE ${sc.counters('c')}) cards,
      (SELECT COALESCE(sum(d.n), 0) AS upcoming FROM trip_day_counters d
        WHERE ${sc.counters('d')} AND d.departure_date >= $${today} AND d.status NOT IN (${GONE})) days`,
  totals: (sc: Scope) => `SELECT COALESCE(sum(c.n), 0) AS count, COALESCE(sum(c.n) FILTER (WHERE c.paid), 0) AS paid,
      COALESCE(sum(c.price) FILTER (WHERE c.paid), 0) AS revenue,
      COALESCE(sum(c.price) FILTER (WHERE NOT c.paid AND c.status IN (${PAYABLE})), 0) AS awaiting
    FROM trip_counters c WHERE ${sc.counters('c')}`,
};

/** The same figures counted over the trips: what answered these calls before the counters. */
const COUNTING = {
  total: (sc: Scope) => `SELECT count(*) AS total FROM trips t WHERE t.deleted = false AND ${sc.trips}`,
  cards: (sc: Scope, today: number) => `SELECT count(*) AS total, count(*) FILTER (WHERE t.status IN (${PENDING})) AS pending,
      count(*) FILTER (WHERE t.status IN (${CANCELLED})) AS cancelled,
      count(*) FILTER (WHERE t.departure_date >= $${today} AND t.status NOT IN (${GONE})) AS upcoming
    FROM trips t WHERE t.deleted = false AND ${sc.trips}`,
  totals: (
    sc: Scope,
  ) => `SELECT count(*) AS count, count(*) FILTER (WHERE t.paid) AS paid, COALESCE(sum(t.price) FILTER (WHERE t.paid), 0) AS revenue,
      COALESCE(sum(t.price) FILTER (WHERE NOT t.paid AND t.status IN (${PAYABLE})), 0) AS awaiting
    FROM trips t WHERE t.deleted = false AND ${sc.trips}`,
};

const PAID_MONTH = `SELECT count(*), count(*) FILTER (WHERE t.paid), COALESCE(sum(t.price) FILTER (WHERE t.paid), 0),
    COALESCE(sum(t.price) FILTER (WHERE NOT t.paid AND t.status IN (${PAYABLE})), 0)
  FROM trips t WHERE t.deleted = false AND t.tenant_id = $1 AND t.paid = true AND t.departure_date >= $2 AND t.departure_date < $3`;
const MONTHS = `WITH RECURSIVE m(d) AS (
    (SELECT max(departure_date) FROM trips WHERE deleted = false AND tenant_id = $1)
    UNION ALL SELECT (SELECT max(departure_date) FROM trips WHERE deleted = false AND tenant_id = $1 AND departure_date < m.d - (EXTRACT(DAY FROM m.d)::int - 1))
      FROM m WHERE m.d IS NOT NULL)
  SELECT to_char(d, 'YYYY-MM') FROM m WHERE d IS NOT NULL ORDER BY d DESC`;

/** Counter rows that differ from GROUP BY over the tenant's trips (none, or the benchmark stops). */
const COUNTER_CHECK = `
  WITH want AS (
    SELECT school_org_id, COALESCE(bus_company_org_id, 0) AS company, COALESCE(created_by_id, 0) AS creator, status, paid,
           (id % 8)::smallint AS slot, count(*)::bigint AS n, sum(price)::numeric(18,2) AS price
      FROM trips WHERE deleted = false AND tenant_id = $1 GROUP BY 1, 2, 3, 4, 5, 6
  ), have AS (
    SELECT school_org_id, company_org_id, created_by_id, status, paid, slot, n, price FROM trip_counters WHERE tenant_id = $1 AND n <> 0
  ), want_days AS (
    SELECT departure_date, school_org_id, COALESCE(bus_company_org_id, 0) AS company, COALESCE(created_by_id, 0) AS creator, status, count(*)::bigint AS n
      FROM trips WHERE deleted = false AND tenant_id = $1 GROUP BY 1, 2, 3, 4, 5
  ), have_days AS (
    SELECT departure_date, school_org_id, company_org_id, created_by_id, status, n FROM trip_day_counters WHERE tenant_id = $1 AND n <> 0
  )
  SELECT (SELECT count(*) FROM (SELECT * FROM want EXCEPT ALL SELECT * FROM have) a) + (SELECT count(*) FROM (SELECT * FROM have EXCEPT ALL SELECT * FROM want) b)
       + (SELECT count(*) FROM (SELECT * FROM want_days EXCEPT ALL SELECT * FROM have_days) c) + (SELECT count(*) FROM (SELECT * FROM have_days EXCEPT ALL SELECT * FROM want_days) d) AS wrong,
         (SELECT count(*) FROM trip_counters WHERE tenant_id = $1) AS counter_rows,
         (SELECT count(*) FROM trip_day_counters WHERE tenant_id = $1) AS day_rows,
         (SELECT count(*) FROM trip_day_counters WHERE tenant_id = $1 AND departure_date >= current_date) AS future_day_rows`;

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

/** The old way's raw SQL alone, after two runs to warm it: its timings and its last answer (the expected figures). */
async function before<T>(run: () => Promise<T>): Promise<{ ms: ReturnType<typeof stats>; answer: T }> {
  const ms: number[] = [];
  let answer = await run();
  await run();
  for (let i = 0; i < BEFORE_RUNS; i++) {
    const t0 = performance.now();
    answer = await run();
    ms.push(performance.now() - t0);
  }
  return { ms: stats(ms), answer };
}

/** Throws unless the console's figures are the counted ones (numbers from SQL come as text). */
function expectFigures(what: string, got: Record<string, unknown>, want: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(want)) {
    if (Number(got[k]) !== Number(v)) throw new Error(`${what}: ${k} is ${String(got[k])}, counting says ${String(v)}`);
  }
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
  const [{ id: rootId }] = (
    await pool.query(
      `INSERT INTO users (tenant_id, name, email, password_hash, role, status) VALUES (NULL, 'Root', 'root@reads.bench', 'x', 'admin', 'approved') RETURNING id`,
    )
  ).rows;
  const root = signToken(rootId);
  const admin = signToken(big.admin);
  const finance = signToken(big.finance);
  const scopes: Scope[] = [
    {
      label: 'tenant admin',
      token: admin,
      totalsToken: finance,
      params: [big.tenantId],
      trips: 't.tenant_id = $1',
      counters: (c) => `${c}.tenant_id = $1`,
    },
    {
      label: 'school staff',
      token: signToken(big.staff[0]),
      totalsToken: signToken(big.staff[0]),
      params: [big.tenantId, big.schools[0]],
      trips: 't.tenant_id = $1 AND t.school_org_id = $2',
      counters: (c) => `${c}.tenant_id = $1 AND ${c}.school_org_id = $2`,
    },
    {
      label: 'bus company',
      token: signToken(big.dispatchers[0]),
      totalsToken: signToken(big.dispatchers[0]),
      params: [big.tenantId, big.companies[0]],
      trips: `t.tenant_id = $1 AND t.status NOT IN (${SCHOOL_ONLY}) AND (t.bus_company_org_id = $2 OR t.school_org_id = ANY(ARRAY(SELECT p.school_org_id FROM partnerships p WHERE p.bus_company_org_id = $2)))`,
      counters: (c) =>
        `${c}.tenant_id = $1 AND ${c}.status NOT IN (${SCHOOL_ONLY}) AND (${c}.company_org_id = $2 OR ${c}.school_org_id = ANY(ARRAY(SELECT p.school_org_id FROM partnerships p WHERE p.bus_company_org_id = $2)))`,
    },
  ];
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
  const today = new Date().toISOString().slice(0, 10);
  const row = (label: string, m: Measured, old: ReturnType<typeof stats>, floorLabel: string): Row => ({
    area: 'Reads',
    measure: `${label}, median`,
    unit: 'ms',
    value: m.app.median,
    floor: m.floor.median,
    floorLabel,
    ratio: ratio(m.app.median, m.floor.median),
    target: `< ${COUNTER_TARGET_MS} ms`,
    met: m.app.median < COUNTER_TARGET_MS,
    note:
      `p95 ${m.app.p95.toFixed(1)} ms (floor p95 ${m.floor.p95.toFixed(1)} ms); before the counters, counting the trips by raw SQL alone ` +
      `took ${old.median.toFixed(1)} ms median (p95 ${old.p95.toFixed(1)} ms); any signed-in request (GET /users/me) takes ${me.app.median.toFixed(1)} ms here`,
  });

  for (const size of SIZES) {
    const t0 = Date.now();
    await addScaleTrips(pool, [big], size - inBig);
    inBig = size;
    const total = size + OTHER_TENANTS * OTHER_TRIPS;
    const seconds = (Date.now() - t0) / 1000;
    const [check] = (await pool.query(COUNTER_CHECK, [big.tenantId])).rows;
    if (Number(check.wrong) !== 0) throw new Error(`${check.wrong} counter rows differ from the trips at ${size} trips`);
    details[`counters${size}`] = { seconds, ...check };
    log(
      `reads: ${size.toLocaleString('en')} trips in the tenant (${total.toLocaleString('en')} in all) written and counted in ${seconds.toFixed(1)} s; ` +
        `counter rows: ${check.counter_rows}, day rows ${check.day_rows} (${check.future_day_rows} from today)`,
    );
    const label = size.toLocaleString('en');

    for (const sc of scopes) {
      // Before: the count, the cards and the totals over the trips, as raw SQL; their answers are the expected figures.
      const oldPage = await before(() =>
        Promise.all([pool.query(COUNTING.total(sc), sc.params), pool.query(pageRows(sc.trips), sc.params)]),
      );
      const oldCards = await before(() =>
        Promise.all([
          pool.query(COUNTING.cards(sc, sc.params.length + 1), [...sc.params, today]),
          pool.query(upcomingRows(sc.trips, sc.params.length + 1), [...sc.params, today]),
        ]),
      );
      const oldTotals = await before(() => pool.query(COUNTING.totals(sc), sc.params));
      const want = { total: oldPage.answer[0].rows[0].total };
      const wantCards = oldCards.answer[0].rows[0];
      const t = oldTotals.answer.rows[0];
      const wantTotals = { count: t.count, paidCount: t.paid, paidRevenue: t.revenue, awaitingPayment: t.awaiting };

      const page = await measure(
        `${a.url}/api/trips?page=1&pageSize=12`,
        sc.token,
        () => Promise.all([pool.query(COUNTED.total(sc), sc.params), pool.query(pageRows(sc.trips), sc.params)]),
        (body) => {
          expectFigures(`${sc.label}'s first page`, body as Record<string, unknown>, want);
          if ((body as { trips: unknown[] }).trips.length !== 12) throw new Error('the first page should hold 12 trips');
        },
      );
      const cards = await measure(
        `${a.url}/api/trips/stats?today=${today}`,
        sc.token,
        () =>
          Promise.all([
            pool.query(COUNTED.cards(sc, sc.params.length + 1), [...sc.params, today]),
            pool.query(upcomingRows(sc.trips, sc.params.length + 1), [...sc.params, today]),
          ]),
        (body) => expectFigures(`${sc.label}'s dashboard`, body as Record<string, unknown>, wantCards),
      );
      const totals = await measure(
        `${a.url}/api/trips/totals`,
        sc.totalsToken,
        () => pool.query(COUNTED.totals(sc), sc.params),
        (body) => expectFigures(`${sc.label}'s totals`, body as Record<string, unknown>, wantTotals),
      );
      if (sc.label === 'tenant admin') {
        if (Number(want.total) !== size) throw new Error(`the tenant should have ${size} trips, counting says ${want.total}`);
        if (size === SIZES[0]) bytesAt10k = page.bytes;
        rows.push({
          area: 'Reads',
          measure: `All Trips first page on the wire, ${label} trips (tenant admin)`,
          unit: 'kB',
          value: page.bytes / 1000,
          floor: bytesAt10k / 1000,
          floorLabel: 'the same page at 10,000 trips',
          ratio: ratio(page.bytes, bytesAt10k),
          target: 'flat (≤ 1.05× the page at 10,000)',
          met: page.bytes <= bytesAt10k * 1.05,
        });
      }
      const who = `${sc.label} (${Number(want.total).toLocaleString('en')} trips seen)`;
      rows.push(
        row(
          `All Trips first page (12 + total), ${label} trips, ${who}`,
          page,
          oldPage.ms,
          'the counter rows summed and the same 12 rows by raw SQL (pg, two connections)',
        ),
      );
      rows.push(
        row(
          `Dashboard (4 cards + 10 upcoming), ${label} trips, ${who}`,
          cards,
          oldCards.ms,
          'the counter rows summed and the same 10 rows by raw SQL (pg, two connections)',
        ),
      );
      rows.push(
        row(
          `Finance totals, ${label} trips, ${sc.label === 'tenant admin' ? 'finance' : who}`,
          totals,
          oldTotals.ms,
          'the counter rows summed by raw SQL (pg)',
        ),
      );
      details[`trips${size} ${sc.label}`] = { page, cards, totals, before: { page: oldPage.ms, cards: oldCards.ms, totals: oldTotals.ms } };
      log(
        `reads: ${label}, ${sc.label}: first page ${page.app.median.toFixed(1)} ms, dashboard ${cards.app.median.toFixed(1)} ms, totals ${totals.app.median.toFixed(1)} ms ` +
          `(counting before: ${oldPage.ms.median.toFixed(1)}, ${oldCards.ms.median.toFixed(1)}, ${oldTotals.ms.median.toFixed(1)} ms)`,
      );
    }

    // A platform admin across the 100 tenants.
    const platform: Scope = { label: 'platform admin', token: root, totalsToken: root, params: [], trips: 'true', counters: () => 'true' };
    const oldAll = await before(() => Promise.all([pool.query(COUNTING.total(platform)), pool.query(pageRows('true'))]));
    const all = await measure(
      `${a.url}/api/trips?page=1&pageSize=12`,
      root,
      () => Promise.all([pool.query(COUNTED.total(platform)), pool.query(pageRows('true'))]),
      (body) => expectFigures('the platform first page', body as Record<string, unknown>, { total }),
    );
    rows.push(
      row(
        `All Trips first page (12 + total), ${label} trips, platform admin, 100 tenants, ${total.toLocaleString('en')} trips`,
        all,
        oldAll.ms,
        'the counter rows summed and the same 12 rows by raw SQL (pg, two connections)',
      ),
    );
    details[`trips${size} platform admin`] = { page: all, before: oldAll.ms };
  }

  // At 1,000,000 trips: a filtered total (counted), the Month options and the plain array.
  const [{ month }] = (await pool.query(`SELECT to_char(current_date - 400, 'YYYY-MM') AS month`)).rows;
  const [first, next] = [
    `${month}-01`,
    (await pool.query(`SELECT to_char(($1::date + interval '1 month')::date, 'YYYY-MM-DD') AS d`, [`${month}-01`])).rows[0].d,
  ];
  const tenant = scopes[0];
  const aggregates: [string, string, string, string, () => Promise<unknown>, (body: unknown) => void][] = [
    [
      `Finance totals, paid, one month (${month}): a filter, so counted`,
      `/api/trips/totals?paid=true&month=${month}`,
      finance,
      'the same count by raw SQL (pg)',
      () => pool.query(PAID_MONTH, [big.tenantId, first, next]),
      () => undefined,
    ],
    [
      'Month options',
      '/api/trips/months',
      admin,
      'the same recursive query by raw SQL (pg)',
      () => pool.query(MONTHS, [big.tenantId]),
      () => undefined,
    ],
    [
      "GET /trips without parameters (the spec's array: first 1,000 and X-Total-Count), tenant admin",
      '/api/trips',
      admin,
      'the counter rows summed and the same 1,000 rows by raw SQL (pg, two connections)',
      () => Promise.all([pool.query(COUNTED.total(tenant), tenant.params), pool.query(pageRows(tenant.trips, 1000), tenant.params)]),
      (body) => {
        if ((body as unknown[]).length !== 1000) throw new Error('the first slice should hold 1,000 trips');
      },
    ],
  ];
  for (const [label, path, token, floorLabel, floor, check] of aggregates) {
    const m = await measure(`${a.url}${path}`, token, floor, check);
    const r = ratio(m.app.median, m.floor.median);
    rows.push({
      area: 'Reads',
      measure: `${label}, 1,000,000 trips, median`,
      unit: 'ms',
      value: m.app.median,
      floor: m.floor.median,
      floorLabel,
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
      floor: 'the same counter sums, rows or aggregate by raw SQL through pg from the benchmark process, two connections at once',
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
