import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { type ConsoleFixture, SCREENSHOTS } from '../support/browser';
import type { A11yRole, A11yScreen } from './a11y-screens';

/** What the browser suites do to a page: pick the colour scheme, check for sideways overflow, screenshot. */
export type Scheme = 'light' | 'dark';

/** Where the console keeps its colour choice (client/src/app/theme.ts), read at load. */
export const SCHEME_KEY = 'console-color-scheme';

/**
 * The screens suites' looks: each scheme once and each width once. The layout (and any overflow) follows the width,
 * the colours the scheme, and the accessibility suite checks every screen's contrast in all four pairs. (All four
 * pairs in the screens suites took CI about twice the time for the same assertions.)
 */
export const LOOKS = [
  ['light', 1280],
  ['dark', 390],
] as const;

/**
 * Moves the console to `path` through its own router, as a link inside it does: the page is not loaded again (history
 * changes and react-router follows it).
 */
export async function routeTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Whether something sticks out sideways: the page is wider than the window. */
const sticksOut = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Nothing sticks out sideways: the page is never wider than the window. */
export async function expectNoSidewaysOverflow(page: Page, what: string): Promise<void> {
  expect({ what, overflow: await sticksOut(page) }).toEqual({ what, overflow: false });
}

/** A line for a report when something sticks out sideways (none: nothing does). */
export async function sidewaysFindings(page: Page, where: string): Promise<string[]> {
  return (await sticksOut(page)) ? [`${where}: the page is wider than the window (something sticks out sideways)`] : [];
}

/** Checks the page for sideways overflow and screenshots it into test/browser/screenshots/. */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(350); // menu, modal and toast transitions
  await expectNoSidewaysOverflow(page, name);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** The rules the console is held to: WCAG 2.1 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe on the page as it stands, WCAG 2.1 A and AA rules only. Legacy mode runs axe.run in the page itself (the
 * console has no frames) instead of per-frame partial runs finished in a second, blank page; and only violations
 * are gathered node by node (passes still name their rules, one node each). Measured on the admin's 24 screens at
 * 1280 px: 109 s → 49 s, axe's part per screen from 2–5 s to 0.7–1.4 s, with the same rules run.
 */
const analyzeWcag = (page: Page, rules?: readonly string[]): Promise<AxeResults> =>
  new AxeBuilder({ page })
    .options({
      runOnly: rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: WCAG_TAGS },
      resultTypes: ['violations'],
    })
    .setLegacyMode()
    .analyze();

/**
 * The WCAG 2.1 A and AA rules whose verdict rests on colours. A change of colour scheme changes colours only (the
 * same elements, names and roles), so on a screen already checked against every rule in one scheme, these are the
 * rules the other scheme can move. Pass them to analyzeWcag.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** Which rules to run in `scheme` on a screen checked in both: every rule in light, COLOUR_RULES in dark. */
export const rulesFor = (scheme: Scheme): readonly string[] | undefined => (scheme === 'dark' ? COLOUR_RULES : undefined);

/** Waits until the console shows `scheme` (Mantine's attribute on the root element). */
export async function schemeShown(page: Page, scheme: Scheme): Promise<void> {
  await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
}

/**
 * Switches the console's colour scheme in place, as a change made in another tab of the console does (Mantine's
 * local-storage manager listens for the storage event): no reload, so an open modal or menu stays open.
 */
export async function switchSchemeInPlace(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate(
    ([key, s]) => {
      localStorage.setItem(key, s);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: s, storageArea: localStorage }));
    },
    [SCHEME_KEY, scheme] as const,
  );
  await schemeShown(page, scheme);
}

/**
 * Waits until nothing is fading in (spinners and other endless animations aside), so axe sees the colours a
 * person reads and not a half-transparent frame. The pages ask for reduced motion, which the theme honours, so
 * this is quick; the two frames let a transition that is about to start show up first.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Loads one of a11y-screens.ts's screens in the given scheme, opens its modal or menu, and lets it settle. */
export async function showScreen(page: Page, screen: A11yScreen, scheme: Scheme): Promise<void> {
  // a page outside the console reads the system's scheme; the console's own pages are given theirs below
  await page.emulateMedia({ colorScheme: screen.systemScheme ? scheme : null });
  if (!screen.systemScheme) await page.evaluate(([key, s]) => localStorage.setItem(key, s), [SCHEME_KEY, scheme] as const);
  await page.goto(screen.path);
  if (!screen.systemScheme) {
    await schemeShown(page, scheme);
  }
  await opened(page, screen);
}

/** The screen's content shown, its modal or menu opened, and settled. */
async function opened(page: Page, screen: A11yScreen): Promise<void> {
  await screen.ready(page);
  await screen.open?.(page);
  await settle(page);
}

/**
 * Shows one of a11y-screens.ts's screens as a person moving around the console reaches it: through the console's own
 * router, without a reload. Whatever the screen before left open is closed (Escape for the shell's menus and drawer;
 * the route's modals go with it), the console passes through another screen so that the target's page starts afresh
 * even on the same path, and then shows the screen as showScreen does. A signed-in console page only; when something
 * stays open or the page is not the console, it loads the screen instead (showScreen).
 */
