// Reads: GET /api/trips for a tenant admin whose tenant holds 1,000 and 10,000 trips, on one built replica
// (production mode, PostgreSQL), from request sent to the last byte of the JSON received.
// The floor: the SQL that reads the same rows (same columns, same two organization joins, same order)
// through `pg` from this process, until every row is parsed. Console and floor runs alternate.
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
  seedTenant,
  signToken,
  startBenchCluster,
  stats,
  writeSection,
} from './support/kit';

const RUNS = Number(process.env.BENCH_READS_RUNS ?? 30);
const WARMUP = 3;

/** What GET /api/trips reads for an admin (server/src/trips/trip-scope.ts), written out by hand. */
const RAW_SQL = `
  SELECT t.id, t.tenant_id, t.school_org_id, school.name AS school_name, t.bus_company_org_id, company.name AS company_name,
         t.created_by_id, t.created_by, t.created_by_email, t.trip_type, t.custom_type, t.origin, t.destination,
         to_char(t.departure_date, 'YYYY-MM-DD') AS departure_date, t.departure_time,
         to_char(t.return_date, 'YYYY-MM-DD') AS return_date, t.return_time, t.students, t.staff, t.notes,
         t.booster_seats_requested, t.booster_seat_count, t.status, t.status_before_cancel_request, t.bus_info, t.driver_info,
         t.buses, t.price, t.paid, t.edit_request, t.cancel_request, t.deleted, t.version, t.created_at, t.updated_at
    FROM trips t
    JOIN organizations school ON school.id = t.school_org_id
    LEFT JOIN organizations company ON company.id = t.bus_company_org_id
   WHERE t.deleted = false AND t.tenant_id = $1
   ORDER BY t.id DESC`;

let cluster: Cluster | undefined;
let db: Pool | undefined;
let dropSchema: (() => Promise<void>) | undefined;

async function main(): Promise<void> {
  const started = Date.now();
  const { schema, drop } = await benchSchema('reads');
  dropSchema = drop;
  log(`reads: starting one replica (schema ${schema})`);
  cluster = await startBenchCluster(schema, 1);
  const [a] = cluster.replicas;
  db = schemaPool(schema, 4);
  const tenants = [
    { trips: 1_000, seeded: await seedTenant(db, { name: 'Reads 1k', schools: 2, trips: 1_000 }) },
    { trips: 10_000, seeded: await seedTenant(db, { name: 'Reads 10k', schools: 2, trips: 10_000 }) },
  ];
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  for (const { trips, seeded } of tenants) {
    const token = signToken(seeded.admin);
    const url = `${a.url}/api/trips`;
    const appMs: number[] = [];
    const sqlMs: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const res = await call(url, { token });
      if (res.status !== 200) throw new Error(`GET /api/trips answered ${res.status}`);
      const count = (res.body as unknown[]).length;
      bytes = res.bytes;
      const t0 = performance.now();
      const raw = await db.query(RAW_SQL, [seeded.tenantId]);
      const sql = performance.now() - t0;
      if (raw.rowCount !== trips || count !== trips) {
        throw new Error(`expected ${trips} trips, got ${count} (API) and ${raw.rowCount} (SQL)`);
      }
      if (i >= WARMUP) {
        appMs.push(res.ms);
        sqlMs.push(sql);
      }
    }
    const s = stats(appMs);
    const f = stats(sqlMs);
    const big = trips === 10_000;
    rows.push({
      area: 'Reads',
      measure: `GET /trips, ${trips.toLocaleString('en')} trips (admin), median`,
      unit: 'ms',
      value: s.median,
      floor: f.median,
      floorLabel: 'the same rows by raw SQL (pg)',
      ratio: ratio(s.median, f.median),
      ...(big ? { target: '≤ 3× floor', met: (ratio(s.median, f.median) ?? Infinity) <= 3 } : {}),
    });
    const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${RAW_SQL}`, [seeded.tenantId]);
    details[`trips${trips}`] = {
      console: s,
      floor: f,
      responseBytes: bytes,
      plan: plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']),
    };
    log(
      `reads: ${trips} trips: console median ${s.median.toFixed(1)} ms (${(bytes / 1e6).toFixed(2)} MB JSON); SQL median ${f.median.toFixed(1)} ms`,
    );
  }
  // The school staff of the 10,000-trip tenant's first school (its list is filtered by school): for the record.
  const staff = signToken(tenants[1].seeded.staff[0]);
  const staffMs: number[] = [];
  for (let i = 0; i < WARMUP + 10; i++) {
    const res = await call(`${a.url}/api/trips`, { token: staff });
    if (i >= WARMUP) staffMs.push(res.ms);
  }
  details.staff10k = stats(staffMs);
  writeSection(
    '02-reads',
    { name: 'Reads', floor: 'the same rows by raw SQL through pg, from the benchmark process', rows, details },
    started,
  );
}

runBench(main, async () => {
  await db?.end();
  await cluster?.stop();
  await dropSchema?.();
});
