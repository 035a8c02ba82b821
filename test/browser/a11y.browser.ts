import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type RunningServer, signIn, startServer } from '../support/browser';
import { A11Y_ROLES, type A11yRole, type A11yScreen } from './a11y-screens';
import { type AxeResults, analyzeWcag, COLOUR_RULES, type Scheme, switchSchemeInPlace } from './page-helpers';

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

/** One line per rule broken, then the first few elements with axe's reason: what a person needs to fix it. */
function describeViolations(where: string, violations: AxeResults['violations']): string[] {
  return violations.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n\s*/g, ' ') ?? ''}`);
    const more = v.nodes.length > 5 ? `\n    …and ${v.nodes.length - 5} more` : '';
    return `${where}: ${v.id} (${v.impact}, ${v.nodes.length}×) ${v.help}\n${nodes.join('\n')}${more}`;
  });
}

/**
 * Waits until nothing is fading in (spinners and other endless animations aside), so axe sees the colours a
 * person reads and not a half-transparent frame. The pages ask for reduced motion, which the theme honours, so
 * this is quick; the two frames let a transition that is about to start show up first.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

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
    let page: Page;
    if (role.email) {
      const signedIn = await signIn(browser, server.url, role.email);
      contexts.push(signedIn.context);
      page = signedIn.page;
    } else {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: HEIGHT } });
      contexts.push(context);
      page = await context.newPage();
      await page.goto('/login');
    }
    await page.emulateMedia({ reducedMotion: 'reduce' });
    pages.set(role.role, page);
    return page;
  }

  async function show(page: Page, screen: A11yScreen, scheme: Scheme): Promise<void> {
    // a page outside the console reads the system's scheme; the console's own pages are given theirs below
    await page.emulateMedia({ colorScheme: screen.systemScheme ? scheme : null });
    if (screen.systemScheme) {
      await page.goto(screen.path);
      await screen.ready(page);
      await settle(page);
      return;
    }
    // the console keeps its colour choice in local storage (spec §2), read at load
    await page.evaluate((s) => localStorage.setItem('console-color-scheme', s), scheme);
    await page.goto(screen.path);
    await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
    await screen.ready(page);
    await screen.open?.(page);
    await settle(page);
  }

  /** The screen as it stands (its modal or menu still open), turned dark without a reload. */
  async function turnDark(page: Page, screen: A11yScreen): Promise<void> {
    if (screen.systemScheme) await page.emulateMedia({ colorScheme: 'dark' });
    else await switchSchemeInPlace(page, 'dark');
    await settle(page);
  }

  /** Axe's verdict on the screen, after checking that it ran the contrast rule (so a clean result means something). */
  async function check(page: Page, where: string, rules?: readonly string[]): Promise<string[]> {
    const results = await analyzeWcag(page, rules);
    const checked = [...results.passes, ...results.violations, ...results.incomplete].map((r) => r.id);
    expect({ where, contrastChecked: checked.includes('color-contrast') }).toEqual({ where, contrastChecked: true });
    return describeViolations(where, results.violations);
  }

  for (const role of A11Y_ROLES) {
    for (const width of WIDTHS) {
      const screens = role.screens.filter((s) => !s.widths || s.widths.includes(width));
      it(`finds no WCAG 2.1 AA violation on the ${role.role}'s ${screens.length} screens (${width} px, light and dark)`, async () => {
        const page = await pageFor(role);
        await page.setViewportSize({ width, height: HEIGHT });
        const found: string[] = [];
        for (const screen of screens) {
          await show(page, screen, 'light');
          found.push(...(await check(page, `${role.role} · ${screen.name} · light · ${width} px`)));
          await turnDark(page, screen);
          found.push(...(await check(page, `${role.role} · ${screen.name} · dark · ${width} px`, COLOUR_RULES)));
        }
        expect(found).toEqual([]);
      }, 600_000);
    }
  }
});
