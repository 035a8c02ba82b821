import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { addDays, localDate } from '../../server/src/contracts/calendar';
import { type InvoiceDto, invoiceMoney, type StatementDto } from '../../server/src/contracts/invoices';
import { quotedBusPrice } from '../../server/src/contracts/pricing';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { useConsole } from '../support/browser';
import { pdfLines } from '../support/pdf-text';
import { lightAndDarkFindings, live, markDocument, sameDocument, shot } from './page-helpers';

/**
 * Money in the real console (docs/domain.md, "Invoices"), Riverside Academy with Falcon Transport: Fay completes a
 * trip that came back yesterday in her console; its invoice appears at once, without a reload, in Fin's Finance view
 * and in Rami's Invoices on his phone; the PDF Fin downloads prints the total the screen shows; Fin records half of it,
 * then the rest, and Rami sees the part paid, then Paid, live, and keeps the second payment's receipt; the school's
 * statement for the month ends on the balance the screen shows. axe on Finance, its dialogs and Invoices, light and
 * dark, 1280 and 390 px.
 */
describe('billing: a completed trip is invoiced live, printed, paid and on the statement', () => {
  const app = useConsole();
  const { api, login } = app;

  const RAMI = 'staff.riverside@demo.test';
  const FAY = 'dispatch.falcon@demo.test';
  const FIN = 'finance@demo.test';

  /** A name no earlier attempt used (a retry runs the test again on the same server). */
  const fresh = () => Date.now().toString(36);
  const aed = (fils: number) => invoiceMoney(fils, 'AED');

  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => tokens.get(email) ?? tokens.set(email, await login(email)).get(email)!;

  /** Rami asks for yesterday's trip, Fay accepts it and puts a bus on it at the quoted price: Confirmed, back already. */
  async function tripBackYesterday(destination: string): Promise<TripDto> {
    const [rami, fay] = await Promise.all([tokenOf(RAMI), tokenOf(FAY)]);
    const day = addDays(localDate(), -1);
    const requested = await api<TripDto>(rami, 'POST', 'trips', {
      tripType: 'Day Trip',
      destination,
      departureDate: day,
      departureTime: '08:00 AM',
      returnDate: day,
      returnTime: '02:00 PM',
      students: 20,
      staff: 2,
      distanceKm: 40,
    });
    const price = quotedBusPrice(requested.estimate, 'White Bus');
    if (price === null) throw new Error('Falcon prices no White Bus: the demo rates are missing');
    const accepted = await api<TripDto>(fay, 'PATCH', `trips/${requested.id}`, { status: 'Accepted', version: requested.version });
    return api<TripDto>(fay, 'PATCH', `trips/${requested.id}`, {
      status: 'Confirmed',
      version: accepted.version,
      buses: [{ busType: 'White Bus', busSeats: 30, tripPrice: price / 100, driverName: 'Hana Qasim', driverPhone: '+971 55 444 5566' }],
    });
  }

  /** The invoice's row (a table row at 1280, a card on a phone), found by the trip's destination. */
  const invoiceOf = (page: Page, destination: string): Locator =>
    page.locator('[data-invoice-id]').filter({ hasText: destination }).filter({ hasNotText: 'Credit for' });

  it('Fay completes a trip: its invoice reaches Finance and the school live, its PDF prints the screen’s total, paid shows live, the statement agrees', async () => {
    const destination = `Marine Lab ${fresh()}`;
    const trip = await tripBackYesterday(destination);

    // Fin on Finance (1280), Rami on Invoices (his phone), Fay on the trip's details.
    const fin = (await app.signIn(FIN)).page;
    await fin.emulateMedia({ reducedMotion: 'reduce' });
    await fin.goto('/finance');
    await fin.getByRole('heading', { name: 'Finance', exact: true }).waitFor();
    await fin.locator('[data-invoice-id]').first().waitFor();
    await live(fin);
    await markDocument(fin);
    const rami = (await app.signIn(RAMI, { width: 390 })).page;
    await rami.emulateMedia({ reducedMotion: 'reduce' });
    await rami.goto('/invoices');
    await rami.locator('[data-invoice-id]').first().waitFor();
    await live(rami);
    await markDocument(rami);
    expect(await invoiceOf(fin, destination).count()).toBe(0);
    const paidBefore = (await fin.getByTestId('paid-revenue').textContent())?.trim();

    const fay = (await app.signIn(FAY)).page;
    await fay.emulateMedia({ reducedMotion: 'reduce' });
    await fay.goto(`/trips?trip=${trip.id}`);
    const details = fay.getByRole('dialog', { name: 'View trip details' });
    await details.getByText(destination).first().waitFor();
    await details.getByRole('button', { name: 'Complete', exact: true }).click();
    await fay.getByRole('dialog', { name: 'Complete Trip' }).getByRole('button', { name: 'Confirm' }).click();
    await details.getByText('Completed', { exact: true }).first().waitFor();

    // The invoice, as the server issued it, appears in both consoles without a reload.
    const [invoice] = (await api<InvoiceDto[]>(await tokenOf(FIN), 'GET', `invoices?search=${encodeURIComponent(destination)}`)).filter(
      (i) => i.kind === 'trip',
    );
    expect(invoice).toMatchObject({ tripId: trip.id, status: 'Issued', companyName: 'Falcon Transport', schoolName: 'Riverside Academy' });
    expect(invoice.total).toBe(Math.round(trip.buses[0].tripPrice! * 100));
    const finRow = invoiceOf(fin, destination);
    await finRow.getByText(invoice.number, { exact: true }).waitFor({ timeout: 10_000 });
    const ramiCard = invoiceOf(rami, destination);
    await ramiCard.getByText(invoice.number, { exact: true }).waitFor({ timeout: 10_000 });
    await ramiCard.locator('[data-status="Issued"]').waitFor();
    expect([await sameDocument(fin), await sameDocument(rami)]).toEqual([true, true]);

    // The screen's total is the invoice's, and the PDF Fin downloads prints the same.
    const total = aed(invoice.total);
    await finRow.getByText(total, { exact: true }).first().waitFor();
    const [download] = await Promise.all([
      fin.waitForEvent('download'),
      finRow.getByRole('button', { name: `Download ${invoice.number} as PDF` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoice.number}.pdf`);
    const lines = pdfLines(readFileSync(await download.path()));
    expect(lines).toEqual(expect.arrayContaining([`Invoice ${invoice.number}`, `Total ${total}`, 'To: Riverside Academy']));

    // Fin records a part of it first (a deposit): Rami's card says what was paid and what is still owed, live, and the
    // invoice is not Paid yet. Then the rest, all that is owed: the dialog passes axe; Rami's card turns Paid live, and
    // Fin's paid revenue grows.
    const part = Math.floor(invoice.total / 2);
    const paymentDialog = () => fin.getByRole('dialog').filter({ has: fin.getByRole('textbox', { name: /^Reference/ }) });
    await finRow.getByRole('button', { name: `Record payment: ${invoice.number}` }).click();
    const deposit = paymentDialog();
    await deposit.getByRole('textbox', { name: /^Amount/ }).fill((part / 100).toFixed(2));
    await deposit.getByRole('textbox', { name: /^Reference/ }).fill(`DEP-${invoice.number}`);
    await deposit.getByRole('button', { name: 'Save' }).click();
    await fin.getByText(`${aed(part)} recorded for ${invoice.number}; ${aed(invoice.total - part)} still owed.`).waitFor();
    await ramiCard.getByText(`Paid ${aed(part)}`).waitFor({ timeout: 10_000 });
    await ramiCard
      .getByText(aed(invoice.total - part), { exact: true })
      .first()
      .waitFor();
    await ramiCard.locator('[data-status="Issued"]').waitFor();

    await finRow.getByRole('button', { name: `Record payment: ${invoice.number}` }).click();
    const pay = paymentDialog();
    expect(await pay.getByRole('textbox', { name: /^Amount/ }).inputValue()).toBe(((invoice.total - part) / 100).toFixed(2));
    await pay.getByRole('textbox', { name: /^Reference/ }).fill(`FT-${invoice.number}`);
    const findings = await lightAndDarkFindings(fin, 'the Record payment dialog at 1280 px');
    await shot(fin, 'billing-mark-paid-1280');
    await pay.getByRole('button', { name: 'Save' }).click();
    await fin.getByText(`Invoice ${invoice.number} paid in full.`).waitFor();
    await finRow.locator('[data-status="Paid"]').waitFor();
    await ramiCard.locator('[data-status="Paid"]').waitFor({ timeout: 10_000 });
    await ramiCard.getByText(aed(0), { exact: true }).first().waitFor();
    expect((await fin.getByTestId('paid-revenue').textContent())?.trim()).not.toBe(paidBefore);
    // Rami, on his phone, keeps the receipt of the second payment: numbered after the invoice, paid in full.
    const receiptButton = ramiCard.getByRole('button', { name: new RegExp(`^Receipt for ${aed(invoice.total - part)} paid on .* \\(FT-`) });
    const [receipt] = await Promise.all([rami.waitForEvent('download'), receiptButton.click()]);
    expect(receipt.suggestedFilename()).toBe(`${invoice.number}-R2.pdf`);
    expect(pdfLines(readFileSync(await receipt.path()))).toEqual(
      expect.arrayContaining([
        `Receipt ${invoice.number}-R2`,
        `Amount received ${aed(invoice.total - part)}`,
        `Paid before this payment ${aed(part)}`,
        `Reference: FT-${invoice.number}`,
        'Received from: Riverside Academy',
        'Paid in full',
      ]),
    );
    const paid = await api<InvoiceDto>(await tokenOf(FIN), 'GET', `invoices/${invoice.id}`);
    expect(paid.payments).toMatchObject([
      { paidOn: localDate(), reference: `DEP-${invoice.number}`, amount: part },
      { paidOn: localDate(), reference: `FT-${invoice.number}`, amount: invoice.total - part },
    ]);
    expect([await sameDocument(fin), await sameDocument(rami)]).toEqual([true, true]);

    // The month's statement for Riverside, as CSV from Fin's balances: it ends on the balance the server holds.
    const month = localDate().slice(0, 7);
    const statement = await api<StatementDto>(await tokenOf(FIN), 'GET', `statements/${invoice.schoolOrgId}/${month}`);
    await fin.getByRole('table', { name: 'Balances by school' }).waitFor();
    const [csv] = await Promise.all([
      fin.waitForEvent('download'),
      fin.getByRole('button', { name: 'Statement CSV for Riverside Academy' }).click(),
    ]);
    const rows = readFileSync(await csv.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(rows.at(-1)).toContain((statement.closingBalance / 100).toFixed(2));
    expect(rows.some((r) => r.includes(invoice.number) && r.includes((invoice.total / 100).toFixed(2)))).toBe(true);

    findings.push(
      ...(await lightAndDarkFindings(fin, 'Finance with balances at 1280 px')),
      ...(await lightAndDarkFindings(rami, 'the school’s Invoices at 390 px')),
    );
    await shot(fin, 'billing-finance-1280', true);
    await shot(rami, 'billing-invoices-school-390', true);
    expect(findings).toEqual([]);
    await app.closeContexts();
  }, 180_000);

  it('Finance at 390 px and its Credit note dialog pass axe, light and dark, and a credit shows on the invoice live', async () => {
    const destination = `Falconry Centre ${fresh()}`;
    const trip = await tripBackYesterday(destination);
    const fay = await tokenOf(FAY);
    await api<TripDto>(fay, 'PATCH', `trips/${trip.id}`, { status: 'Completed', version: trip.version });
    const [invoice] = await api<InvoiceDto[]>(await tokenOf(FIN), 'GET', `invoices?search=${encodeURIComponent(destination)}`);

    const fin = (await app.signIn(FIN, { width: 390 })).page;
    await fin.emulateMedia({ reducedMotion: 'reduce' });
    await fin.goto('/finance');
    const card = invoiceOf(fin, destination);
    await card.getByText(invoice.number, { exact: true }).waitFor();
    await live(fin);
    const findings = await lightAndDarkFindings(fin, 'Finance at 390 px');

    await card.getByRole('button', { name: `Credit note: ${invoice.number}` }).click();
    const credit = fin.getByRole('dialog').filter({ has: fin.getByRole('textbox', { name: /^Reason/ }) });
    await credit.getByRole('textbox', { name: /^Amount/ }).fill('10.00');
    await credit.getByRole('textbox', { name: /^Reason/ }).fill('Air conditioning failed on the way back');
    findings.push(...(await lightAndDarkFindings(fin, 'the Credit note dialog at 390 px')));
    await shot(fin, 'billing-credit-note-390');
    await credit.getByRole('button', { name: 'Save' }).click();
    await fin.getByText(/^Credit note .* issued\.$/).waitFor();
    // the invoice now owes AED 10.00 less, and the credit note is listed against it
    await card.getByText(aed(invoice.total - 1_000), { exact: true }).waitFor();
    await fin
      .locator('[data-invoice-id]')
      .filter({ hasText: `Credit for ${invoice.number}` })
      .first()
      .waitFor();
    const after = await api<InvoiceDto>(await tokenOf(FIN), 'GET', `invoices/${invoice.id}`);
    expect({ credited: after.credited, balance: after.balance }).toEqual({ credited: 1_000, balance: invoice.total - 1_000 });
    expect(findings).toEqual([]);
    await app.closeContexts();
  }, 180_000);
});