export async function navigateToScreen(page: Page, screen: A11yScreen, scheme: Scheme): Promise<void> {
  const onConsole = await page.evaluate(
    () => document.documentElement.hasAttribute('data-mantine-color-scheme') && !location.pathname.startsWith('/api/'),
  );
  if (screen.systemScheme || !onConsole) return showScreen(page, screen, scheme);
  await page.keyboard.press('Escape');
  await routeTo(page, '/unauthorized');
  await page.getByRole('heading', { name: "You don't have access to that page" }).waitFor();
  const open = page.locator('[role="dialog"], [role="menu"], [role="listbox"]');
  const closed = await open
    .first()
    .waitFor({ state: 'detached', timeout: 2_000 })
    .then(
      () => true,
      () => false,
    );
  if (!closed) return showScreen(page, screen, scheme);
  await switchSchemeInPlace(page, scheme);
  await routeTo(page, screen.path);
  await opened(page, screen);
}

/** The screen as it stands (its modal or menu still open), turned dark without a reload. */
export async function turnDark(page: Page, screen: A11yScreen): Promise<void> {
  if (screen.systemScheme) await page.emulateMedia({ colorScheme: 'dark' });
  else await switchSchemeInPlace(page, 'dark');
  await settle(page);
}

/** One line per rule broken, then the first few elements with axe's reason: what a person needs to fix it. */
function describeViolations(where: string, violations: AxeResults['violations']): string[] {
  return violations.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n\s*/g, ' ') ?? ''}`);
    const more = v.nodes.length > 5 ? `\n    …and ${v.nodes.length - 5} more` : '';
    return `${where}: ${v.id} (${v.impact}, ${v.nodes.length}×) ${v.help}\n${nodes.join('\n')}${more}`;
  });
}

/**
 * analyzeWcag's violations as lines for a report (none: clean), after checking that axe ran the contrast rule on
 * the page, so a clean result means something.
 */
export async function wcagFindings(page: Page, where: string, rules?: readonly string[]): Promise<string[]> {
  const results = await analyzeWcag(page, rules);
  const checked = [...results.passes, ...results.violations, ...results.incomplete].map((r) => r.id);
  expect({ where, contrastChecked: checked.includes('color-contrast') }).toEqual({ where, contrastChecked: true });
  return describeViolations(where, results.violations);
}

/**
 * A page for one of a11y-screens.ts's roles at `width` (860 px high), in a context of its own: signed in with the
 * role's demo account, or on the sign-in page for the visitor. Motion is reduced, as the screens suites want it.
 */
export async function rolePage(app: ConsoleFixture, role: A11yRole, width: number): Promise<{ context: BrowserContext; page: Page }> {
  let opened: { context: BrowserContext; page: Page };
  if (role.email) {
    opened = await app.signIn(role.email, { width });
  } else {
    const context = await app.newContext({ viewport: { width, height: 860 } });
    opened = { context, page: await context.newPage() };
    await opened.page.goto('/login');
  }
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  return opened;
}

/**
 * Types a whole 'YYYY-MM-DD' date into one of the console's date fields and leaves the field, as a person moving on
 * does: the calendar that opened under it closes (it would cover the fields below), and the field shows the day taken.
 */
export async function fillDate(field: Locator, date: string): Promise<void> {
  await field.fill(date);
  await field.blur();
}

/**
 * Records, in the page, the time of every button click (capture phase: before React handles it), under the button's
 * text, or its accessible label first with `byAriaLabel` (for icon buttons). Read them back with clickedAt.
 */
export async function recordClicks(page: Page, opts: { byAriaLabel?: boolean } = {}): Promise<void> {
  await page.evaluate((byAriaLabel) => {
    const clicks: { label: string; at: number }[] = [];
    Object.assign(window, { __clicks: clicks });
    document.addEventListener(
      'click',
      (e) => {
        const button = (e.target as Element | null)?.closest('button');
        if (!button) return;
        const text = button.textContent?.trim() ?? '';
        clicks.push({ label: byAriaLabel ? (button.getAttribute('aria-label') ?? text) : text, at: Date.now() });
      },
      true,
    );
  }, opts.byAriaLabel ?? false);
}

/** When the button of that label was last clicked, by recordClicks (NaN: never). */
export const clickedAt = (page: Page, label: string): Promise<number> =>
  page.evaluate(
    (l) => (window as unknown as { __clicks: { label: string; at: number }[] }).__clicks.filter((c) => c.label === l).at(-1)?.at ?? NaN,
    label,
  );

/** Waits until the page's live connection is up (the shell marks `<html data-live="online">`). */
export async function live(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.live === 'online', null, { timeout: 15_000 });
}

/** Marks the page; `sameDocument` later tells whether it was reloaded since (a reload clears the mark). */
export const markDocument = (page: Page): Promise<unknown> => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
export const sameDocument = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/**
 * axe's findings on the page as it stands: every rule in light, then the colour rules in dark (COLOUR_RULES: a scheme
 * changes colours, not elements, names or roles); back to light after, and no sideways overflow.
 */
export async function lightAndDarkFindings(page: Page, what: string): Promise<string[]> {
  const findings: string[] = [];
  await settle(page);
  for (const scheme of ['light', 'dark'] as const) {
    await switchSchemeInPlace(page, scheme);
    await settle(page);
    findings.push(...(await wcagFindings(page, `${what} (${scheme})`, rulesFor(scheme))));
  }
  await switchSchemeInPlace(page, 'light');
  await expectNoSidewaysOverflow(page, what);
  return findings;
}
