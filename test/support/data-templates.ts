import { rmSync } from 'node:fs';

/**
 * Removes the prepared embedded database a run's global setup left in the folder named by the environment variable
 * `variable` (BROWSER_DATA_TEMPLATE, PGLITE_TEST_TEMPLATE): the global teardown of the projects that copy one.
 */
export function removeTemplate(variable: string): void {
  const dir = process.env[variable];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
