import type { Page } from 'playwright-core';
import { localDate } from '../../server/src/contracts/calendar';
import type { DriverDayDto, DriverInviteDto } from '../../server/src/contracts/driver-wire';
import type { BusDto, DriverDto } from '../../server/src/contracts/fleet-wire';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { useConsole } from '../support/browser';
import { expectNoSidewaysOverflow, lightAndDarkFindings, shot, wcagFindings } from './page-helpers';

/**
 * The day of travel, walked in three consoles side by side: Desert Star's dispatcher invites a new driver from the
 * Fleet screen and the driver sets up their account on a phone (390 px) from the link; the driver taps through today's
 * trip while the dispatcher's Today board and the school's open trip details follow each step without a reload; two
 * taps made with the phone offline wait, then arrive once and in order with the phone's times when it is back; the
 * last Returned completes the trip; a bus that should have left 11 minutes ago shows Late on the board, unless its
 * driver has no account to report with. axe on /today and the Today board, light and dark, 1280 and 390 px.
 *
 * The clock is the machine's: the trips are set relative to now (one departing 2 minutes ago, one 11 minutes ago), so
 * the late rule (10 minutes) holds for one and not yet for the other whatever the hour the suite runs.
 */
describe('the day of travel', () => {
  const app = useConsole();
  const { api, login } = app;
  /** A name no earlier attempt used (a retry runs the test again on the same server). */
  const fresh = () => Date.now().toString(36);

  /** `at` as the console writes a trip's day and time: `YYYY-MM-DD` and `hh:mm AM`. */
  function wallClock(at: Date): { date: string; time: string } {
    const h = at.getHours();
    const time = `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
    return { date: localDate(at), time };
  }

  /** A trip of Greenfield's departing `minutesAgo` minutes ago and back three hours later. */
  function request(destination: string, minutesAgo: number) {
    const departure = wallClock(new Date(Date.now() - minutesAgo * 60_000));
    const back = wallClock(new Date(Date.now() + (180 - minutesAgo) * 60_000));
    return {
      tripType: 'Day Trip',
      destination,
      departureDate: departure.date,
      departureTime: departure.time,
      returnDate: back.date,
      returnTime: back.time,
      students: 3,
      staff: 1,
    };
  }

  /** Greenfield requests, Desert Star accepts and puts the bus and driver on it: a Confirmed trip. */
  async function confirmedTrip(destination: string, minutesAgo: number, bus: BusDto, driver: DriverDto): Promise<TripDto> {
    const [staff, dispatcher] = await Promise.all([login('staff.greenfield@demo.test'), login('dispatch.desertstar@demo.test')]);
    const trip = await api<TripDto>(staff, 'POST', 'trips', request(destination, minutesAgo));
    const accepted = await api<TripDto>(dispatcher, 'PATCH', `trips/${trip.id}`, { status: 'Accepted', version: trip.version });
    return api<TripDto>(dispatcher, 'PATCH', `trips/${trip.id}`, {
      status: 'Confirmed',
      version: accepted.version,
      buses: [{ busType: bus.busType, busSeats: bus.seats, busId: bus.id, driverId: driver.id }],
    });
  }

  async function live(page: Page): Promise<void> {
    await page.waitForFunction(() => document.documentElement.dataset.live === 'online', null, { timeout: 15_000 });
  }

  /** A bus and a driver of Desert Star's of this suite's own, so no demo trip holds them today. */
  async function newBusAndDriver(name: string): Promise<{ bus: BusDto; driver: DriverDto }> {
    const dispatcher = await login('dispatch.desertstar@demo.test');
    const bus = await api<BusDto>(dispatcher, 'POST', 'fleet/buses', { name: `Bus ${name}`, busType: 'White Bus', seats: 30 });
    const licenceExpiry = localDate(new Date(Date.now() + 400 * 86_400_000));
    const driver = await api<DriverDto>(dispatcher, 'POST', 'fleet/drivers', {
      name: `Driver ${name}`,
      mobile: '+971 50 000 1111',
      licenceExpiry,
    });
    return { bus, driver };
  }

  it('invite → sign-up on the phone → taps followed live by the board and the school, offline taps arrive once in order, Returned completes', async () => {
    const stamp = fresh();
    const { bus, driver } = await newBusAndDriver(`T${stamp}`);
    const trip = await confirmedTrip(`Tide Pools ${stamp}`, 2, bus, driver);
    const dispatcherToken = await login('dispatch.desertstar@demo.test');

    // The dispatcher invites the driver from the Fleet screen.
    const board = (await app.signIn('dispatch.desertstar@demo.test', { width: 1440 })).page;
    await board.goto('/fleet');
    await board.getByRole('button', { name: `Invite ${driver.name}`, exact: true }).click();
    const invite = board.getByRole('dialog', { name: `Invite ${driver.name}` });
    await invite.getByRole('button', { name: 'Create link' }).click();
    const link = await invite.getByLabel('Sign-up link').inputValue();
    expect(link).toMatch(/\/join\/[\w-]{20,}$/);
    await invite.getByRole('img', { name: `QR code of the sign-up link for ${driver.name}` }).waitFor();
    const findings = await wcagFindings(board, 'the invitation dialog');
    await shot(board, 'day-of-travel-invite-1440');
    await invite.getByRole('button', { name: 'Done' }).click();

    // The driver opens it on their phone and sets up the account: they land on today's trip.
    const phoneContext = await app.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await phoneContext.newPage();
    await phone.goto(new URL(link).pathname);
    await phone.getByText(driver.name).first().waitFor();
    findings.push(...(await wcagFindings(phone, 'the sign-up page at 390 px')));
    expect(findings).toEqual([]);
    await phone.getByLabel(/^Email/).fill(`driver.${stamp}@demo.test`);
    await phone.getByLabel(/^Password/).fill('drive-safe-123');
    await phone.getByLabel(/^Confirm password/).fill('drive-safe-123');
    await phone.getByRole('button', { name: 'Set up my account' }).click();
    await phone.waitForURL((u) => u.pathname === '/today');
    const current = phone.getByRole('region', { name: `Current trip to ${trip.destination}` });
    await current.getByRole('button', { name: 'Acknowledge' }).waitFor();
    await live(phone);
    await expectNoSidewaysOverflow(phone, '/today at 390 px');

    // The dispatcher's Today board and the school's open details, side by side.
    await board.goto('/dispatch?period=day');
    const bar = board.getByRole('group', { name: bus.name }).getByRole('button', { name: new RegExp(`^${trip.destination}`) });
    await bar.waitFor();
    await live(board);
    const school = (await app.signIn('staff.greenfield@demo.test')).page;
    await school.goto(`/trips?trip=${trip.id}`);
    const details = school.getByRole('dialog', { name: 'View trip details' });
    await details.getByText(trip.destination).first().waitFor();
    await live(school);
    const busCard = details.getByRole('region', { name: new RegExp(`^${bus.name}`) });

    /** Taps the big button and waits for the board's bar and the school's timeline to show the step. */
    async function tap(button: string, shown: string): Promise<void> {
      const sent = Date.now();
      await current.getByRole('button', { name: button, exact: true }).click();
      await board
        .getByRole('group', { name: bus.name })
        .getByRole('button', { name: new RegExp(`${shown}`) })
        .waitFor();
      await busCard
        .getByText(new RegExp(`^${shown} `))
        .first()
        .waitFor();
      console.log(`${shown}: on the board and in the school's details ${Date.now() - sent} ms after the tap`);
    }

    await tap('Acknowledge', 'Acknowledged');
    await tap('Left depot', 'Left depot');
    await tap('At pickup', 'At pickup');

    // A dead zone: two taps wait on the phone, then go out in order when the signal returns.
    await phone.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await phoneContext.setOffline(true);
    const offlineFrom = Date.now();
    await current.getByRole('button', { name: 'Departed', exact: true }).click();
    await current.getByRole('textbox', { name: 'Passengers on board' }).fill('4');
    const withCount = current.getByRole('button', { name: 'Departed with 4 passengers' });
    // the count the driver sends is read in full on the phone, not cut off at the button's edge
    expect(
      await withCount.evaluate((b) => [b, ...Array.from(b.querySelectorAll('*'))].filter((e) => e.scrollWidth > e.clientWidth + 1).length),
    ).toBe(0);
    await withCount.click();
    await current.getByRole('button', { name: 'Arrived', exact: true }).click();
    await phone.getByText('You are offline. Taps are saved and will be sent when the signal returns.').waitFor();
    expect(await current.getByText('Waiting to send').count()).toBe(2);
    // Still without a signal, the page opens again (the service worker keeps the console, the phone keeps the day and
    // the taps), with both taps still waiting.
    await phone.reload();
    await current.getByRole('button', { name: 'Left destination', exact: true }).waitFor();
    expect(await current.getByText('Waiting to send').count()).toBe(2);
    await shot(phone, 'day-of-travel-today-offline-390');
    // Long enough that the phone's times and the server's are told apart.
    await phone.waitForTimeout(1500);
    await phoneContext.setOffline(false);
    await phone.getByText('Everything is sent.').waitFor({ timeout: 30_000 });
    await board
      .getByRole('group', { name: bus.name })
      .getByRole('button', { name: /Arrived/ })
      .waitFor();
    await busCard.getByText(/^Departed .* with 4 passengers/).waitFor();

    const afterOffline = await api<TripDto>(dispatcherToken, 'GET', `trips/${trip.id}`);
    const steps = afterOffline.progress[0].steps;
    expect(steps.map((s) => s.step)).toEqual(['acknowledged', 'leftDepot', 'atPickup', 'departed', 'arrived']);
    const [departed, arrived] = steps.slice(3);
    expect(departed.passengers).toBe(4);
    // Kept as when they happened: tapped offline, received later, once each.
    for (const s of [departed, arrived]) {
      expect(Date.parse(s.at)).toBeGreaterThanOrEqual(offlineFrom - 1000);
      expect(Date.parse(s.receivedAt) - Date.parse(s.at)).toBeGreaterThanOrEqual(1000);
    }
    expect(Date.parse(departed.at)).toBeLessThanOrEqual(Date.parse(arrived.at));

    await tap('Left destination', 'Left destination');
    await current.getByRole('button', { name: 'Returned', exact: true }).click();
    // Every bus back: the trip completes by itself, and the school sees it.
    await details.getByText('Completed').first().waitFor();
    const done = await api<TripDto>(dispatcherToken, 'GET', `trips/${trip.id}`);
    expect(done.status).toBe('Completed');
    expect(done.progress[0].current).toBe('returned');
    await shot(board, 'day-of-travel-board-1440');
    await shot(school, 'day-of-travel-school-details-1280');
    await app.closeContexts();
  });

  /** The driver's account, as their invitation's link makes it. */
  async function signUp(driver: DriverDto): Promise<void> {
    const invite = await api<DriverInviteDto>(
      await login('dispatch.desertstar@demo.test'),
      'POST',
      `fleet/drivers/${driver.id}/invite`,
      {},
    );
    const token = new URL(invite.url).pathname.split('/').at(-1)!;
    await api(null, 'POST', `driver-invites/${token}`, { email: `driver.${fresh()}@demo.test`, password: 'drive-safely' });
  }

  it('a bus not departed 11 minutes after its planned departure is Late on the Today board and in the trip; one whose driver has no account is not, until the driver signs up', async () => {
    const stamp = fresh();
    const { bus, driver } = await newBusAndDriver(`L${stamp}`);
    await signUp(driver);
    const trip = await confirmedTrip(`Salt Flats ${stamp}`, 11, bus, driver);
    expect(trip.progress[0].late).toBe('departure');
    // A driver without an account has nothing to report with: their bus is neither late nor "Not started".
    const unreported = await newBusAndDriver(`N${stamp}`);
    const quiet = await confirmedTrip(`Sand Dunes ${stamp}`, 11, unreported.bus, unreported.driver);
    expect(quiet.progress).toEqual([]);
    const board = (await app.signIn('dispatch.desertstar@demo.test', { width: 1440 })).page;
    await board.goto('/dispatch?period=day');
    await board
      .getByRole('group', { name: bus.name })
      .getByRole('button', { name: new RegExp(`^${trip.destination}.*Late departure`) })
      .waitFor();
    const quietBar = board
      .getByRole('group', { name: unreported.bus.name })
      .getByRole('button', { name: new RegExp(`^${quiet.destination}`) });
    expect(await quietBar.getAttribute('aria-label')).not.toMatch(/Late|Not started|Not acknowledged/);
    // Once that driver signs up through their invitation, their bus reports: the open board shows it late, no reload.
    await signUp(unreported.driver);
    await board
      .getByRole('group', { name: unreported.bus.name })
      .getByRole('button', { name: new RegExp(`^${quiet.destination}.*Late departure`) })
      .waitFor();
    await app.closeContexts();
  });

  it.each([1280, 390])('/today and the Today board pass axe at %i px, light and dark', async (width) => {
    const findings: string[] = [];
    const { page: phone } = await app.signIn('driver.desertstar@demo.test', { width });
    await phone.waitForURL((u) => u.pathname === '/today');
    await phone.getByRole('heading', { name: 'Your day' }).waitFor({ state: 'attached' });
    await phone.getByText('Central Library').first().waitFor();
    const day = await api<DriverDayDto>(await login('driver.desertstar@demo.test'), 'GET', 'driver/today');
    expect(day.assignments.map((a) => a.destination)).toContain('Central Library');
    await shot(phone, `day-of-travel-today-${width}`, true);
    findings.push(...(await lightAndDarkFindings(phone, `/today at ${width} px`)));

    const { page: board } = await app.signIn('dispatch.desertstar@demo.test', { width });
    await board.goto('/dispatch?period=day');
    await board.getByRole('heading', { name: 'Requests' }).waitFor();
    findings.push(...(await lightAndDarkFindings(board, `the Today board at ${width} px`)));
    expect(findings).toEqual([]);
    await app.closeContexts();
  });
});
