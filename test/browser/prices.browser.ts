import type { Locator, Page } from 'playwright-core';
import { addDays, localDate } from '../../server/src/contracts/calendar';
import { cancellationFee, PricingMessages, quotedBusPrice, type TripEstimate } from '../../server/src/contracts/pricing';
import { formatMoney } from '../../server/src/contracts/rates';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { useConsole } from '../support/browser';
import { fillDate, lightAndDarkFindings, live, markDocument, sameDocument, shot } from './page-helpers';

/**
 * Prices in the real console (docs/domain.md, "A price before the request"), with Riverside Academy (no approval policy)
 * and its partner Falcon Transport: Rami fills the request form on a phone and the Estimate panel follows what he
 * types, to the fils the server's; the trip's details keep the estimate; Fay's Assign Bus starts each fleet bus at its
 * type's quoted price and asks why when the total moves far from the quote, and Rami sees the price and the reason live;
 * a cancellation asked for within 72 hours of departure costs half, shown in both consoles. axe on each screen, light
 * and dark.
 */
describe('prices: the estimate, the assigned price and the cancellation fee', () => {
  const app = useConsole();
  const { api, login } = app;

  const RAMI = 'staff.riverside@demo.test';
  const FAY = 'dispatch.falcon@demo.test';
  const MISSING = 'Give the passengers, the times and the distance to see an estimate.';

  /** A name no earlier attempt used (a retry runs the test again on the same server). */
  const fresh = () => Date.now().toString(36);
  const day = addDays(localDate(), 30);
  const aed = (fils: number) => `AED ${formatMoney(fils)}`;

  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => tokens.get(email) ?? tokens.set(email, await login(email)).get(email)!;

  /** What GET /estimates answers Rami for the trip as the form holds it. */
  async function serverEstimate(students: number, staff: number, distanceKm: number, date = day): Promise<TripEstimate> {
    const query = new URLSearchParams({
      students: String(students),
      staff: String(staff),
      distanceKm: String(distanceKm),
      departureDate: date,
      departureTime: '08:00 AM',
      returnDate: date,
      returnTime: '03:00 PM',
    });
    const estimate = await api<TripEstimate | null>(await tokenOf(RAMI), 'GET', `estimates?${query.toString()}`);
    if (!estimate) throw new Error('Falcon prices no bus for Riverside: the demo rates are missing');
    return estimate;
  }

  const estimatePanel = (page: Page) => page.getByLabel('Estimate', { exact: true });

  /** Waits until the quote table in `scope` shows `total` in its Total row, then checks that it is the only total there. */
  async function expectTotal(scope: Locator, total: string): Promise<void> {
    const row = scope.getByRole('row', { name: /^Total/ });
    await row.getByRole('cell', { name: total, exact: true }).waitFor({ timeout: 10_000 });
    expect(await row.count()).toBe(1);
    expect((await row.getByRole('cell').textContent())?.trim()).toBe(total);
  }

  /** The request form's fields up to the passengers: a day trip 30 days ahead, 08:00 AM to 03:00 PM. */
  async function fillRequest(page: Page, destination: string): Promise<void> {
    await page.getByRole('textbox', { name: /^Destination/ }).fill(destination);
    await fillDate(page.getByLabel(/^Departure date/), day);
    await page.getByRole('combobox', { name: /^Departure time/ }).click();
    await page.getByRole('option', { name: '08:00 AM', exact: true }).click();
    await page.getByRole('combobox', { name: /^Return time/ }).click();
    await page.getByRole('option', { name: '03:00 PM', exact: true }).click();
  }

  /** The trip's details, opened from its link. */
  async function openDetails(page: Page, trip: Pick<TripDto, 'id' | 'destination'>): Promise<Locator> {
    await page.goto(`/trips?trip=${trip.id}`);
    const details = page.getByRole('dialog', { name: 'View trip details' });
    await details.getByText(trip.destination).first().waitFor();
    return details;
  }

  /** "Distance" and "Cancellation fee" as the details' summary shows them: the label, then the value. */
  const fieldValue = (details: Locator, label: string) =>
    details.getByText(label, { exact: true }).locator('xpath=following-sibling::div[1]');

  it('the estimate follows the form live on a phone, the details keep it, and a price far from the quote needs a reason Rami sees live', async () => {
    const destination = `Planetarium ${fresh()}`;
    const findings: string[] = [];

    // 1. Rami, on a phone: the panel says what is missing until passengers, times and distance are all there.
    const rami = (await app.signIn(RAMI, { width: 390 })).page;
    await rami.emulateMedia({ reducedMotion: 'reduce' });
    await rami.goto('/trips');
    const panel = estimatePanel(rami);
    await panel.getByText(MISSING, { exact: true }).waitFor();
    await live(rami);
    await markDocument(rami);
    const sent: string[] = [];
    rami.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/trips') sent.push(r.url());
    });

    await fillRequest(rami, destination);
    await panel.getByText(MISSING, { exact: true }).waitFor();
    await rami.getByRole('textbox', { name: /^Students/ }).fill('25');
    await rami.getByRole('textbox', { name: /^Staff/ }).fill('2');
    // passengers and times, but no distance yet
    await rami.waitForTimeout(600);
    await panel.getByText(MISSING, { exact: true }).waitFor();
    expect(await panel.getByRole('row', { name: /^Total/ }).count()).toBe(0);

    const distance = rami.getByRole('textbox', { name: /^Distance/ });
    await distance.fill('80');
    const small = await serverEstimate(25, 2, 80);
    await expectTotal(panel, aed(small.quote.total));
    expect(await panel.getByText(MISSING).count()).toBe(0);
    await panel
      .getByText(`Estimate from Falcon Transport (rates version ${small.rateCardVersion}): 80 km each way, 160 km in all`)
      .waitFor();
    findings.push(...(await lightAndDarkFindings(rami, 'the request form with its estimate at 390 px')));
    await shot(rami, 'prices-estimate-390', true);

    // More students: more buses, a new total, without sending anything.
    await rami.getByRole('textbox', { name: /^Students/ }).fill('70');
    const more = await serverEstimate(70, 2, 80);
    expect(more.quote.total).not.toBe(small.quote.total);
    await expectTotal(panel, aed(more.quote.total));
    // Further: the kilometres beyond those included cost more again.
    await distance.fill('150');
    const further = await serverEstimate(70, 2, 150);
    expect(further.quote.total).not.toBe(more.quote.total);
    await expectTotal(panel, aed(further.quote.total));
    await panel.getByText(/: 150 km each way, 300 km in all$/).waitFor();
    expect(sent).toEqual([]);
    expect(await sameDocument(rami)).toBe(true);

    // 2. Rami submits: the trip keeps the estimate, and its details show it.
    const [created] = await Promise.all([
      rami.waitForResponse((r) => new URL(r.url()).pathname === '/api/trips' && r.request().method() === 'POST'),
      rami.getByRole('button', { name: 'Submit Request' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const trip = (await created.json()) as TripDto;
    expect(trip.status).toBe('Pending');
    expect(trip.distanceKm).toBe(150);
    expect(trip.estimate?.quote).toEqual(further.quote);
    await rami.getByText('Trip submitted successfully!').first().waitFor();

    const ramiDetails = await openDetails(rami, trip);
    await live(rami);
    await markDocument(rami);
    await fieldValue(ramiDetails, 'Distance').getByText('150 km each way', { exact: true }).waitFor();
    const ramiQuote = ramiDetails.getByRole('table', { name: 'Estimate by bus' });
    await expectTotal(ramiQuote, aed(further.quote.total));
    findings.push(...(await lightAndDarkFindings(rami, 'the trip details with the estimate at 390 px')));
    await shot(rami, 'prices-details-estimate-390');

    // 3. Fay accepts it and opens Assign Bus: each fleet bus starts at its type's quoted price, VAT included.
    const fay = (await app.signIn(FAY)).page;
    await fay.emulateMedia({ reducedMotion: 'reduce' });
    const fayDetails = await openDetails(fay, trip);
    await fayDetails.getByRole('button', { name: 'Accept', exact: true }).click();
    await fayDetails.getByText('Accepted', { exact: true }).first().waitFor();
    await fayDetails.getByRole('button', { name: 'Assign Bus' }).click();
    const assign = fay.getByRole('dialog', { name: 'Assign Bus' });
    await assign.getByText(`Quoted to the school: ${aed(further.quote.total)} (VAT included)`).waitFor();
    // the suggestion (if any) is made once the fleet has loaded; the buses below are chosen after it
    await assign.getByText(/^Suggested: /).waitFor();

    const yellowFils = quotedBusPrice(further, 'Internal Yellow Bus');
    const whiteFils = quotedBusPrice(further, 'White Bus');
    expect(further.quote.lines.map((l) => l.busType).sort()).toEqual(['Internal Yellow Bus', 'White Bus']);
    const price = assign.getByRole('textbox', { name: /^Price/ });
    const priceShown = async () => Number((await price.inputValue()).replace(/,/g, ''));

    async function chooseBus(name: string): Promise<void> {
      await assign.getByLabel('Fleet bus', { exact: true }).click();
      await fay.getByRole('option', { name: new RegExp(`^${name} · `) }).click();
    }
    // the suggestion may already be F-06; F-04 first, then F-06, so a choice is always a change
    await chooseBus('F-04');
    await chooseBus('F-06');
    expect(await priceShown()).toBe(yellowFils! / 100);
    await assign.getByRole('button', { name: 'Add Bus' }).click();
    await fay.getByText('Bus added to list.').first().waitFor();
    await chooseBus('F-01');
    expect(await assign.getByLabel(/^Bus type/).inputValue()).toBe('White Bus');
    expect(await priceShown()).toBe(whiteFils! / 100);
    await assign.getByText(`these buses: ${aed(further.quote.total)}`, { exact: false }).waitFor();
    const reasonField = assign.getByRole('textbox', { name: /^Why the price differs from the quote/ });
    expect(await reasonField.count()).toBe(0);

    // A price far from the quote asks why; Save without a reason stops at the field, nothing sent.
    const farPrice = whiteFils! / 100 + 2000;
    await price.fill(String(farPrice));
    await reasonField.waitFor();
    expect(await reasonField.getAttribute('required')).not.toBeNull();
    let patched = 0;
    const countPatches = (r: { url(): string; method(): string }) => {
      if (new URL(r.url()).pathname === `/api/trips/${trip.id}` && r.method() === 'PATCH') patched++;
    };
    fay.on('request', countPatches);
    await assign.getByRole('button', { name: 'Save Buses' }).click();
    await assign.getByText(PricingMessages.priceReasonRequired, { exact: true }).waitFor();
    fay.off('request', countPatches);
    expect(patched).toBe(0);
    expect((await api<TripDto>(await tokenOf(FAY), 'GET', `trips/${trip.id}`)).status).toBe('Accepted');
    findings.push(...(await lightAndDarkFindings(fay, 'Assign Bus with the reason field at 1280 px')));
    await shot(fay, 'prices-assign-reason-1280');

    const reason = `Second bus hired in from Abu Dhabi ${fresh()}`;
    await reasonField.fill(reason);
    await assign.getByRole('button', { name: 'Save Buses' }).click();
    await fay.getByText('Buses assigned successfully!').first().waitFor();
    const saved = await api<TripDto>(await tokenOf(FAY), 'GET', `trips/${trip.id}`);
    expect(saved.status).toBe('Confirmed');
    expect(saved.buses.map((b) => Number(b.tripPrice))).toEqual([yellowFils! / 100, farPrice]);

    // Rami's details, open all along: the new price and the reason arrive without a reload.
    await fieldValue(ramiDetails, 'Price')
      .getByText(aed(yellowFils! + whiteFils! + 200_000))
      .waitFor();
    await ramiDetails.getByText(reason, { exact: true }).waitFor();
    const assigned = ramiDetails.getByText('Assigned buses (Accepted → Confirmed)', { exact: true });
    await assigned.waitFor();
    expect(await sameDocument(rami)).toBe(true);
    await shot(rami, 'prices-details-price-live-390');

    expect(findings).toEqual([]);
    await app.closeContexts();
  }, 240_000);

  it('taken elsewhere, a trip asks whether its distance still holds, is quoted again on the new one, and Fay sees it live', async () => {
    const destination = `Planetarium ${fresh()}`;
    const form = { tripType: 'Day Trip', departureDate: day, departureTime: '08:00 AM', returnDate: day, returnTime: '03:00 PM' };
    const trip = await api<TripDto>(await tokenOf(RAMI), 'POST', 'trips', { ...form, destination, students: 25, staff: 2, distanceKm: 80 });
    const near = await serverEstimate(25, 2, 80);
    const far = await serverEstimate(25, 2, 150);
    expect(trip.estimate?.quote).toEqual(near.quote);
    const findings: string[] = [];

    const fay = (await app.signIn(FAY)).page;
    const fayDetails = await openDetails(fay, trip);
    await live(fay);
    await markDocument(fay);
    await expectTotal(fayDetails.getByRole('table', { name: 'Estimate by bus' }), aed(near.quote.total));

    // Rami, on a phone: the trip now goes to the desert camp, 150 km away
    const rami = (await app.signIn(RAMI, { width: 390 })).page;
    await rami.emulateMedia({ reducedMotion: 'reduce' });
    const ramiDetails = await openDetails(rami, trip);
    await ramiDetails.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = rami.getByRole('dialog', { name: 'Edit Trip' });
    const distance = edit.getByRole('textbox', { name: /^Distance/ });
    expect(await distance.inputValue()).toBe('80');
    const camp = `Desert Camp ${fresh()}`;
    await edit.getByRole('textbox', { name: /^Destination/ }).fill(camp);
    await edit.getByText('The trip goes somewhere else now: is it still 80 km? The estimate counts the distance there and back.').waitFor();
    findings.push(...(await lightAndDarkFindings(rami, 'Edit Trip asking about the distance at 390 px')));
    await shot(rami, 'prices-edit-distance-390');
    await distance.fill('150');
    await edit.getByText('From the school to the destination: the estimate counts there and back.').waitFor();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await rami.getByText('Trip updated successfully!').first().waitFor();
    await fieldValue(ramiDetails, 'Distance').getByText('150 km each way', { exact: true }).waitFor();
    await expectTotal(ramiDetails.getByRole('table', { name: 'Estimate by bus' }), aed(far.quote.total));

    // Fay's details, open all along: the new destination, distance and estimate without a reload
    await fayDetails.getByText(camp).first().waitFor();
    await fieldValue(fayDetails, 'Distance').getByText('150 km each way', { exact: true }).waitFor();
    await expectTotal(fayDetails.getByRole('table', { name: 'Estimate by bus' }), aed(far.quote.total));
    expect(await sameDocument(fay)).toBe(true);
    expect((await api<TripDto>(await tokenOf(FAY), 'GET', `trips/${trip.id}`)).estimate?.quote).toEqual(far.quote);

    expect(findings).toEqual([]);
    await app.closeContexts();
  });

  it('a cancellation asked for within 72 hours of departure costs half the quote, shown to the school and the company', async () => {
    // Departing two days from now, at the top of an hour: within the 72-hour tier, outside the 24-hour one.
    const departure = new Date(Date.now() + 48 * 3_600_000);
    departure.setMinutes(0, 0, 0);
    const h = departure.getHours();
    const time = `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:00 ${h < 12 ? 'AM' : 'PM'}`;
    const date = localDate(departure);
    const ramiToken = await tokenOf(RAMI);
    const fayToken = await tokenOf(FAY);
    const requested = await api<TripDto>(ramiToken, 'POST', 'trips', {
      tripType: 'Day Trip',
      destination: `Mangrove Walk ${fresh()}`,
      departureDate: date,
      departureTime: time,
      returnDate: addDays(date, 1),
      returnTime: time,
      students: 20,
      staff: 2,
      distanceKm: 60,
    });
    expect(requested.estimate).not.toBeNull();
    const trip = await api<TripDto>(fayToken, 'PATCH', `trips/${requested.id}`, { status: 'Accepted', version: requested.version });

    // Fay's details open first (1280), then Rami's (a phone).
    const fay = (await app.signIn(FAY)).page;
    await fay.emulateMedia({ reducedMotion: 'reduce' });
    const fayDetails = await openDetails(fay, trip);
    await live(fay);
    await markDocument(fay);
    const rami = (await app.signIn(RAMI, { width: 390 })).page;
    await rami.emulateMedia({ reducedMotion: 'reduce' });
    const ramiDetails = await openDetails(rami, trip);
    await live(rami);
    await markDocument(rami);
    expect(await ramiDetails.getByText('Cancellation fee', { exact: true }).count()).toBe(0);

    // Rami asks to cancel; Fay approves in her open details, which the request reached live.
    await ramiDetails.getByRole('button', { name: 'Request Cancel' }).click();
    const confirm = rami.getByRole('dialog', { name: 'Request Cancel' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await ramiDetails.getByText('Cancel Requested', { exact: true }).first().waitFor();
    await fayDetails.getByRole('button', { name: 'Approve Cancel' }).click();
    await fayDetails.getByText('Canceled', { exact: true }).first().waitFor();

    const cancelled = await api<TripDto>(fayToken, 'GET', `trips/${trip.id}`);
    expect(cancelled.status).toBe('Canceled');
    const quoteTotal = requested.estimate!.quote.total;
    // no buses: the fee is the tier's share of the quote's total
    expect(cancelled.cancellationFee).toMatchObject({
      // asked for 47 to 48 hours before departure: any time between 24 and 72 hours is the same tier
      fee: cancellationFee(quoteTotal, requested.estimate!.cancellationTiers, 47 * 60).fee,
      basis: quoteTotal,
      currency: 'AED',
      tier: { hoursBefore: 72, percent: 50 },
    });
    const fee = cancelled.cancellationFee!;
    const words = `${aed(fee.fee)}: 50 % of ${aed(fee.basis)}, asked for within 72 hours of departure`;
    for (const details of [fayDetails, ramiDetails]) {
      await fieldValue(details, 'Cancellation fee').getByText(words, { exact: true }).waitFor();
    }
    expect([await sameDocument(fay), await sameDocument(rami)]).toEqual([true, true]);

    const findings = [
      ...(await lightAndDarkFindings(rami, 'the trip details with its estimate and cancellation fee at 390 px')),
      ...(await lightAndDarkFindings(fay, 'the trip details with its estimate and cancellation fee at 1280 px')),
    ];
    await shot(rami, 'prices-cancellation-fee-390');
    await shot(fay, 'prices-cancellation-fee-1280');
    expect(findings).toEqual([]);
    await app.closeContexts();
  }, 180_000);

  it('the request form with its estimate passes axe at 1280 px, light and dark', async () => {
    const rami = (await app.signIn(RAMI)).page;
    await rami.emulateMedia({ reducedMotion: 'reduce' });
    await rami.goto('/trips');
    const panel = estimatePanel(rami);
    await panel.getByText(MISSING, { exact: true }).waitFor();
    await fillRequest(rami, `Science Fair ${fresh()}`);
    await rami.getByRole('textbox', { name: /^Students/ }).fill('40');
    await rami.getByRole('textbox', { name: /^Distance/ }).fill('120');
    const estimate = await serverEstimate(40, 0, 120);
    await expectTotal(panel, aed(estimate.quote.total));
    const findings = await lightAndDarkFindings(rami, 'the request form with its estimate at 1280 px');
    await shot(rami, 'prices-estimate-1280', true);
    expect(findings).toEqual([]);
    await app.closeContexts();
  });
});
