import type { Locator, Page } from 'playwright-core';
import { useConsole } from '../support/browser';
import { A11Y_ROLES, type A11yRole, type A11yScreen } from './a11y-screens';
import { fillDate, navigateToScreen, rolePage, showScreen } from './page-helpers';

/**
 * No keystroke can break a screen. On every screen and modal each role can open (the accessibility suite's list,
 * a11y-screens.ts: a new screen joins by being there), this types into every text, number, date, time and search
 * field, toggles every checkbox and switch (and back), opens every select and picks an option, as a person
 * trying the form would. After each screen: no error reached the page, no error boundary showed its message or
 * reported to the server, and the console (its shell, or the sign-in page) is still there.
 *
 * A field here is a visible, enabled control inside the open modal when one is open (the rest of the page is
 * inert then), else anywhere on the page. Nothing is submitted: no button is pressed and Enter is never typed.
 */
const WIDTH = 1280;
const HEIGHT = 860;
const SCREEN_FAILED = 'Something went wrong on this screen.';

type Kind = 'text' | 'number' | 'date' | 'time' | 'datetime' | 'select' | 'check';

interface Tally {
  screens: number;
  modals: number;
  fields: Record<Kind, number>;
}

/** What each kind of field is given: typed keys, or a whole value where the browser's own input takes no keys. */
const TYPED: Partial<Record<Kind, string>> = { text: 'Zq7 ', number: '7' };
const FILLED: Partial<Record<Kind, string>> = { date: '2026-12-15', time: '09:30', datetime: '2026-12-15T09:30' };

/** Marks every field in scope with `data-every-field="<n>:<kind>"`, so each is found again after the page changes. */
async function markFields(scope: Locator): Promise<{ mark: string; name: string }[]> {
  return scope.evaluate((root) => {
    const textTypes = new Set(['', 'text', 'search', 'email', 'password', 'tel', 'url']);
    const marks: { mark: string; name: string }[] = [];
    // what a person would call the field: its label, else its aria-label or placeholder
    const nameOf = (el: HTMLElement) =>
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.closest('label')?.textContent ??
      el.getAttribute('placeholder') ??
      el.getAttribute('name') ??
      '';
    const visible = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    root.querySelectorAll<HTMLElement>('input, textarea, [role="combobox"]').forEach((el, n) => {
      const input = el as HTMLInputElement;
      if (input.disabled || el.getAttribute('aria-disabled') === 'true') return;
      if (input.type === 'hidden' || input.type === 'file' || input.type === 'radio') return;
      let kind: string | null = null;
      if (input.type === 'checkbox') {
        // Mantine's switch hides its input behind the track: the label is what shows
        kind = visible(el) || (el.closest('label') && visible(el.closest('label') as HTMLElement)) ? 'check' : null;
      } else if (!visible(el)) {
        kind = null;
      } else if (el.getAttribute('role') === 'combobox' || el.getAttribute('aria-haspopup') === 'listbox') {
        kind = 'select';
      } else if (input.readOnly) {
        kind = null;
      } else if (el.hasAttribute('data-dates-input')) {
        // the console's date fields are text boxes (a typed 'YYYY-MM-DD', or a day picked on a calendar): a whole date
        kind = 'date';
      } else if (el.tagName === 'TEXTAREA' || textTypes.has(input.type)) {
        kind = 'text';
      } else if (input.type === 'number') {
        kind = 'number';
      } else if (input.type === 'date') {
        kind = 'date';
      } else if (input.type === 'time') {
        kind = 'time';
      } else if (input.type === 'datetime-local') {
        kind = 'datetime';
      }
      if (!kind) return;
      const mark = `${n}:${kind}`;
      el.setAttribute('data-every-field', mark);
      marks.push({ mark, name: `${kind}:${nameOf(el).trim()}` });
    });
    return marks;
  });
}

/** The open modal when there is one (the page under it is inert), else the page. */
async function scopeOf(page: Page): Promise<{ scope: Locator; name: string }> {
  const dialogs = page.locator('[role="dialog"]:visible');
  const count = await dialogs.count();
  if (count > 0) {
    const dialog = dialogs.nth(count - 1);
    const title = await dialog.evaluate((el) => {
      const by = el.getAttribute('aria-labelledby');
      return (by ? document.getElementById(by)?.textContent : el.getAttribute('aria-label')) ?? 'dialog';
    });
    return { scope: dialog, name: `modal ${title}` };
  }
  return { scope: page.locator('body'), name: `page ${new URL(page.url()).pathname}` };
}

/** Opens a select and picks an option that is not the chosen one (or closes it again when it offers none). */
async function pickOption(page: Page, field: Locator): Promise<void> {
  await field.click({ timeout: 2_000 });
  const listbox = page.locator('[role="listbox"]:visible').last();
  if (
    !(await listbox.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    ))
  ) {
    return;
  }
  const options = listbox.locator('[role="option"]:not([aria-selected="true"]):not([data-combobox-disabled])');
  if ((await options.count()) > 0) await options.first().click({ timeout: 2_000 });
  else await field.click({ timeout: 2_000 });
}

