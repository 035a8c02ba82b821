import { removeTemplate } from './data-templates';

/** Removes the migrated embedded database the PGlite test apps started from (global-setup-pglite.ts). */
export default function globalTeardown(): void {
  removeTemplate('PGLITE_TEST_TEMPLATE');
}
