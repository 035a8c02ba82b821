import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataSource } from '../../server/src/database/data-source';

/**
 * Once per run, before the embedded-database suites (api-pglite): a fresh embedded database, migrated, in a folder.
 * Each test app on PGlite then opens a copy of it (startTestApp) instead of a new database in memory, which PGlite has
 * to create (its initdb) and every migration has to build, several seconds per app on two cores (docs/testing.md).
 * Every app still gets a database of its own, empty of rows as before; a suite that names a DATA_DIR keeps its own.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.PGLITE_TEST_TEMPLATE) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'console-pglite-template-'));
  const ds = createDataSource({ dataDir });
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
  process.env.PGLITE_TEST_TEMPLATE = dataDir;
}
