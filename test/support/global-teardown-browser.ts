import { removeTemplate } from './data-templates';

/** Removes the demo database the browser suites' servers started from (global-setup-browser.ts). */
export default function globalTeardown(): void {
  removeTemplate('BROWSER_DATA_TEMPLATE');
}
