import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type RunningServer, startServer } from '../support/browser';
import { A11Y_ROLES, type A11yRole } from './a11y-screens';
import { COLOUR_RULES, rolePage, showScreen, turnDark, wcagFindings } from './page-helpers';

/**
 * WCAG 2.1 A and AA on every screen of every role (the list is a11y-screens.ts), light and dark, at 1280 and
 * 390 px: axe-core finds no violation. One server and one browser; each role signs in once and keeps its page,
 * changing width in place. Each screen loads once per width, in light, and axe runs every rule; then the scheme
 * turns dark in place (as a change in another tab does) and axe runs the colour rules again (COLOUR_RULES: a
 * scheme changes colours, not elements, names or roles). The same checks as loading each screen four times and
 * running every rule each time, in about half the time (CI's budget).
 */
const WIDTHS = [1280, 390] as const;
const HEIGHT = 860;

describe('accessibility: WCAG 2.1 AA on every screen of every role, light and dark, desktop and phone', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pages = new Map<string, Page>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
  });

  /** The role's page, signed in once and reused. */
  async function pageFor(role: A11yRole): Promise<Page> {
    const known = pages.get(role.role);
    if (known) return known;
    const { context, page } = await rolePage(browser, server.url, role, 1280);
    contexts.push(context);
    pages.set(role.role, page);
    return page;
  }

  for (const role of A11Y_ROLES) {
    for (const width of WIDTHS) {
      const screens = role.screens.filter((s) => !s.widths || s.widths.includes(width));
      it(`finds no WCAG 2.1 AA violation on the ${role.role}'s ${screens.length} screens (${width} px, light and dark)`, async () => {
        const page = await pageFor(role);
        await page.setViewportSize({ width, height: HEIGHT });
        const found: string[] = [];
        for (const screen of screens) {
          await showScreen(page, screen, 'light');
          found.push(...(await wcagFindings(page, `${role.role} · ${screen.name} · light · ${width} px`)));
          await turnDark(page, screen);
          found.push(...(await wcagFindings(page, `${role.role} · ${screen.name} · dark · ${width} px`, COLOUR_RULES)));
        }
        expect(found).toEqual([]);
      }, 600_000);
    }
  }
});
