import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './browser';

/**
 * Once per run, before the browser suites: the built server starts on a fresh embedded database, migrates it and seeds
 * the demo, and stops. Each suite's server then starts on a copy of that folder (startServer), which opens an
 * up-to-date database in about a second instead of migrating and seeding one in three to five (measured on two cores).
 * Every suite still gets a database of its own.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.BROWSER_DATA_TEMPLATE) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'console-browser-template-'));
  const server = await startServer({ DATA_DIR: dataDir });
  await server.stop();
  process.env.BROWSER_DATA_TEMPLATE = dataDir;
}
