import type { Locator, Page } from 'playwright-core';
import { addDays, busIdentity, localDate, weekStart } from '../../server/src/contracts/fleet-rules';
import type { BusDto } from '../../server/src/contracts/fleet-wire';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { SCREENSHOTS, useConsole } from '../support/browser';
import { lightAndDarkFindings, shot } from './page-helpers';

/**
 * A dispatcher's day, walked in the real console beside the school's: Greenfield requests a trip; Desert Star's
 * dispatcher sees it in the board's request lane with a toast, accepts it there, and assigns the suggested bus from
 * the waiting lane in two clicks; the school's open details show the bus by name and plate without a reload. Then a
 * drag to a free bus (accepted) and to a busy one (snaps back with the server's words); then at 1440 and 390 px, axe on
 * the board's Today and week views in light and dark, nothing sticking out sideways, and screenshots of both views and
 * the request lane (test/browser/screenshots/dispatcher-day-*.png).
 */
describe("a dispatcher's day on the board", () => {
  const app = useConsole();

  const { api, login } = app;

  // A day well away from the demo's trips, so the buses are free unless this test makes them busy. A retried attempt
  // takes the next week's day: the trips a failed attempt left on Bus 12 and Bus 14 would otherwise hold them.
  let attempts = 0;
  let day = addDays(localDate(), 40);
  const request = (destination: string, from: string, to: string) => ({
    tripType: 'Day Trip',
    destination,
    departureDate: day,
    departureTime: from,
    returnDate: day,
    returnTime: to,
    students: 20,
    staff: 2,
  });

  /**
   * Drags a bar as a hand does: the pointer rests on it (its card opens), presses, moves in small steps to the row, and
   * lets go once the row shows it would take the bar (its timeline highlighted, as the dispatcher sees it). Playwright's
   * dragTo presses and jumps in one move, which Debian's Chromium 156 does not always take for a drag (no dragstart).
   */
  async function dragOnto(bar: Locator, row: Locator): Promise<void> {
    const page = bar.page();
    await bar.hover();
    await page.getByTestId('bar-card').waitFor();
    const from = (await bar.boundingBox())!;
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2, { steps: 4 });
    // The card closed as the drag started: left open, it covered the rows above the bar and took the drop.
    await page.getByTestId('bar-card').waitFor({ state: 'hidden' });
    await row.scrollIntoViewIfNeeded();
    const to = (await row.boundingBox())!;
    await page.mouse.move(to.x + to.width * 0.6, to.y + to.height / 2, { steps: 10 });
    await row.locator('[data-timeline][data-drop]').waitFor();
    await page.mouse.up();
  }

  async function live(page: Page): Promise<void> {
    await page.waitForFunction(() => document.documentElement.dataset.live === 'online', null, { timeout: 15_000 });
  }

  it('request → lane and toast → accept inline → suggested bus in two clicks → the school sees the bus; drag free and busy', async () => {
    day = addDays(localDate(), 40 + 7 * attempts++);
    const [staff, dispatcher] = await Promise.all([login('staff.greenfield@demo.test'), login('dispatch.desertstar@demo.test')]);
    const buses = await api<BusDto[]>(dispatcher, 'GET', 'fleet/buses');
    const bus = (name: string) => buses.find((b) => b.name === name)!;

    const board = (await app.signIn('dispatch.desertstar@demo.test')).page;
    await board.setViewportSize({ width: 1440, height: 900 });
    await board.goto(`/dispatch?week=${weekStart(day)}`);
    await board.getByRole('group', { name: 'Bus 12' }).waitFor();
    await live(board);

    // The school requests; the request lane and a toast show it on the open board.
    const sent = Date.now();
    const trip = await api<TripDto>(staff, 'POST', 'trips', request(`Walk Museum ${Date.now().toString(36)}`, '09:00 AM', '12:00 PM'));
    const lane = board.getByRole('region', { name: /Requests/ });
    await lane.getByRole('button', { name: `Accept ${trip.destination}` }).waitFor();
    await board
      .getByText(new RegExp(`New trip request: ${trip.destination}`))
      .first()
      .waitFor();
    console.log(`request lane and toast on the dispatcher's board ${Date.now() - sent} ms after the request`);
    await shot(board, 'dispatcher-day-request-lane-1440');

    // The school's console: the trip's details open on All Trips.
    const school = (await app.signIn('staff.greenfield@demo.test')).page;
    await school.goto(`/trips?trip=${trip.id}`);
    const details = school.getByRole('dialog', { name: 'View trip details' });
    await details.getByText(trip.destination).first().waitFor();
    await live(school);

    // Click 1: Accept in the lane (and the console's confirm, when it asks).
    await lane.getByRole('button', { name: `Accept ${trip.destination}` }).click();
    const confirm = board.getByRole('dialog', { name: 'Accept Trip' });
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: 'Confirm' }).click();
    // Click 2: the trip in the waiting lane opens Assign Bus with a bus and a driver suggested. Click 3: Save.
    const waiting = board.getByTestId('waiting-lane').getByRole('button', { name: new RegExp(`^${trip.destination}, .*assign a bus$`) });
    await waiting.click();
    const assign = board.getByRole('dialog', { name: /Assign Bus/ });
    await assign.getByText(/^Suggested: /).waitFor();
    await assign.getByRole('button', { name: 'Save Buses' }).click();
    await assign.waitFor({ state: 'detached' });

    const assigned = await api<TripDto>(dispatcher, 'GET', `trips/${trip.id}`);
    expect(assigned.status).toBe('Confirmed');
    expect(assigned.buses[0]).toMatchObject({ busId: expect.any(Number), driverId: expect.any(Number) });
    const identity = busIdentity(assigned.buses[0]);
    expect(identity).toMatch(/^Bus \d+ · DXB \d+$/);
    // The school's open details show the bus by name and plate, live.
    await details.getByText(identity, { exact: true }).waitFor();

    // Saved from the lane, the console shows the trip's details; the dispatcher closes them to go on.
    await board.keyboard.press('Escape');
    await board.getByRole('dialog', { name: 'View trip details' }).waitFor({ state: 'detached' });

    // Drag: a trip on Bus 12 moves to the free Bus 9 (accepted), then onto Bus 14, which another trip holds (refused).
    const moving = await api<TripDto>(staff, 'POST', 'trips', request(`Drag Park ${Date.now().toString(36)}`, '01:00 PM', '03:00 PM'));
    const holder = await api<TripDto>(staff, 'POST', 'trips', request(`Busy Zoo ${Date.now().toString(36)}`, '01:30 PM', '02:30 PM'));
    for (const [t, name] of [
      [moving, 'Bus 12'],
      [holder, 'Bus 14'],
    ] as const) {
      const accepted = await api<TripDto>(dispatcher, 'PATCH', `trips/${t.id}`, { status: 'Accepted', version: t.version });
      await api(dispatcher, 'PATCH', `trips/${t.id}`, {
        status: 'Confirmed',
        version: accepted.version,
        buses: [{ busType: bus(name).busType, busSeats: bus(name).seats, busId: bus(name).id }],
      });
    }
    const bar = board.getByRole('group', { name: 'Bus 12' }).getByRole('button', { name: new RegExp(`^${moving.destination}`) });
    await bar.waitFor();
    await dragOnto(bar, board.getByRole('group', { name: 'Bus 9' }));
    await board
      .getByRole('group', { name: 'Bus 9' })
      .getByRole('button', { name: new RegExp(`^${moving.destination}`) })
      .waitFor();
    // The bar moves at once; the toast says the server took the move.
    await board.getByText(`moved to Bus 9.`, { exact: false }).waitFor();
    expect((await api<TripDto>(dispatcher, 'GET', `trips/${moving.id}`)).buses[0].busId).toBe(bus('Bus 9').id);

    const onNine = board.getByRole('group', { name: 'Bus 9' }).getByRole('button', { name: new RegExp(`^${moving.destination}`) });
    await dragOnto(onNine, board.getByRole('group', { name: 'Bus 14' }));
    const refusal = board.getByRole('alert').filter({ hasText: `Could not move ${moving.destination} to Bus 14.` });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`Bus 14 is already on ${holder.destination}`);
    await onNine.waitFor();
    expect((await api<TripDto>(dispatcher, 'GET', `trips/${moving.id}`)).buses[0].busId).toBe(bus('Bus 9').id);

    await school.context().close();
    await board.context().close();
  });

  it('a term of weekly requests is one card on a phone: accepted all at once, one card waiting for a bus, every week given it', async () => {
    const first = addDays(localDate(), 60 + 7 * attempts++);
    const [staff, dispatcher, admin] = await Promise.all([
      login('staff.greenfield@demo.test'),
      login('dispatch.desertstar@demo.test'),
      login('admin@demo.test'),
    ]);
    const board = (await app.signIn('dispatch.desertstar@demo.test')).page;
    await board.setViewportSize({ width: 390, height: 844 });
    await board.goto(`/dispatch?week=${weekStart(first)}`);
    await board.getByRole('heading', { name: 'Requests' }).waitFor();
    await live(board);

    // The school files four weeks at once; where its policy holds them for approval, the admin approves every week.
    const destination = `Term Pool ${Date.now().toString(36)}`;
    const weeks = await api<TripDto[]>(staff, 'POST', 'trips/series', {
      ...request(destination, '09:00 AM', '11:00 AM'),
      departureDate: first,
      returnDate: first,
      repeatUntil: addDays(first, 21),
    });
    const seriesId = weeks[0].seriesId!;
    for (let step = 0; step < 3; step++) {
      const now = await api<TripDto[]>(admin, 'GET', `trips/series/${seriesId}`);
      if (now.every((w) => w.status === 'Pending')) break;
      await api(admin, 'POST', `approvals/series/${seriesId}`, {});
    }

    // One card, one toast, not four.
    const lane = board.getByRole('region', { name: /Requests/ });
    await lane.getByRole('button', { name: `${destination}, weekly request of 4 trips, view details` }).waitFor();
    await board.getByText(new RegExp(`^New trip request: ${destination}, 4 weeks from `)).waitFor();
    expect(await board.getByText(new RegExp(`^New trip request: ${destination}`)).count()).toBe(1);
    expect(await lightAndDarkFindings(board, 'the request lane with a weekly series, at 390 px')).toEqual([]);
    await shot(board, 'dispatcher-day-weekly-request-390');

    // Accept all 4, after the same question as the details' "Accept this and later weeks".
    await lane.getByRole('button', { name: `Accept all 4 weeks of ${destination}` }).click();
    const ask = board.getByRole('dialog', { name: 'Accept this and later weeks' });
    await ask.getByText('4 weeks will be accepted.').waitFor();
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await board.getByText(`${destination}: 4 weeks accepted.`).waitFor();

    // They wait for a bus as one card; it opens Assign Bus on the first week, which gives the later weeks the same bus.
    const waiting = board
      .getByTestId('waiting-lane')
      .getByRole('button', { name: new RegExp(`^${destination}, 4 weeks without a bus: .*, assign a bus$`) });
    await waiting.click();
    const assign = board.getByRole('dialog', { name: /Assign Bus/ });
    await assign.getByText(/^Suggested: /).waitFor();
    const later = assign.getByRole('checkbox', { name: /^Also assign them to the 3 later weeks without buses/ });
    if (!(await later.isChecked())) await later.check();
    await assign.getByRole('button', { name: 'Save Buses' }).click();
    await assign.waitFor({ state: 'detached' });
    await board
      .getByTestId('waiting-lane')
      .getByRole('button', { name: new RegExp(`^${destination}`) })
      .waitFor({ state: 'detached' });
    const after = await api<TripDto[]>(dispatcher, 'GET', `trips/series/${seriesId}`);
    expect(after.map((w) => w.status)).toEqual(['Confirmed', 'Confirmed', 'Confirmed', 'Confirmed']);
    expect(new Set(after.map((w) => w.buses[0]?.busId)).size).toBe(1);
    await board.context().close();
  });

  it.each([
    [1440, 900],
    [390, 844],
  ])('the Today view, the week view and the lanes read and pass axe at %i px, light and dark', async (width, height) => {
    const { page } = await app.signIn('dispatch.desertstar@demo.test');
    await page.setViewportSize({ width, height });
    const findings: string[] = [];
    for (const [view, path] of [
      ['today', `/dispatch?period=day`],
      ['week', `/dispatch`],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Requests' }).waitFor();
      await page.getByRole('heading', { name: 'Needs a bus' }).waitFor();
      findings.push(...(await lightAndDarkFindings(page, `the ${view} view at ${width} px`)));
      await shot(page, `dispatcher-day-${view}-${width}`, true);
    }
    await page.getByRole('region', { name: /Requests/ }).screenshot({ path: `${SCREENSHOTS}/dispatcher-day-request-lane-${width}.png` });
    expect(findings).toEqual([]);
    await page.context().close();
  });
});
