// Dispatch: what refusing double-booking costs, on one built replica (production mode, PostgreSQL), in a
// tenant of 10,000 trips whose first bus company runs a fleet of 60 buses and 60 drivers, every one of its trips that
// has buses on them (~2,900 rows in the fleet index, ~50 per bus and per driver).
//  1. Assigning from the fleet: PATCH /api/trips/{id} {status: "Confirmed", buses: [{busId, driverId, …}]} as the
//     company's dispatcher, each time on a fresh accepted trip, from request sent to the last byte received. The bus
//     and driver rows are locked, checked (company, active, licence, seats) and the clash check runs; the trip's rows
//     in the fleet index are written. Floor: the same PATCH with the bus typed in as free text (no ids: none of that),
//     on another fresh accepted trip of the same tenant; console and floor requests alternate.
//  2. The clash check's SQL alone (server/src/fleet/repository/fleet-assignment.repository.ts CONFLICTS_SQL), through pg from this process, for
//     the same kind of assignment: how much of (1) it is.
//  3. A refused double booking: the same PATCH naming a bus already on an overlapping trip, answered 409.
//  4. The board's read: GET /api/dispatch/board for one week holding 500 trips on the 60 buses. Floor: the same trips
//     (lean trip columns, the two organization joins, window and company) by raw SQL through pg, until parsed.
//   BENCH_DISPATCH_RUNS=40
import type { Pool } from 'pg';
import { CONFLICTS_SQL } from '../../server/src/fleet/repository/fleet-assignment.repository';
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

const RUNS = Number(process.env.BENCH_DISPATCH_RUNS ?? 40);
const WARMUP = 5;
const TRIPS = 10_000;
const BUSES = 60;
const BOARD_TRIPS = 500;
const BOARD_WEEK = { from: '2032-03-01', to: '2032-03-07' };

let cluster: Cluster | undefined;
let db: Pool | undefined;
let dropSchema: (() => Promise<void>) | undefined;

/** What GET /dispatch/board reads for the bars of a company's week, written out by hand (trip-read.repository.ts's lean select). */
const BOARD_SQL = `
  SELECT t.id, t.tenant_id, t.school_org_id, school.name AS school_name, t.bus_company_org_id, company.name AS company_name,
         t.created_by_id, t.created_by, t.created_by_email, t.trip_type, t.custom_type, t.origin, t.destination,
         to_char(t.departure_date, 'YYYY-MM-DD') AS departure_date, t.departure_time,
         to_char(t.return_date, 'YYYY-MM-DD') AS return_date, t.return_time, t.students, t.staff, t.notes,
         t.booster_seats_requested, t.booster_seat_count, t.status, t.status_before_cancel_request, t.bus_info, t.driver_info,
         t.buses, t.price, t.paid, t.edit_request, t.cancel_request, t.deleted, t.version, t.created_at, t.updated_at
    FROM trips t
    JOIN organizations school ON school.id = t.school_org_id
    LEFT JOIN organizations company ON company.id = t.bus_company_org_id
   WHERE t.deleted = false AND t.tenant_id = $1 AND t.bus_company_org_id = $2 AND t.departure_date <= $4 AND t.return_date >= $3
     AND t.status IN ('Accepted', 'Confirmed', 'Cancel Requested', 'Completed') AND jsonb_array_length(t.buses) > 0`;

