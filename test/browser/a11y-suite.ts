import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { useConsole } from '../support/browser';
import { A11Y_ROLES, type A11yRole } from './a11y-screens';
import { COLOUR_RULES, navigateToScreen, rolePage, showScreen, sidewaysFindings, turnDark, wcagFindings } from './page-helpers';

/**
 * WCAG 2.1 A and AA on every screen of every role (the list is a11y-screens.ts), light and dark, at 1280 and
 * 390 px: axe-core finds no violation, and nothing sticks out sideways. One server and one browser per suite; each
 * role signs in once and keeps its page, changing width in place. At each width the first screen loads and the
 * others are reached through the console's router, as a person moves from one to the next (navigateToScreen: what
 * the screen before left open is closed, and the page starts afresh); in light, axe runs every rule; then the scheme
 * turns dark in place (as a change in another tab does) and axe runs the colour rules again (COLOUR_RULES: a scheme
 * changes colours, not elements, names or roles). The same checks as loading each screen four times and running every
 * rule each time, in well under half the time (CI's budget).
 *
 * The roles are shared out between two suites of about the same number of screens (A11Y_SUITES), so that two jest
 * workers check them side by side instead of one worker checking all of them last and alone.
 */
const WIDTHS = [1280, 390] as const;
/** @axe-core/playwright's limit on injecting axe into a frame (its "Script Timeout"), and a margin. */
const AXE_INJECTION_LIMIT_MS = 1_100;
const HEIGHT = 860;

/** Which suite checks which roles: the offices (tenant and platform admins, finance) and the rest. */
export const A11Y_SUITES = {
  offices: ['admin', 'platform admin', 'finance'],
  schoolsAndBuses: ['visitor', 'school staff', 'bus company', 'trip manager', 'driver'],
} as const;

const unchecked = A11Y_ROLES.filter((r) => !Object.values(A11Y_SUITES).some((roles) => (roles as readonly string[]).includes(r.role)));
if (unchecked.length > 0) {
  throw new Error(
    `Roles in a11y-screens.ts that no accessibility suite checks: ${unchecked.map((r) => r.role).join(', ')} (add them to A11Y_SUITES)`,
  );
}

/** The accessibility checks of the roles of one of A11Y_SUITES. */
export function describeAccessibility(suite: keyof typeof A11Y_SUITES): void {
  const roles = A11Y_ROLES.filter((r) => (A11Y_SUITES[suite] as readonly string[]).includes(r.role));
  describe(`accessibility: WCAG 2.1 AA on every screen of the ${roles.map((r) => r.role).join(', ')}, light and dark, desktop and phone`, () => {
    const app = useConsole();
    const pages = new Map<string, Page>();
    // @axe-core/playwright (legacy mode) races each injection of axe against a 1 s timer it never clears. A suite that
    // ends on axe would still be held by the last one when it closes, and jest would force its worker out: wait it out.
    afterAll(() => sleep(AXE_INJECTION_LIMIT_MS));

    /** The role's page, signed in once and reused. */
    async function pageFor(role: A11yRole): Promise<Page> {
      const known = pages.get(role.role);
      if (known) return known;
      const { page } = await rolePage(app, role, 1280);
      pages.set(role.role, page);
      return page;
    }

    for (const role of roles) {
      for (const width of WIDTHS) {
        const screens = role.screens.filter((s) => !s.widths || s.widths.includes(width));
        it(`finds no WCAG 2.1 AA violation on the ${role.role}'s ${screens.length} screens (${width} px, light and dark)`, async () => {
          const page = await pageFor(role);
          await page.setViewportSize({ width, height: HEIGHT });
          const found: string[] = [];
          for (const [i, screen] of screens.entries()) {
            // the first screen at each width loads; the others are reached through the console's router
            await (i === 0 || !role.email ? showScreen : navigateToScreen)(page, screen, 'light');
            found.push(...(await wcagFindings(page, `${role.role} · ${screen.name} · light · ${width} px`)));
            // a scheme changes colours, not the layout: one look at each width is enough
            found.push(...(await sidewaysFindings(page, `${role.role} · ${screen.name} · ${width} px`)));
            await turnDark(page, screen);
            found.push(...(await wcagFindings(page, `${role.role} · ${screen.name} · dark · ${width} px`, COLOUR_RULES)));
          }
          expect(found).toEqual([]);
        }, 600_000);
      }
    }
  });
}
