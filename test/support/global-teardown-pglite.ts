import { rmSync } from 'node:fs';

/** Removes the migrated embedded database the PGlite test apps started from (global-setup-pglite.ts). */
export default function globalTeardown(): void {
  const dir = process.env.PGLITE_TEST_TEMPLATE;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