async function main(): Promise<void> {
  const started = Date.now();
  const { schema, drop } = await benchSchema('dispatch');
  dropSchema = drop;
  log(`dispatch: starting one replica (schema ${schema})`);
  cluster = await startBenchCluster(schema, 1);
  const [replica] = cluster.replicas;
  db = schemaPool(schema, 4);
  const seeded = await seedTenant(db, { name: 'Dispatch 10k', schools: 2, dispatchers: 1, trips: TRIPS });
  const company = seeded.companies[0];
  const school = seeded.schools[0];
  const token = signToken(seeded.dispatchers[0]);

  // The fleet, and every trip of the company that has buses on it (~50 rows per bus and per driver).
  const buses = (
    await db.query<{ id: number }>(
      `INSERT INTO fleet_buses (tenant_id, company_org_id, name, name_key, bus_type, seats, booster_seats)
       SELECT $1, $2, 'Bus ' || g, 'bus ' || g, 'White Bus', 50, 2 FROM generate_series(1, $3::int) g RETURNING id`,
      [seeded.tenantId, company, BUSES],
    )
  ).rows.map((r) => r.id);
  const drivers = (
    await db.query<{ id: number }>(
      `INSERT INTO fleet_drivers (tenant_id, company_org_id, name, mobile, licence_expiry)
       SELECT $1, $2, 'Driver ' || g, '+971 50 000 ' || lpad(g::text, 4, '0'), DATE '2040-12-31' FROM generate_series(1, $3::int) g RETURNING id`,
      [seeded.tenantId, company, BUSES],
    )
  ).rows.map((r) => r.id);
  await db.query(
    `INSERT INTO fleet_assignments (trip_id, company_org_id, bus_id, driver_id, starts_at, ends_at)
     SELECT t.id, $1, ($2::int[])[1 + t.id % $4], ($3::int[])[1 + t.id % $4], t.departure_date + time '08:00', t.return_date + time '15:00'
       FROM trips t WHERE t.tenant_id = $5 AND t.bus_company_org_id = $1 AND jsonb_array_length(t.buses) > 0`,
    [company, buses, drivers, BUSES, seeded.tenantId],
  );
  const indexed = Number((await db.query(`SELECT count(*) AS n FROM fleet_assignments`)).rows[0].n);

  // Fresh accepted trips to assign: one a day from 2031-01-01, console and floor on alternate days.
  const fresh = (
    await db.query<{ id: number }>(
      `INSERT INTO trips (tenant_id, school_org_id, bus_company_org_id, created_by_id, created_by, created_by_email, trip_type, destination,
          departure_date, departure_time, return_date, return_time, students, staff, status)
       SELECT $1, $2, $3, $4, 'Staff', 'staff@bench.test', 'Day Trip', 'Assign ' || g, DATE '2031-01-01' + g, '08:00 AM',
          DATE '2031-01-01' + g, '03:00 PM', 40, 4, 'Accepted'
         FROM generate_series(0, $5::int - 1) g ORDER BY g RETURNING id`,
      [seeded.tenantId, school, company, seeded.staff[0] ?? seeded.admin, 2 * (RUNS + WARMUP) + RUNS + 1],
    )
  ).rows.map((r) => r.id);
  await db.query('ANALYZE');
  log(`dispatch: ${TRIPS} trips, ${BUSES} buses and drivers, ${indexed} rows in the fleet index`);

  const assign = (tripId: number, item: Record<string, unknown>) =>
    call(`${replica.url}/api/trips/${tripId}`, {
      method: 'PATCH',
      token,
      body: { status: 'Confirmed', buses: [{ busType: 'White Bus', busSeats: 50, tripPrice: 400, ...item }] },
    });
  const fleetMs: number[] = [];
  const freeMs: number[] = [];
  const sqlMs: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const bus = buses[i % BUSES];
    const driver = drivers[(i * 7) % BUSES];
    const withFleet = await assign(fresh[2 * i], { busId: bus, driverId: driver });
    const freeText = await assign(fresh[2 * i + 1], { driverName: 'Sam Driver', driverPhone: '+971 50 000 0000' });
    if (withFleet.status !== 200 || freeText.status !== 200) {
      throw new Error(`assignments answered ${withFleet.status} ${JSON.stringify(withFleet.body).slice(0, 200)} / ${freeText.status}`);
    }
    const day = `2031-06-${String(1 + (i % 28)).padStart(2, '0')}`;
    const t0 = performance.now();
    await db.query(CONFLICTS_SQL, [[bus], [driver], fresh[2 * i], `${day}T08:00`, `${day}T15:00`]);
    const sql = performance.now() - t0;
    if (i >= WARMUP) {
      fleetMs.push(withFleet.ms);
      freeMs.push(freeText.ms);
      sqlMs.push(sql);
    }
  }

  // Refusals: the next trips, each on the day (and bus) of an assignment made above.
  const refusedMs: number[] = [];
  const clashing = fresh.slice(2 * (WARMUP + RUNS));
  for (let i = 0; i < RUNS; i++) {
    const trip = clashing[i];
    // day 2k of January holds the fleet assignment of run k (bus k), made above
    const k = i % 14;
    await db.query(`UPDATE trips SET departure_date = $2, return_date = $2 WHERE id = $1`, [
      trip,
      `2031-01-${String(1 + 2 * k).padStart(2, '0')}`,
    ]);
    const res = await assign(trip, { busId: buses[k % BUSES] });
    if (res.status !== 409) throw new Error(`a double booking answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    refusedMs.push(res.ms);
  }

  // The board: 500 trips of the company in one week on the 60 buses (8 a day per bus would clash; they are spread over 60 × 7).
  const boardTrips = (
    await db.query<{ id: number }>(
      `INSERT INTO trips (tenant_id, school_org_id, bus_company_org_id, created_by_id, created_by, created_by_email, trip_type, destination,
          departure_date, departure_time, return_date, return_time, students, staff, status, buses, bus_info)
       SELECT $1, $2, $3, $4, 'Staff', 'staff@bench.test', 'Day Trip', 'Board ' || g, DATE '${BOARD_WEEK.from}' + (g % 7),
          (ARRAY['07:00 AM','10:00 AM','01:00 PM'])[1 + (g / 420) % 3], DATE '${BOARD_WEEK.from}' + (g % 7),
          (ARRAY['09:30 AM','12:30 PM','03:30 PM'])[1 + (g / 420) % 3], 40, 4, 'Confirmed',
          jsonb_build_array(jsonb_build_object('busType','White Bus','busSeats',50,'tripPrice',400,'driverName','Driver','driverPhone','1',
            'status',null,'busId',($5::int[])[1 + (g / 7) % 60],'busName','Bus','driverId',($6::int[])[1 + (g / 7) % 60])),
          '{"busType":"White Bus","seats":50}'::jsonb
         FROM generate_series(0, $7::int - 1) g RETURNING id`,
      [seeded.tenantId, school, company, seeded.staff[0] ?? seeded.admin, buses, drivers, BOARD_TRIPS],
    )
  ).rows.map((r) => r.id);
  await db.query(
    `INSERT INTO fleet_assignments (trip_id, company_org_id, bus_id, driver_id, starts_at, ends_at)
     SELECT t.id, $2, (t.buses->0->>'busId')::int, (t.buses->0->>'driverId')::int,
            t.departure_date + to_timestamp(t.departure_time, 'HH12:MI AM')::time, t.return_date + to_timestamp(t.return_time, 'HH12:MI AM')::time
       FROM trips t WHERE t.id = ANY($1::int[])`,
    [boardTrips, company],
  );
  await db.query('ANALYZE');
  const boardMs: number[] = [];
  const boardSqlMs: number[] = [];
  let boardBytes = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const res = await call(`${replica.url}/api/dispatch/board?from=${BOARD_WEEK.from}&to=${BOARD_WEEK.to}`, { token });
    const body = res.body as { trips?: unknown[]; buses?: unknown[] };
    if (res.status !== 200 || body.trips?.length !== BOARD_TRIPS || body.buses?.length !== BUSES) {
      throw new Error(`the board answered ${res.status} with ${body.trips?.length} trips and ${body.buses?.length} buses`);
    }
    boardBytes = res.bytes;
    const t0 = performance.now();
    const raw = await db.query(BOARD_SQL, [seeded.tenantId, company, BOARD_WEEK.from, BOARD_WEEK.to]);
    const sql = performance.now() - t0;
    if (raw.rowCount !== BOARD_TRIPS) throw new Error(`raw SQL found ${raw.rowCount} trips`);
    if (i >= WARMUP) {
      boardMs.push(res.ms);
      boardSqlMs.push(sql);
    }
  }

  const fleet = stats(fleetMs);
  const free = stats(freeMs);
  const sql = stats(sqlMs);
  const refused = stats(refusedMs);
  const board = stats(boardMs);
  const boardSql = stats(boardSqlMs);
  const assignRatio = ratio(fleet.median, free.median);
  const boardRatio = ratio(board.median, boardSql.median);
  const rows: Row[] = [
    {
      area: 'Dispatch',
      measure: `assign a fleet bus and driver (clash-checked), ${TRIPS.toLocaleString('en')} trips in the tenant, median`,
      unit: 'ms',
      value: fleet.median,
      floor: free.median,
      floorLabel: 'the same assignment typed in as free text',
      ratio: assignRatio,
      target: '≤ 1.5× floor',
      met: assignRatio === null ? null : assignRatio <= 1.5,
    },
    {
      area: 'Dispatch',
      measure: 'assign a fleet bus and driver, p95',
      unit: 'ms',
      value: fleet.p95,
      floor: free.p95,
      ratio: ratio(fleet.p95, free.p95),
    },
    {
      area: 'Dispatch',
      measure: 'the clash check’s SQL alone (pg), median',
      unit: 'ms',
      value: sql.median,
      floor: free.median,
      ratio: ratio(sql.median, free.median),
      note: 'set against the free-text assignment: the share of a whole assignment the check itself takes',
    },
    {
      area: 'Dispatch',
      measure: 'refuse a double booking (409), median',
      unit: 'ms',
      value: refused.median,
      floor: free.median,
      ratio: ratio(refused.median, free.median),
    },
    {
      area: 'Dispatch',
      measure: `GET /dispatch/board, a week of ${BOARD_TRIPS} trips on ${BUSES} buses, median`,
      unit: 'ms',
      value: board.median,
      floor: boardSql.median,
      floorLabel: 'the same trips by raw SQL (pg)',
      ratio: boardRatio,
      note: 'no target: the board is measured where it matters, on first render, by the first-render benchmark of the board (07-board)',
    },
  ];
  const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${CONFLICTS_SQL}`, [
    [buses[0]],
    [drivers[0]],
    0,
    '2025-06-01T08:00',
    '2025-06-01T15:00',
  ]);
  const boardPlan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${BOARD_SQL}`, [seeded.tenantId, company, BOARD_WEEK.from, BOARD_WEEK.to]);
  writeSection(
    '06-dispatch',
    {
      name: 'Dispatch',
      floor: 'the same assignment as free text (no fleet ids) through the same replica; the board rows by raw SQL through pg',
      rows,
      details: {
        trips: TRIPS,
        buses: BUSES,
        fleetIndexRows: indexed,
        boardTrips: boardTrips.length,
        boardResponseBytes: boardBytes,
        fleetAssign: fleet,
        freeTextAssign: free,
        conflictSql: sql,
        refused,
        board,
        boardSql,
        conflictPlan: plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']),
        boardPlan: boardPlan.rows.map((r: Record<string, string>) => r['QUERY PLAN']),
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