async function exercise(page: Page, field: Locator, kind: Kind): Promise<void> {
  switch (kind) {
    case 'check':
      // a click event on the input itself, as a click on its label sends: React's onChange runs for checkboxes on it
      await field.dispatchEvent('click', undefined, { timeout: 2_000 });
      await page.waitForTimeout(50);
      // and back, where it is still there to toggle (a paid switch may take its row out of an unpaid-only list)
      if ((await field.count()) > 0 && (await field.isEnabled())) await field.dispatchEvent('click', undefined, { timeout: 2_000 });
      return;
    case 'select':
      return pickOption(page, field);
    case 'text':
    case 'number':
      await field.click({ timeout: 2_000 });
      await field.pressSequentially(TYPED[kind] ?? 'x');
      return;
    case 'date':
      return fillDate(field, FILLED.date ?? '');
    default:
      await field.fill(FILLED[kind] ?? '', { timeout: 2_000 });
  }
}

describe('typing into every field of every screen and modal of every role leaves the screen working', () => {
  const app = useConsole();
  const tallies = new Map<string, Tally>();

  afterAll(() => {
    const lines = [...tallies].map(
      ([role, t]) =>
        `${role}: ${t.screens} screens and ${t.modals} modals or menus, ${Object.values(t.fields).reduce((a, b) => a + b, 0)} fields ` +
        `(${Object.entries(t.fields)
          .filter(([, n]) => n > 0)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')})`,
    );
    console.log(`Fields exercised:\n${lines.join('\n')}`);
  });

  async function pageFor(role: A11yRole): Promise<Page> {
    const { page } = await rolePage(app, role, WIDTH);
    page.on('dialog', (d) => void d.accept());
    return page;
  }

  for (const role of A11Y_ROLES) {
    it(`keeps each of the ${role.role}'s ${role.screens.length} screens working through typing into every field`, async () => {
      const page = await pageFor(role);
      const errors: string[] = [];
      const reports: string[] = [];
      let where = '';
      page.on('pageerror', (e) => errors.push(`${where}: ${e.message}`));
      page.on('request', (r) => {
        if (r.url().includes('/api/client-errors')) reports.push(`${where}: ${r.postData() ?? ''}`);
      });
      const tally: Tally = { screens: 0, modals: 0, fields: { text: 0, number: 0, date: 0, time: 0, datetime: 0, select: 0, check: 0 } };
      tallies.set(role.role, tally);
      const broken: string[] = [];
      const done = new Set<string>();

      for (const [i, screen] of role.screens.entries()) {
        where = `${role.role} · ${screen.name}`;
        await page.setViewportSize({ width: screen.widths?.[0] ?? WIDTH, height: HEIGHT });
        // the first screen loads; the others are reached through the console's router, as a person moves on
        await (i === 0 || !role.email ? showScreen : navigateToScreen)(page, screen, 'light');
        if (screen.open) tally.modals++;
        else tally.screens++;
        const { scope, name: scopeName } = await scopeOf(page);
        for (const { mark, name } of await markFields(scope)) {
          // a field this role already exercised on the same page or modal (reached again by another way in) is
          // the same handler: once is enough
          const key = `${scopeName}|${name}`;
          if (name.split(':')[1] !== '' && done.has(key)) continue;
          done.add(key);
          const kind = mark.split(':')[1] as Kind;
          const field = page.locator(`[data-every-field="${mark}"]`);
          // a field an earlier one replaced or hid (a type select swapping the form's fields) is gone: nothing to try
          if ((await field.count()) === 0) continue;
          if (kind !== 'check' && !(await field.isVisible())) continue;
          await exercise(page, field, kind).catch(() => undefined);
          tally.fields[kind]++;
        }
        await page.waitForTimeout(100);
        const stillThere = await stillWorking(page, screen, role);
        if (!stillThere) broken.push(`${where}: the console is gone (${await page.evaluate(() => document.body.innerText.slice(0, 200))})`);
      }
      expect({ errors, reports, broken }).toEqual({ errors: [], reports: [], broken: [] });
    }, 600_000);
  }
});

/** The screen is still the console: the shell (or the sign-in page) is on screen and no error boundary speaks. */
async function stillWorking(page: Page, screen: A11yScreen, role: A11yRole): Promise<boolean> {
  if (await page.getByText(SCREEN_FAILED).count()) return false;
  const rendered = await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  if (!rendered) return !!screen.systemScheme; // the API documentation is the server's own page, outside the console
  if (!role.email) return true;
  // the shell's header (a modal's own header is a banner too); a driver's console has a header of its own
  return page.locator('header.mantine-AppShell-header, header[data-console-header]').first().isVisible();
}
