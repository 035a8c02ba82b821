import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOTS, useConsole } from '../support/browser';
import { clickedAt, recordClicks, rulesFor, SCHEME_KEY, type Scheme, schemeShown, settle, wcagFindings } from './page-helpers';

/**
 * Presence (docs/architecture.md, Presence) in the browser, without reloads: two Desert Star dispatchers (the demo's
 * Dev Desert and a second one, Dina Dunes, registered and approved through the API), Greenfield's staff and the
 * tenant admin. Dev opens the Space Museum trip and Assign Bus; Dina and the school see his avatar on the trip's row,
 * Dina is told he is assigning buses when she opens Assign Bus herself; Dev closes, the avatar goes away; the admin
 * sees who is online in User Management. Delays are measured in the pages with Date.now() (one machine, one clock)
 * and logged. axe checks the details modal with an avatar and User Management with its online dots (WCAG 2.1 AA at
 * 1280 and 390 px: every rule in light, the colour rules in dark).
 */
const VIEWS: readonly { scheme: Scheme; width: number }[] = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 1280 },
  { scheme: 'light', width: 390 },
  { scheme: 'dark', width: 390 },
];
const DESTINATION = 'Space Museum';
const SECOND = { name: 'Dina Dunes', email: 'dina.dunes@demo.test' };

interface Profile {
  id: number;
  name: string;
  active_org_id: number | null;
}

