import { rmSync } from 'node:fs';

/** Removes the demo database the browser suites' servers started from (global-setup-browser.ts). */
export default function globalTeardown(): void {
  const dir = process.env.BROWSER_DATA_TEMPLATE;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
