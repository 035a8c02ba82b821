// How long GET /api/trips takes for a tenant holding 10,000 trips, on PostgreSQL:
//   SWC_NODE_PROJECT=server/tsconfig.json node -r @swc-node/register scripts/measure-trips.ts
// It starts the real app on a scratch schema, bulk-inserts the trips with one SQL statement, times
// 20 requests per role after a warm-up, prints the medians, and drops the schema.
import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createApp } from '../server/src/app.factory';
import { SessionsService } from '../server/src/auth/sessions.service';
import { loadConfig } from '../server/src/config/config';
import { selectTripRows, visibleTrips } from '../server/src/trips/repository/trip-read.repository';
import { User } from '../server/src/users/user.entity';

const TRIPS = Number(process.env.TRIPS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 20);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function seed(db: DataSource): Promise<Record<'admin' | 'staff' | 'bus', number>> {
  const [tenant] = await db.query(`INSERT INTO tenants (name, slug) VALUES ('Measure', 'measure') RETURNING id`);
  const org = async (type: string, name: string) =>
    (
      await db.query(`INSERT INTO organizations (tenant_id, type, name, slug) VALUES ($1, $2, $3, $4) RETURNING id`, [
        tenant.id,
        type,
        name,
        name.toLowerCase().replace(/\W+/g, '-'),
      ])
    )[0].id as number;
  const schools = [await org('school', 'School One'), await org('school', 'School Two')];
  const buses = [await org('bus_company', 'Bus One'), await org('bus_company', 'Bus Two')];
  for (let i = 0; i < 2; i++) {
    await db.query(`INSERT INTO partnerships (tenant_id, school_org_id, bus_company_org_id) VALUES ($1, $2, $3)`, [
      tenant.id,
      schools[i],
      buses[i],
    ]);
  }
  const user = async (role: string, org: number | null) =>
    (
      await db.query(
        `INSERT INTO users (tenant_id, active_org_id, name, email, password_hash, role, status) VALUES ($1, $2, $3, $4, 'x', $3, 'approved') RETURNING id`,
        [tenant.id, org, role, `${role}@measure.test`],
      )
    )[0].id as number;
  const ids = { admin: await user('admin', null), staff: await user('school_staff', schools[0]), bus: await user('bus_company', buses[0]) };
  // Half the trips per school; statuses cycle; accepted and later ones are assigned with two buses.
  await db.query(
    `INSERT INTO trips (tenant_id, school_org_id, bus_company_org_id, created_by_id, created_by, created_by_email, trip_type, destination,
        departure_date, departure_time, return_date, return_time, students, staff, notes, status, buses, bus_info, driver_info, price, version)
     SELECT $1, s.school, CASE WHEN g % 7 IN (0, 3, 4, 6) THEN s.bus END, $4, 'Staff', 'staff@measure.test',
        (ARRAY['Academic Trip','Boarding House Trip','Day Trip','Sports Trip'])[1 + g % 4], 'Destination ' || g,
        DATE '2025-01-01' + (g % 700), '08:00 AM', DATE '2025-01-01' + (g % 700), '03:00 PM', 20 + g % 40, 2, 'Notes for trip ' || g,
        (ARRAY['Pending','Accepted','Rejected','Confirmed','Completed','Canceled','Cancel Requested'])[1 + g % 7],
        CASE WHEN g % 7 IN (0, 3, 4, 6) THEN '[{"busType":"White Bus","busSeats":30,"tripPrice":400,"driverName":"Sam","driverPhone":"123","status":null},{"busType":"Internal Yellow Bus","busSeats":40,"tripPrice":500,"driverName":"Ali","driverPhone":"456","status":null}]'::jsonb ELSE '[]'::jsonb END,
        CASE WHEN g % 7 IN (0, 3, 4, 6) THEN '{"busType":"White Bus, Internal Yellow Bus","seats":70}'::jsonb END,
        CASE WHEN g % 7 IN (0, 3, 4, 6) THEN '{"name":"Sam","mobile":"123"}'::jsonb END,
        900, 1 + g % 5
     FROM generate_series(1, $5::int) g
     CROSS JOIN LATERAL (SELECT CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END AS school, CASE WHEN g % 2 = 0 THEN $6::int ELSE $7::int END AS bus) s`,
    [tenant.id, schools[0], schools[1], ids.staff, TRIPS, buses[0], buses[1]],
  );
  await db.query('ANALYZE trips');
  return ids;
}

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `measure_trips_${process.pid}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: base,
    DATABASE_SCHEMA: schema,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    JWT_SECRET: 'measure-secret-that-is-long-enough-0123456789',
    CLIENT_DIST: '/nonexistent',
    PORT: '0',
  });
  const { app } = await createApp(config);
  try {
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}/api/trips`;
    const db = app.get(DataSource);
    const t0 = performance.now();
    const ids = await seed(db);
    console.log(`Inserted ${TRIPS} trips in ${Math.round(performance.now() - t0)} ms (PostgreSQL, schema ${schema}).`);
    const sessions = app.get(SessionsService);
    console.log('role          rows   bytes      median   p95      min');
    for (const [role, id] of Object.entries(ids)) {
      const token = sessions.issue(await db.getRepository(User).findOneByOrFail({ id }));
      const call = async () => {
        const start = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = await res.text();
        if (!res.ok) throw new Error(`${res.status} ${body}`);
        return { ms: performance.now() - start, bytes: body.length, rows: (JSON.parse(body) as unknown[]).length };
      };
      for (let i = 0; i < 3; i++) await call();
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await call());
      const ms = runs.map((r) => r.ms);
      const f = (n: number) => `${n.toFixed(1)} ms`.padEnd(9);
      console.log(
        `${role.padEnd(13)} ${String(runs[0].rows).padEnd(6)} ${String(runs[0].bytes).padEnd(10)} ${f(median(ms))}${f(pct(ms, 95))}${f(Math.min(...ms))}`,
      );
    }
    // The plan of the admin's list, exactly as GET /api/trips builds it.
    const user = await db.getRepository(User).findOneByOrFail({ id: ids.admin });
    const [sql, params] = selectTripRows(
      visibleTrips(db.manager, { ...user, jti: '', exp: 0 }).orderBy('trip.id', 'DESC'),
    ).getQueryAndParameters();
    const plan: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN (ANALYZE) ${sql}`, params);
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  } finally {
    await app.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