describe('presence: who is on a trip, the soft claim, who is online', () => {
  const app = useConsole();

  async function api<T>(path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<T> {
    const response = await fetch(`${app.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const login = (email: string) =>
    api<{ token: string; user: Profile }>('/auth/login', { method: 'POST', body: { email, password: 'demo1234' } });

  let dev: Profile;
  let dina: Profile;
  let tripId: number;

  beforeAll(async () => {
    // a second dispatcher of Desert Star Buses: registers, then the tenant admin approves her into the company
    const [admin, desertStar] = await Promise.all([login('admin@demo.test'), login('dispatch.desertstar@demo.test')]);
    dev = desertStar.user;
    const registered = await api<{ user: Profile }>('/auth/register', {
      method: 'POST',
      body: { name: SECOND.name, email: SECOND.email, password: 'demo1234', role: 'bus_company', tenant: 'demo' },
    });
    dina = await api<Profile>(`/admin/users/${registered.user.id}/approve`, {
      method: 'POST',
      token: admin.token,
      body: { active_org_id: dev.active_org_id },
    });
    expect(dina.active_org_id).toBe(dev.active_org_id);
    const trips = await api<{ id: number; destination: string }[]>('/trips', { token: desertStar.token });
    tripId = trips.find((t) => t.destination === DESTINATION)!.id;
  });

  async function open(email: string, path: string): Promise<Page> {
    const { page } = await app.signIn(email);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.live === 'online', null, { timeout: 15_000 });
    return page;
  }

  /** All Trips, filtered down to the Space Museum trip. */
  async function openTrip(email: string): Promise<Page> {
    const page = await open(email, '/trips');
    await showTripRow(page);
    // a reload would clear this mark
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    return page;
  }

  async function showTripRow(page: Page): Promise<Locator> {
    await page.getByPlaceholder('Search destination, notes, or type').fill(DESTINATION);
    const row = page.locator(`[data-trip-id="${tripId}"]`).first();
    await row.waitFor();
    return row;
  }

  async function openDetails(page: Page): Promise<Locator> {
    const row = await showTripRow(page);
    await row.getByRole('button', { name: DESTINATION, exact: true }).click();
    const details = page.getByRole('dialog', { name: 'View trip details' });
    await details.getByText('Requested the trip').waitFor();
    return details;
  }

  /**
   * Records, in the page, when the trip's row first shows a user's avatar with each activity, and when it goes
   * away after having shown ('gone').
   */
  async function watchAvatar(page: Page, userId: number): Promise<void> {
    await page.evaluate(
      ([trip, user]) => {
        const seen: Record<string, number> = {};
        Object.assign(window, { __avatar: seen });
        const check = () => {
          const avatar = document.querySelector(`[data-trip-id="${trip}"] [data-presence-user="${user}"]`);
          const state = avatar ? (avatar.getAttribute('data-activity') ?? '?') : Object.keys(seen).length > 0 ? 'gone' : null;
          if (state && !(state in seen)) seen[state] = Date.now();
        };
        new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
        check();
      },
      [tripId, userId],
    );
  }
  const avatarAt = (page: Page, state: string) =>
    page
      .waitForFunction((s) => (window as unknown as { __avatar: Record<string, number> }).__avatar[s], state, { timeout: 15_000 })
      .then((h) => h.jsonValue() as Promise<number>);

  /** No WCAG violation once the page has settled: every rule in light, the colour rules in dark (rulesFor). */
  async function expectAxeClean(page: Page, where: string, scheme: Scheme = 'light'): Promise<void> {
    await settle(page);
    expect(await wcagFindings(page, where, rulesFor(scheme))).toEqual([]);
  }

  async function inScheme(page: Page, scheme: Scheme, width: number): Promise<void> {
    await page.setViewportSize({ width, height: 860 });
    await page.evaluate(([key, s]) => localStorage.setItem(key, s), [SCHEME_KEY, scheme] as const);
    await page.reload();
    await schemeShown(page, scheme);
    await page.waitForFunction(() => document.documentElement.dataset.live === 'online', null, { timeout: 15_000 });
  }

  it('shows a dispatcher on the trip to the other dispatcher and the school, tells of the soft claim, and clears it when he leaves', async () => {
    const [devPage, dinaPage, staffPage] = await Promise.all([
      openTrip('dispatch.desertstar@demo.test'),
      openTrip(SECOND.email),
      openTrip('staff.greenfield@demo.test'),
    ]);
    await Promise.all([watchAvatar(dinaPage, dev.id), watchAvatar(staffPage, dev.id), recordClicks(devPage, { byAriaLabel: true })]);

    // 1. Dev opens the trip: Dina and the school see him viewing it
    const devDetails = await openDetails(devPage);
    const viewingAtDina = await avatarAt(dinaPage, 'viewing');
    const viewingAtSchool = await avatarAt(staffPage, 'viewing');
    const opened = await clickedAt(devPage, DESTINATION);
    const staffAvatar = staffPage.getByRole('img', { name: `${dev.name}, Bus Company: viewing` });
    await showsTooltip(staffPage, staffAvatar, `${dev.name}, Bus Company: viewing`);
    await staffPage.screenshot({ path: join(SCREENSHOTS, 'presence-1-school-sees-dispatcher-viewing.png') });
    // a person never sees themself
    expect(await devPage.locator(`[data-presence-user="${dev.id}"]`).count()).toBe(0);

    // 2. Dev opens Assign Bus (nobody else claims the trip: the form at once)
    await devDetails.getByRole('button', { name: 'Assign Bus' }).click();
    const devAssign = devPage.getByRole('dialog', { name: 'Assign Bus' });
    await devAssign.getByRole('textbox', { name: /^Seats/ }).waitFor();
    expect(await devAssign.getByRole('alert').count()).toBe(0);
    const assigningAtDina = await avatarAt(dinaPage, 'assigning');
    const assignClicked = await clickedAt(devPage, 'Assign Bus');

    // 3. Dina opens the trip: his avatar in the header, and who he is and what he does in words beside it (the
    // avatars take no Tab stop; hovering one says the same)
    const dinaDetails = await openDetails(dinaPage);
    const headerAvatar = dinaDetails.getByRole('img', { name: `${dev.name}, Bus Company: assigning buses` });
    await headerAvatar.waitFor();
    expect(await headerAvatar.getAttribute('tabindex')).toBeNull();
    await dinaDetails.getByText(`Also here: ${dev.name}, Bus Company: assigning buses`).waitFor();
    await dinaPage.screenshot({ path: join(SCREENSHOTS, 'presence-2-details-header-avatar.png') });

    // 4. ... and is told he is assigning buses when she opens Assign Bus; Close leaves the details open
    await dinaDetails.getByRole('button', { name: 'Assign Bus' }).click();
    const dinaAssign = dinaPage.getByRole('dialog', { name: 'Assign Bus' });
    const notice = dinaAssign.getByRole('alert');
    await notice.waitFor();
    // the minute he clicked, or the next (the notice writes it as the trip's times are: 09:41 PM)
    const times = await dinaPage.evaluate(
      (t) =>
        [t, t + 60_000].map((ms) => {
          const d = new Date(ms);
          const hour = String(d.getHours() % 12 || 12).padStart(2, '0');
          return `${hour}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
        }),
      assignClicked,
    );
    const said = (await notice.textContent()) ?? '';
    expect(times.map((time) => `${dev.name} is assigning buses on this trip (since ${time}).`)).toContain(
      said.replace(/Continue anyway.*$/, '').trim(),
    );
    expect(await dinaAssign.getByRole('textbox', { name: /^Seats/ }).count()).toBe(0);
    await notice.getByRole('button', { name: 'Continue anyway' }).waitFor();
    await dinaPage.screenshot({ path: join(SCREENSHOTS, 'presence-3-soft-claim.png') });
    await notice.getByRole('button', { name: 'Close' }).click();
    await dinaAssign.waitFor({ state: 'hidden' });
    await dinaDetails.getByRole('button', { name: 'Close' }).click();
    await dinaDetails.waitFor({ state: 'hidden' });

    // 5. Dev closes Assign Bus and the details: the avatar goes away on both other consoles
    await devAssign.getByRole('button', { name: 'Cancel' }).click();
    await devAssign.waitFor({ state: 'hidden' });
    await devDetails.getByRole('button', { name: 'Close' }).click();
    const goneAtDina = await avatarAt(dinaPage, 'gone');
    const goneAtSchool = await avatarAt(staffPage, 'gone');
    const closed = await clickedAt(devPage, 'Close');
    expect(await dinaPage.locator(`[data-presence-trip="${tripId}"]`).count()).toBe(0);

    for (const page of [devPage, dinaPage, staffPage]) {
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    }
    const measured = {
      appearAtOtherDispatcherMs: viewingAtDina - opened,
      appearAtSchoolMs: viewingAtSchool - opened,
      assigningAtOtherDispatcherMs: assigningAtDina - assignClicked,
      disappearAtOtherDispatcherMs: goneAtDina - closed,
      disappearAtSchoolMs: goneAtSchool - closed,
    };
    writeFileSync(join(SCREENSHOTS, 'presence-latency.json'), JSON.stringify(measured, null, 2));
    console.log('presence: click → other console', measured);
    // recorded for the note; the speed itself is a benchmark's to judge
    for (const ms of Object.values(measured)) expect(ms).toBeGreaterThanOrEqual(0);
  });

  it("shows who is on a trip on the other dispatcher's dispatch board: on a bus's bar and in the Needs a bus lane", async () => {
    const [devPage, dinaPage] = await Promise.all([open('dispatch.desertstar@demo.test', '/dispatch'), open(SECOND.email, '/dispatch')]);
    // this week's first trip on a fleet bus (the demo's confirmed trips run on its buses)
    const bar = devPage.locator('button[data-trip-id][data-color]').first();
    await bar.waitFor();
    const barTrip = Number(await bar.getAttribute('data-trip-id'));
    await dinaPage.locator(`button[data-trip-id="${barTrip}"][data-color]`).waitFor();

    // Dev opens the bar's trip: Dina's board shows him on that bar, viewing
    await bar.click();
    const details = devPage.getByRole('dialog', { name: 'View trip details' });
    await details.getByText('Requested the trip').waitFor();
    const onBar = dinaPage.locator(`[data-presence-trip="${barTrip}"]`).getByRole('img', { name: `${dev.name}, Bus Company: viewing` });
    await onBar.waitFor({ timeout: 15_000 });
    await dinaPage.screenshot({ path: join(SCREENSHOTS, 'presence-4-board-bar.png') });
    await details.getByRole('button', { name: 'Close' }).click();
    await dinaPage.locator(`[data-presence-trip="${barTrip}"]`).waitFor({ state: 'detached', timeout: 15_000 });

    // Dev starts assigning the waiting Space Museum trip from the lane: Dina sees him assigning buses there
    await devPage.getByTestId('waiting-lane').locator(`[data-trip-id="${tripId}"]`).click();
    const assign = devPage.getByRole('dialog', { name: 'Assign Bus' });
    await assign.getByRole('textbox', { name: /^Seats/ }).waitFor();
    await dinaPage
      .getByTestId('waiting-lane')
      .locator(`[data-presence-trip="${tripId}"]`)
      .getByRole('img', { name: `${dev.name}, Bus Company: assigning buses` })
      .waitFor({ timeout: 15_000 });
    await expectAxeClean(dinaPage, 'dispatch board with avatars');
    await assign.getByRole('button', { name: 'Cancel' }).click();
    await assign.waitFor({ state: 'hidden' });
    // Assign Bus may have opened over the trip's details: close those too
    if (await details.isVisible()) await details.getByRole('button', { name: 'Close' }).click();
    await dinaPage.locator(`[data-presence-trip="${tripId}"]`).waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('passes axe on the details modal with an avatar shown and on the soft claim', async () => {
    const devPage = await openTrip('dispatch.desertstar@demo.test');
    const devDetails = await openDetails(devPage);
    await devDetails.getByRole('button', { name: 'Assign Bus' }).click();
    await devPage
      .getByRole('dialog', { name: 'Assign Bus' })
      .getByRole('textbox', { name: /^Seats/ })
      .waitFor();

    const dinaPage = await open(SECOND.email, '/trips');
    for (const { scheme, width } of VIEWS) {
      await inScheme(dinaPage, scheme, width);
      const details = await openDetails(dinaPage);
      await details.getByRole('img', { name: `${dev.name}, Bus Company: assigning buses` }).waitFor();
      await expectAxeClean(dinaPage, `details with an avatar · ${scheme} · ${width} px`, scheme);
      await details.getByRole('button', { name: 'Assign Bus' }).click();
      await dinaPage.getByRole('dialog', { name: 'Assign Bus' }).getByRole('alert').waitFor();
      await expectAxeClean(dinaPage, `soft claim · ${scheme} · ${width} px`, scheme);
    }
  });

  it('shows the tenant admin who is online in User Management, live, and passes axe there', async () => {
    await open('dispatch.desertstar@demo.test', '/trips');
    const adminPage = await open('admin@demo.test', '/admin/users');
    // a user's row, or on a phone their card
    const rowOf = (name: string) => adminPage.locator('[data-user-id]').filter({ hasText: name });
    const online = (name: string) => rowOf(name).getByRole('img', { name: 'Online' });
    // Dev has a console open; Riverside's staff do not (yet)
    await online(dev.name).waitFor();
    await rowOf('staff.riverside@demo.test').waitFor();
    expect(await online('staff.riverside@demo.test').count()).toBe(0);
    await adminPage.screenshot({ path: join(SCREENSHOTS, 'presence-4-users-online.png') });

    // a console opens: its user's dot appears without a reload
    await adminPage.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const riverside = await open('staff.riverside@demo.test', '/trips');
    await online('staff.riverside@demo.test').waitFor({ timeout: 15_000 });
    // ... and goes when it closes (when, recorded in the page; the test process and the browser share the clock)
    await adminPage.evaluate((email) => {
      const dot = () =>
        Array.from(document.querySelectorAll('tr'))
          .find((r) => r.textContent?.includes(email))
          ?.querySelector('[aria-label="Online"]');
      new MutationObserver(() => {
        if (!dot() && !('__dotGone' in window)) Object.assign(window, { __dotGone: Date.now() });
      }).observe(document.body, { subtree: true, childList: true });
    }, 'staff.riverside@demo.test');
    const closedAt = Date.now();
    await riverside.context().close();
    await online('staff.riverside@demo.test').waitFor({ state: 'detached', timeout: 15_000 });
    const goneAt = await adminPage.evaluate(() => (window as unknown as { __dotGone: number }).__dotGone);
    console.log('presence: console closed → online dot gone at the admin', { offlineAtAdminMs: goneAt - closedAt });
    expect(goneAt - closedAt).toBeGreaterThanOrEqual(0);
    expect(await adminPage.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    for (const { scheme, width } of VIEWS) {
      await inScheme(adminPage, scheme, width);
      await online(dev.name).waitFor();
      await expectAxeClean(adminPage, `User Management with online dots · ${scheme} · ${width} px`, scheme);
    }
  });
});

/**
 * Hovers until the tooltip shows. A live update may render the avatar anew under the pointer, and the new element was
 * never entered: under load that happens between the hover and the tooltip's delay, so hover again, as a person would.
 */
async function showsTooltip(page: Page, target: Locator, text: string): Promise<void> {
  const tooltip = page.getByRole('tooltip').filter({ hasText: text });
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.mouse.move(0, 0);
    await target.hover();
    if (
      await tooltip.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    ) {
      return;
    }
    if (Date.now() > deadline) throw new Error(`No tooltip "${text}" within 30 s of hovering`);
  }
}
