// A PostgreSQL schema holding years of trips, to study the list queries with EXPLAIN or to run the console against:
//   SWC_NODE_PROJECT=server/tsconfig.json node -r @swc-node/register scripts/seed-scale.ts
// Creates the schema (SCHEMA, default `scale`) if missing, runs the migrations, then adds TENANTS tenants (default 100)
// with TRIPS trips in the first (default 1,000,000) and OTHER_TRIPS in each of the others (default 100), with SQL
// only (test/bench/support/seed-scale.ts): about a minute for a million trips here. DATABASE_URL defaults to the local
// `test` database. Point the console at it with DATABASE_URL=… DATABASE_SCHEMA=scale; the tenant admin is
// admin.<tenant id>@scale.test (no password: sign tokens, or set one through the database).
import 'reflect-metadata';
import { Client, Pool } from 'pg';
import { createDataSource } from '../server/src/database/data-source';
import { addScaleTrips, seedScaleTenants } from '../test/bench/support/seed-scale';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = process.env.SCHEMA ?? 'scale';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('SCHEMA must be a plain lower-case identifier.');
  const tenants = Number(process.env.TENANTS ?? 100);
  const trips = Number(process.env.TRIPS ?? 1_000_000);
  const otherTrips = Number(process.env.OTHER_TRIPS ?? 100);
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await admin.end();
  const ds = createDataSource({ databaseUrl: url, dataDir: '', schema });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();

  const db = new Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  try {
    const t0 = Date.now();
    const seeded = await seedScaleTenants(db, { count: tenants, prefix: `S${Date.now().toString(36)}` });
    await addScaleTrips(db, seeded.slice(1), otherTrips, { analyze: false });
    await addScaleTrips(db, seeded.slice(0, 1), trips);
    const big = seeded[0];
    console.log(
      `Schema ${schema}: ${tenants} tenants, ${trips.toLocaleString('en')} trips in tenant ${big.tenantId} ` +
        `(admin user ${big.admin}, staff ${big.staff[0]}, dispatcher ${big.dispatchers[0]}), ` +
        `${otherTrips.toLocaleString('en')} in each other tenant; ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await db.end();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
