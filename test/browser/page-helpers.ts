import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from '../support/browser';

/** What the browser suites do to a page: pick the colour scheme, check for sideways overflow, screenshot. */
export type Scheme = 'light' | 'dark';

/** The console keeps its own colour choice (light by default), as the theme switch does. */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate((s) => localStorage.setItem('console-color-scheme', s), scheme);
  await page.reload();
  await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
}

/** Nothing sticks out sideways: the page is never wider than the window. */
export async function expectNoSidewaysOverflow(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect({ what, overflow: scrollWidth > innerWidth }).toEqual({ what, overflow: false });
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
export const analyzeWcag = (page: Page, rules?: readonly string[]): Promise<AxeResults> =>
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

/**
 * Switches the console's colour scheme in place, as a change made in another tab of the console does (Mantine's
 * local-storage manager listens for the storage event): no reload, so an open modal or menu stays open.
 */
export async function switchSchemeInPlace(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate((s) => {
    localStorage.setItem('console-color-scheme', s);
    window.dispatchEvent(new StorageEvent('storage', { key: 'console-color-scheme', newValue: s, storageArea: localStorage }));
  }, scheme);
  await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
}
