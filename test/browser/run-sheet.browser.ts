import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { addDays, busIdentity, localDate } from '../../server/src/contracts/fleet-rules';
import type { DispatchBoardDto, DriverDto } from '../../server/src/contracts/fleet-wire';
import { parseTripTime } from '../../server/src/contracts/trip-form-rules';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { SCREENSHOTS, useConsole } from '../support/browser';
import { COLOUR_RULES, expectNoSidewaysOverflow, settle, switchSchemeInPlace, wcagFindings } from './page-helpers';

/**
 * A driver's run sheet in the real console: Desert Star's dispatcher opens /dispatch/run-sheet for a demo driver on a
 * day the driver has trips, reads one block per trip in departure order (bus and plate among them), and axe finds no
 * WCAG 2.1 AA violation, light and dark, at 1440 and 390 px, with nothing sticking out sideways. Printing keeps only
 * the sheet: the console's header, sidebar and buttons are gone. A day without trips says so.
 */
const DISPATCHER = 'dispatch.desertstar@demo.test';
const WIDTHS = [1440, 390] as const;

describe('run sheet', () => {
  const app = useConsole();
  /** The demo driver, the day, and that day's trips of theirs, read from the API. */
  let driver: DriverDto;
  let date: string;
  let trips: TripDto[];

  const { api } = app;

  const departureKey = (t: TripDto) => `${t.departureDate} ${String(parseTripTime(t.departureTime) ?? 0).padStart(4, '0')} ${t.id}`;

  beforeAll(async () => {
    const { token } = await api<{ token: string }>(null, 'POST', 'auth/login', { email: DISPATCHER, password: 'demo1234' });

    // the demo's trips sit around today: find a driver with a trip in the coming weeks (the seeded Botanical
    // Gardens trip, with its booster seats and notes, when it is there)
    const today = localDate();
    const around = await api<DispatchBoardDto>(token, 'GET', `dispatch/board?from=${addDays(today, -7)}&to=${addDays(today, 30)}`);
    const driven = around.trips.filter((t) => t.buses.some((b) => b.driverId));
    const chosen = driven.find((t) => t.destination === 'Botanical Gardens') ?? driven[0];
    if (!chosen) throw new Error('No demo trip of Desert Star has a driver');
    const driverId = chosen.buses.find((b) => b.driverId)!.driverId!;
    date = chosen.departureDate;

    const day = await api<DispatchBoardDto>(token, 'GET', `dispatch/board?from=${date}&to=${date}`);
    driver = day.drivers.find((d) => d.id === driverId)!;
    trips = day.trips
      .filter((t) => t.buses.some((b) => b.driverId === driverId))
      .sort((a, b) => departureKey(a).localeCompare(departureKey(b)));
  });

  async function openSheet(width: number, query: string): Promise<Page> {
    const { page } = await app.signIn(DISPATCHER, { width });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/dispatch/run-sheet?${query}`);
    return page;
  }

  for (const width of WIDTHS) {
    it(`shows the driver's trips of the day in departure order, passes axe and fits ${width} px`, async () => {
      const page = await openSheet(width, `driver=${driver.id}&date=${date}`);
      const sheet = page.getByRole('region', { name: driver.name });
      await sheet.waitFor();

      const articles = sheet.getByRole('article');
      expect(await articles.count()).toBe(trips.length);
      expect(await articles.getByRole('heading').allTextContents()).toEqual(trips.map((t) => `${t.departureTime} · ${t.destination}`));
      for (const [i, trip] of trips.entries()) {
        const block = articles.nth(i);
        const bus = trip.buses.find((b) => b.driverId === driver.id)!;
        await expectText(block, busIdentity(bus));
        await expectText(block, trip.schoolName);
        await expectText(block, trip.createdByEmail);
        if (trip.notes) await expectText(block, trip.notes);
      }
      expect(await sheet.getByText(driver.mobile, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Print' }).isEnabled()).toBe(true);

      await settle(page);
      await expectNoSidewaysOverflow(page, `run sheet · ${width} px`);
      await page.screenshot({ path: join(SCREENSHOTS, `run-sheet-${width}.png`), fullPage: true });
      const found = await wcagFindings(page, `run sheet · light · ${width} px`);
      await switchSchemeInPlace(page, 'dark');
      await settle(page);
      found.push(...(await wcagFindings(page, `run sheet · dark · ${width} px`, COLOUR_RULES)));
      expect(found).toEqual([]);

      // on paper: the sheet only, whatever the screen's scheme
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.mantine-AppShell-header').isVisible()).toBe(false);
      expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await page.locator('.run-sheet-controls').isVisible()).toBe(false);
      expect(await sheet.isVisible()).toBe(true);
      const colours = await sheet.evaluate((el) => ({
        text: getComputedStyle(el).color,
        page: getComputedStyle(document.body).backgroundColor,
      }));
      expect(colours).toEqual({ text: 'rgb(0, 0, 0)', page: 'rgb(255, 255, 255)' });
      await page.pdf({ path: join(SCREENSHOTS, `run-sheet-${width}.pdf`), format: 'A4' }).catch(() => undefined);
      await page.emulateMedia({ media: 'screen' });
    });
  }

  it('starts every signed-in screen with a skip link that moves the focus to the screen', async () => {
    const page = await openSheet(1440, `driver=${driver.id}&date=${date}`);
    await page.getByRole('region', { name: driver.name }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // the next Tab goes into the screen (its breadcrumb first), past the header and the sidebar
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('main-content');
  });

  it('says so on a day the driver has no trips', async () => {
    const empty = addDays(localDate(), 400);
    const page = await openSheet(390, `driver=${driver.id}&date=${empty}`);
    const name = driver.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page.getByText(new RegExp(`^No trips for ${name} on \\w+day \\d{1,2} \\w+ \\d{4}\\.$`)).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
  });
});

async function expectText(scope: Locator, text: string): Promise<void> {
  expect({ text, shown: await scope.getByText(text, { exact: false }).first().isVisible() }).toEqual({ text, shown: true });
}
