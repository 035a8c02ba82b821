import 'reflect-metadata';
import { Client } from 'pg';
import { createDataSource } from '../../server/src/database/data-source';
import { testDatabaseUrl } from './test-env';

/** Runs once per `npm test`: a fresh schema for this run, migrated once (immich's globalSetup pattern). */
export default async function globalSetup(): Promise<void> {
  // Several projects share this setup; the first one to run makes the schema for all.
  if (process.env.E2E_SCHEMA) return;
  const url = testDatabaseUrl();
  const schema = `e2e_${Date.now().toString(36)}_${process.pid}`;
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (e) {
    throw new Error(`The PostgreSQL suites need a database at ${url} (set TEST_DATABASE_URL): ${(e as Error).message}`, { cause: e });
  }
  // Schemas left by runs that ended abruptly (older than three hours, so parallel runs are safe)
  const old = await client.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'e2e\\_%' ESCAPE '\\'`);
  for (const { nspname } of old.rows) {
    const born = parseInt(nspname.split('_')[1] ?? '', 36);
    if (Number.isFinite(born) && Date.now() - born > 3 * 3600_000) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  }
  await client.query(`CREATE SCHEMA "${schema}"`);
  await client.end();
  const ds = createDataSource({ databaseUrl: url, dataDir: '', schema });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();
  process.env.E2E_SCHEMA = schema;
}
