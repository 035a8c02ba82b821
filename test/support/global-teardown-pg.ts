import { Client } from 'pg';
import { testDatabaseUrl } from './test-env';

export default async function globalTeardown(): Promise<void> {
  const schema = process.env.E2E_SCHEMA;
  if (!schema) return;
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
