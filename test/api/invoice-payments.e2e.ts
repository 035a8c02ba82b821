import Papa from 'papaparse';
import { localDate, addDays, formatDay } from '../../server/src/contracts/calendar';
import { type InvoiceDto, InvoiceMessages as M, type InvoiceSummaryDto } from '../../server/src/contracts/invoices';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { issueInvoice } from '../../server/src/invoices/invoices.repository';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, type TestTenant, type TestUser, uniq } from '../support/factories';
import { buildTrip } from '../support/trip-factory';
import { closeAllClients, connectLive, expectDelivery, type LiveClient, QUIET_MS, sleep } from '../realtime/live-client';
import { bytes, pdfLines } from '../support/pdf-text';
import { testDriver } from '../support/test-env';

/** `1234.50` → 123450 fils, without floats (the CSV writes amounts so). */
const fils = (amount: string) => {
  const m = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`not an amount: ${amount}`);
  return Number(m[1]) * 100 + Number(m[2]);
};

/**
 * Paying and crediting invoices, and Finance's filters, totals and CSV (docs/domain.md, "Invoices"): who may do what,
 * bad input written nowhere, the figures to the fils, two payments at once, and the live `invoice:changed`.
 */
describe('invoice payments and credit notes', () => {
  let t: TestApp;
  let acme: TestTenant;
  let far: TestTenant;
  let root: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Payments');
    far = await buildTenant(t, 'Far');
    root = await buildPlatformAdmin(t);
  }, 60_000);
  afterAll(async () => {
    closeAllClients();
    await t.close();
  });

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const pay = (u: TestUser, id: number, body: unknown) =>
    t
      .http()
      .post(`/api/invoices/${id}/payment`)
      .set('Authorization', u.auth)
      .send(body as object);
  const credit = (u: TestUser, id: number, body: unknown) =>
    t
      .http()
      .post(`/api/invoices/${id}/credit-notes`)
      .set('Authorization', u.auth)
      .send(body as object);
  const one = async (id: number) => (await get(acme.users.finance, `/invoices/${id}`).expect(200)).body as InvoiceDto;
  const today = localDate();

  /** A trip of `tenant` completed by its company through the API: its invoice (AED, 5 %, VAT included in `aed`). */
  async function invoiced(aed = 1134, tenant = acme): Promise<InvoiceDto> {
    const trip = await buildTrip(t, tenant, {
      status: 'Confirmed',
      departureDate: '2020-03-02',
      returnDate: '2020-03-02',
      buses: [],
      price: aed.toFixed(2),
    });
    await t.http().patch(`/api/trips/${trip.id}`).set('Authorization', tenant.users.busA.auth).send({ status: 'Completed' }).expect(200);
    const list = (await get(tenant.users.finance, '/invoices').expect(200)).body as InvoiceDto[];
    return list.find((i) => i.tripId === trip.id)!;
  }

  const paymentRows = async (invoiceId: number) =>
    Number((await t.db.query<{ n: string }[]>('SELECT COUNT(*) AS n FROM invoice_payments WHERE invoice_id = $1', [invoiceId]))[0].n);
  const creditRows = async (invoiceId: number) =>
    Number((await t.db.query<{ n: string }[]>('SELECT COUNT(*) AS n FROM invoices WHERE credits_invoice_id = $1', [invoiceId]))[0].n);
  const counter = async (companyId: number) =>
    Number(
      (
        await t.db.query<{ s: string }[]>('SELECT COALESCE(SUM(last_seq), 0) AS s FROM invoice_counters WHERE company_org_id = $1', [
          companyId,
        ])
      )[0].s,
    );
  const payment = { paidOn: today, reference: 'TRF-1' };
  const pdfResponse = (u: TestUser, id: number) => get(u, `/invoices/${id}/pdf`).buffer(true).parse(bytes).expect(200);
  const pdfOf = async (u: TestUser, id: number) => (await pdfResponse(u, id)).body as Buffer;

  describe('rights', () => {
    it('lets the tenant’s admins and finance and platform admins record a payment; everyone else 403, another tenant 404', async () => {
      const invoice = await invoiced();
      for (const u of [acme.users.staffA, acme.users.staffB, acme.users.busA, acme.users.busB, acme.users.manager]) {
        await pay(u, invoice.id, payment).expect(403);
      }
      for (const u of [far.users.admin, far.users.finance]) await pay(u, invoice.id, payment).expect(404);
      expect(await paymentRows(invoice.id)).toBe(0);
      for (const u of [acme.users.admin, acme.users.finance, root]) {
        const mine = await invoiced();
        const paid = (await pay(u, mine.id, payment).expect(200)).body as InvoiceDto;
        expect(paid).toMatchObject({ id: mine.id, status: 'Paid', payments: [{ recordedBy: u.user.name }] });
      }
    });

    it('lets admins, finance, platform admins and the invoice’s own bus company credit it; school staff 403; others 404', async () => {
      const invoice = await invoiced();
      const body = { amount: 100, reason: 'Late bus' };
      for (const u of [acme.users.staffA, acme.users.staffB, acme.users.manager]) await credit(u, invoice.id, body).expect(403);
      for (const u of [acme.users.busB, far.users.admin, far.users.finance, far.users.busA]) await credit(u, invoice.id, body).expect(404);
      expect(await creditRows(invoice.id)).toBe(0);
      for (const u of [acme.users.admin, acme.users.finance, acme.users.busA, root]) {
        const note = (await credit(u, invoice.id, body).expect(201)).body as InvoiceDto;
        expect(note).toMatchObject({ kind: 'credit', credits: { id: invoice.id, number: invoice.number }, total: 100 });
      }
      expect(await creditRows(invoice.id)).toBe(4);
      // The credit notes are seen as their invoice is: its school, its company, the tenant's finance; not another school.
      const ids = async (u: TestUser) =>
        ((await get(u, `/invoices?search=${encodeURIComponent(invoice.tripDestination)}`).expect(200)).body as InvoiceDto[]).filter(
          (i) => i.credits?.id === invoice.id,
        ).length;
      expect(await ids(acme.users.staffA)).toBe(4);
      expect(await ids(acme.users.busA)).toBe(4);
      expect(await ids(acme.users.staffB)).toBe(0);
      expect(await ids(acme.users.busB)).toBe(0);
    });

    it('answers the summary and the CSV to whoever may list invoices, over what they may see', async () => {
      for (const u of [acme.users.admin, acme.users.finance, acme.users.busA, acme.users.staffA, root]) {
        await get(u, '/invoices/summary').expect(200);
        await get(u, '/invoices/csv').expect(200);
      }
      await get(acme.users.manager, '/invoices/summary').expect(403);
      await get(acme.users.manager, '/invoices/csv').expect(403);
      expect(((await get(acme.users.staffB, '/invoices/summary').expect(200)).body as InvoiceSummaryDto).count).toBe(0);
      expect(((await get(far.users.finance, '/invoices/summary').expect(200)).body as InvoiceSummaryDto).count).toBe(0);
    });
  });

  describe('bad input is a 400 with its message, and writes nothing', () => {
    let invoice: InvoiceDto;
    beforeAll(async () => {
      invoice = await invoiced();
    });

    it.each<[string, unknown, string]>([
      ['a NUL in the reference', { paidOn: today, reference: 'TRF\u00001' }, M.reference],
      ['a line break in the reference', { paidOn: today, reference: 'TRF\n1' }, M.reference],
      ['an empty reference', { paidOn: today, reference: '   ' }, M.reference],
      ['a reference of 101 characters', { paidOn: today, reference: 'x'.repeat(101) }, M.reference],
      ['no reference', { paidOn: today }, M.reference],
      ['a day that does not exist', { paidOn: '2026-02-30', reference: 'TRF-1' }, M.paidOn],
      ['a day in another format', { paidOn: '15/03/2026', reference: 'TRF-1' }, M.paidOn],
      ['a day as a number', { paidOn: 20260315, reference: 'TRF-1' }, M.paidOn],
      ['tomorrow', { paidOn: addDays(today, 1), reference: 'TRF-1' }, M.paidInFuture],
      ['a day before the issue', { paidOn: addDays(today, -1), reference: 'TRF-1' }, M.paidBeforeIssue],
    ])('payment: %s', async (_what, body, message) => {
      const res = await pay(acme.users.finance, invoice.id, body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await paymentRows(invoice.id)).toBe(0);
    });

    it.each<[string, unknown, string]>([
      ['more than is owed', { amount: 113_401, reason: 'x' }, M.creditTooMuch],
      ['a huge amount', { amount: 1e15, reason: 'x' }, M.creditTooMuch],
      ['an amount beyond safe integers', { amount: 1e20, reason: 'x' }, M.creditAmount],
      ['a negative amount', { amount: -100, reason: 'x' }, M.creditAmount],
      ['nothing', { amount: 0, reason: 'x' }, M.creditAmount],
      ['a fraction of a fils', { amount: 100.5, reason: 'x' }, M.creditAmount],
      ['an amount as text', { amount: '100', reason: 'x' }, M.creditAmount],
      ['no reason', { amount: 100 }, M.creditReason],
      ['an empty reason', { amount: 100, reason: '  ' }, M.creditReason],
      ['a NUL in the reason', { amount: 100, reason: 'late\u0000' }, M.creditReason],
      ['a reason of 501 characters', { amount: 100, reason: 'x'.repeat(501) }, M.creditReason],
    ])('credit note: %s', async (_what, body, message) => {
      const seq = await counter(invoice.companyId);
      const res = await credit(acme.users.finance, invoice.id, body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await creditRows(invoice.id)).toBe(0);
      expect(await counter(invoice.companyId)).toBe(seq);
    });

    it('refuses a body that is not an object, and a route id that is not one', async () => {
      await t
        .http()
        .post(`/api/invoices/${invoice.id}/payment`)
        .set('Authorization', acme.users.finance.auth)
        .set('Content-Type', 'application/json')
        .send('[1]')
        .expect(400);
      await t
        .http()
        .post(`/api/invoices/${invoice.id}/credit-notes`)
        .set('Authorization', acme.users.finance.auth)
        .set('Content-Type', 'application/json')
        .send('"x"')
        .expect(400);
      await pay(acme.users.finance, 0, payment).expect(400);
      await credit(acme.users.finance, 99_999_999, { amount: 1, reason: 'x' }).expect(404);
      expect(await paymentRows(invoice.id)).toBe(0);
      expect(await creditRows(invoice.id)).toBe(0);
    });

    it.each<[string, unknown, string]>([
      ['more than is owed', { ...payment, amount: 113_401 }, M.paymentTooMuch],
      ['a huge amount', { ...payment, amount: 1e15 }, M.paymentTooMuch],
      ['an amount beyond safe integers', { ...payment, amount: 1e20 }, M.paymentAmount],
      ['a negative amount', { ...payment, amount: -100 }, M.paymentAmount],
      ['nothing', { ...payment, amount: 0 }, M.paymentAmount],
      ['a fraction of a fils', { ...payment, amount: 100.5 }, M.paymentAmount],
      ['an amount as text', { ...payment, amount: '100' }, M.paymentAmount],
    ])('payment amount: %s', async (_what, body, message) => {
      const res = await pay(acme.users.finance, invoice.id, body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await paymentRows(invoice.id)).toBe(0);
    });

    it('drops unknown fields: a payment that names no amount settles the balance', async () => {
      const other = await invoiced(210);
      const paid = (await pay(acme.users.finance, other.id, { ...payment, status: 'Credited', paid: 1 }).expect(200)).body as InvoiceDto;
      expect(paid.payments).toMatchObject([{ amount: 21_000 }]);
      expect(paid).toMatchObject({ paid: 21_000, balance: 0, status: 'Paid' });
    });
  });

  describe('paying', () => {
    it('records the balance as paid: the invoice reads Paid with nothing owed; a second payment or a credit is a 409', async () => {
      const invoice = await invoiced(1134);
      expect(invoice).toMatchObject({
        status: 'Issued',
        balance: 113_400,
        credited: 0,
        payments: [],
        paid: 0,
        requester: acme.users.staffA.user.name,
      });
      await pay(acme.users.finance, invoice.id, { paidOn: today, reference: '  CHQ 0042  ' }).expect(200);
      const read = await one(invoice.id);
      expect(read).toMatchObject({
        status: 'Paid',
        balance: 0,
        credited: 0,
        paid: 113_400,
        payments: [{ paidOn: today, reference: 'CHQ 0042', amount: 113_400, recordedBy: acme.users.finance.user.name }],
      });
      const [row] = await t.db.query<{ amount: string; reference: string; tenant_id: number }[]>(
        'SELECT amount, reference, tenant_id FROM invoice_payments WHERE invoice_id = $1',
        [invoice.id],
      );
      expect(row).toMatchObject({ reference: 'CHQ 0042', tenant_id: acme.tenant.id });
      expect(Number(row.amount)).toBe(113_400);
      expect((await pay(acme.users.finance, invoice.id, payment).expect(409)).body.message).toBe(M.alreadyPaid);
      expect((await credit(acme.users.finance, invoice.id, { amount: 100, reason: 'x' }).expect(409)).body.message).toBe(M.creditPaid);
      expect(await paymentRows(invoice.id)).toBe(1);
      expect(await creditRows(invoice.id)).toBe(0);
    });

    it('takes payments in parts: each lowers what is owed, the invoice stays Issued until the last part, then reads Paid', async () => {
      const invoice = await invoiced(1134);
      await pay(acme.users.finance, invoice.id, { paidOn: today, reference: 'DEP-1', amount: 50_000 }).expect(200);
      expect(await one(invoice.id)).toMatchObject({ paid: 50_000, balance: 63_400, status: 'Issued', payments: [{ amount: 50_000 }] });
      // More than the rest is refused at its field, and writes nothing.
      const over = await pay(acme.users.finance, invoice.id, { paidOn: today, reference: 'X', amount: 63_401 }).expect(400);
      expect(over.body).toMatchObject({ message: M.paymentTooMuch, field: 'amount' });
      // A credit note takes off what is left, no more.
      expect((await credit(acme.users.finance, invoice.id, { amount: 63_401, reason: 'x' }).expect(400)).body.message).toBe(
        M.creditTooMuch,
      );
      await credit(acme.users.finance, invoice.id, { amount: 3_400, reason: 'Short trip' }).expect(201);
      expect(await one(invoice.id)).toMatchObject({ paid: 50_000, credited: 3_400, balance: 60_000, status: 'Issued' });
      // The rest, with no amount named: all of it.
      const paid = (await pay(acme.users.admin, invoice.id, { paidOn: today, reference: 'DEP-2' }).expect(200)).body as InvoiceDto;
      expect(paid).toMatchObject({
        paid: 110_000,
        credited: 3_400,
        balance: 0,
        status: 'Paid',
        payments: [
          { reference: 'DEP-1', amount: 50_000 },
          { reference: 'DEP-2', amount: 60_000, recordedBy: acme.users.admin.user.name },
        ],
      });
      const amounts = await t.db.query<{ amount: string }[]>('SELECT amount FROM invoice_payments WHERE invoice_id = $1 ORDER BY id', [
        invoice.id,
      ]);
      expect(amounts.map((r) => Number(r.amount))).toEqual([50_000, 60_000]);
      expect((await pay(acme.users.finance, invoice.id, payment).expect(409)).body.message).toBe(M.alreadyPaid);
      expect((await credit(acme.users.finance, invoice.id, { amount: 1, reason: 'x' }).expect(409)).body.message).toBe(M.creditPaid);
      expect(await paymentRows(invoice.id)).toBe(2);
      // Its PDF, printed now, says what came off it and that nothing is due.
      const day = formatDay(today, true);
      expect(pdfLines(await pdfOf(acme.users.staffA, invoice.id))).toEqual(
        expect.arrayContaining([
          'Total AED 1,134.00',
          'Credited AED 34.00',
          `Paid ${day} (DEP-1) AED 500.00`,
          `Paid ${day} (DEP-2) AED 600.00`,
          'Balance due AED 0.00',
        ]),
      );
    });

    it('marks the trip paid with the payment that settles its invoice, as its own Paid would be; not before, not twice', async () => {
      const invoice = await invoiced(1134);
      const trip = async () => (await get(acme.users.finance, `/trips/${invoice.tripId}`).expect(200)).body as TripDto;
      const history = async () =>
        (
          (await get(acme.users.finance, `/trips/${invoice.tripId}/history`).expect(200)).body as { action: string; by: { id: number } }[]
        ).map((h) => [h.action, h.by.id]);
      const before = await history();
      await pay(acme.users.finance, invoice.id, { ...payment, amount: 50_000 }).expect(200);
      expect((await trip()).paid).toBe(false);
      await pay(acme.users.finance, invoice.id, payment).expect(200);
      expect((await trip()).paid).toBe(true);
      expect(await history()).toEqual([...before, ['markPaid', acme.users.finance.user.id]]);

      // a trip marked paid by hand first: its settling payment writes nothing more to it
      const other = await invoiced(500);
      await t.http().patch(`/api/trips/${other.tripId}`).set('Authorization', acme.users.admin.auth).send({ paid: true }).expect(200);
      const marked = ((await get(acme.users.finance, `/trips/${other.tripId}/history`).expect(200)).body as unknown[]).length;
      const version = ((await get(acme.users.finance, `/trips/${other.tripId}`).expect(200)).body as TripDto).version;
      await pay(acme.users.finance, other.id, payment).expect(200);
      expect(((await get(acme.users.finance, `/trips/${other.tripId}/history`).expect(200)).body as unknown[]).length).toBe(marked);
      expect(((await get(acme.users.finance, `/trips/${other.tripId}`).expect(200)).body as TripDto).version).toBe(version);
    });

    it('never takes more than is owed when two parts are paid at once: the second reads what the first left', async () => {
      const invoice = await invoiced(500);
      const answers = await Promise.all([
        pay(acme.users.finance, invoice.id, { paidOn: today, reference: 'A', amount: 30_000 }),
        pay(acme.users.admin, invoice.id, { paidOn: today, reference: 'B', amount: 30_000 }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(answers.find((a) => a.status === 400)!.body.message).toBe(M.paymentTooMuch);
      expect(await one(invoice.id)).toMatchObject({ paid: 30_000, balance: 20_000 });
      expect(await paymentRows(invoice.id)).toBe(1);
    });

    it('takes one of two payments made at once (the invoice’s row lock); the other is a 409', async () => {
      const invoice = await invoiced(500);
      const answers = await Promise.all([
        pay(acme.users.finance, invoice.id, { paidOn: today, reference: 'A' }),
        pay(acme.users.admin, invoice.id, { paidOn: today, reference: 'B' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.message).toBe(M.alreadyPaid);
      expect(await paymentRows(invoice.id)).toBe(1);
    });
  });

  describe('crediting', () => {
    it('credits part, then the rest: the invoice shows what was credited and what is owed, then reads Credited', async () => {
      const invoice = await invoiced(1134);
      const seq = await counter(invoice.companyId);
      const first = (await credit(acme.users.busA, invoice.id, { amount: 10_500, reason: ' Bus 40 minutes late ' }).expect(201))
        .body as InvoiceDto;
      expect(first).toMatchObject({
        kind: 'credit',
        credits: { id: invoice.id, number: invoice.number },
        reason: 'Bus 40 minutes late',
        tenantId: acme.tenant.id,
        companyId: invoice.companyId,
        schoolOrgId: invoice.schoolOrgId,
        tripId: invoice.tripId,
        currency: 'AED',
        vatBasisPoints: 500,
        // AED 105.00 at 5 %: 100.00 + 5.00
        lines: [{ description: `Credit for ${invoice.number}: Bus 40 minutes late`, amount: 10_000, vat: 500 }],
        subtotal: 10_000,
        vat: 500,
        total: 10_500,
        dueDate: today,
        credited: 0,
        balance: 0,
        payments: [],
        paid: 0,
        status: 'Credit note',
      });
      // The same gap-free counter as the company's invoices.
      expect(await counter(invoice.companyId)).toBe(seq + 1);
      expect(first.number).toBe(invoice.number.replace(/\d{5}$/, String(seq + 1).padStart(5, '0')));
      expect(await one(invoice.id)).toMatchObject({ credited: 10_500, balance: 102_900, status: 'Issued' });

      const tooMuch = await credit(acme.users.finance, invoice.id, { amount: 102_901, reason: 'x' }).expect(400);
      expect(tooMuch.body.message).toBe(M.creditTooMuch);
      expect(await creditRows(invoice.id)).toBe(1);

      await credit(acme.users.finance, invoice.id, { amount: 102_900, reason: 'Trip cut short' }).expect(201);
      expect(await one(invoice.id)).toMatchObject({ credited: 113_400, balance: 0, status: 'Credited', payments: [], paid: 0 });
      expect((await pay(acme.users.finance, invoice.id, payment).expect(409)).body.message).toBe(M.nothingOwed);
      expect((await credit(acme.users.finance, invoice.id, { amount: 1, reason: 'x' }).expect(409)).body.message).toBe(M.nothingOwed);
      expect((await credit(acme.users.finance, first.id, { amount: 1, reason: 'x' }).expect(409)).body.message).toBe(M.creditCredit);
      expect((await pay(acme.users.finance, first.id, payment).expect(409)).body.message).toBe(M.creditNotePaid);
      expect(await paymentRows(invoice.id)).toBe(0);
      expect(await paymentRows(first.id)).toBe(0);
    });

    it('prints a credit note as one, naming the invoice it credits', async () => {
      const invoice = await invoiced(210);
      const note = (await credit(acme.users.finance, invoice.id, { amount: 1_001, reason: 'Refund' }).expect(201)).body as InvoiceDto;
      const res = await pdfResponse(acme.users.staffA, note.id);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${note.number}.pdf"`);
      const lines = pdfLines(res.body as Buffer);
      // AED 10.01 at 5 %: 9.53 + 0.48
      expect(lines).toEqual(
        expect.arrayContaining([
          'Credit note',
          `Credit note ${note.number}`,
          `Credits ${invoice.number}`,
          'Subtotal AED 9.53',
          'VAT 5 % AED 0.48',
          'Total credited AED 10.01',
        ]),
      );
      expect(lines).not.toContain('Tax invoice');
    });
  });

  describe('receipts', () => {
    const receipt = (u: TestUser, id: number, paymentId: number) => get(u, `/invoices/${id}/payments/${paymentId}/receipt`);

    it('gives each payment its receipt: numbered after the invoice, with what was received and what was still owed then', async () => {
      const invoice = await invoiced(1134);
      await pay(acme.users.finance, invoice.id, { ...payment, reference: 'TRF-A', amount: 40_000 }).expect(200);
      await credit(acme.users.busA, invoice.id, { amount: 13_400, reason: 'Late bus' }).expect(201);
      const paid = (await pay(acme.users.admin, invoice.id, { ...payment, reference: 'TRF-B' }).expect(200)).body as InvoiceDto;
      const [first, second] = [...paid.payments].sort((a, b) => a.id - b.id);
      expect([first.amount, second.amount]).toEqual([40_000, 60_000]);

      const res = await receipt(acme.users.staffA, invoice.id, second.id).buffer(true).parse(bytes).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/pdf/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}-R2.pdf"`);
      expect(pdfLines(res.body as Buffer)).toEqual(
        expect.arrayContaining([
          'Receipt',
          `Receipt ${invoice.number}-R2`,
          `Paid ${formatDay(today, true)}`,
          `Received by: ${acme.orgs.busA.name}`,
          `Received from: ${acme.orgs.schoolA.name}`,
          `For invoice ${invoice.number}, issued ${formatDay(invoice.issuedAt.slice(0, 10), true)}`,
          'Reference: TRF-B',
          'Amount received AED 600.00',
          'Invoice total AED 1,134.00',
          'Credited before this payment AED 134.00',
          'Paid before this payment AED 400.00',
          'This payment AED 600.00',
          'Paid in full',
          `Recorded by ${acme.users.admin.user.name} on ${formatDay(today, true)}.`,
        ]),
      );
      // the first one, printed now, still says what it said then: nothing credited yet, AED 734.00 owed after it
      const firstLines = pdfLines(
        (await receipt(acme.users.busA, invoice.id, first.id).buffer(true).parse(bytes).expect(200)).body as Buffer,
      );
      expect(firstLines).toEqual(
        expect.arrayContaining([`Receipt ${invoice.number}-R1`, 'Amount received AED 400.00', 'Still owed after this payment AED 734.00']),
      );
      expect(firstLines.some((l) => /before this payment/.test(l))).toBe(false);
    });

    it('counts a credit note written in the same millisecond just before the payment, and not one just after it', async () => {
      const invoice = await invoiced(1134);
      const { payments } = (await pay(acme.users.finance, invoice.id, { ...payment, amount: 40_000 }).expect(200)).body as InvoiceDto;
      const note = (await credit(acme.users.busA, invoice.id, { amount: 13_400, reason: 'Late bus' }).expect(201)).body as InvoiceDto;
      const owedAfter = async () =>
        pdfLines((await receipt(acme.users.finance, invoice.id, payments[0].id).buffer(true).parse(bytes).expect(200)).body as Buffer);
      // Both written within one millisecond, the note 0.4 ms before the payment (what the DTO's times cannot tell apart).
      const at = (micros: number) => `2026-11-02 09:00:00.000${micros}+00`;
      await t.db.query('UPDATE invoice_payments SET recorded_at = $1 WHERE id = $2', [at(700), payments[0].id]);
      await t.db.query('UPDATE invoices SET issued_at = $1 WHERE id = $2', [at(300), note.id]);
      expect(await owedAfter()).toEqual(
        expect.arrayContaining(['Credited before this payment AED 134.00', 'Still owed after this payment AED 600.00']),
      );
      // … and 0.2 ms after it: not before the payment
      await t.db.query('UPDATE invoices SET issued_at = $1 WHERE id = $2', [at(900), note.id]);
      const lines = await owedAfter();
      expect(lines).toContain('Still owed after this payment AED 734.00');
      expect(lines.some((l) => /^Credited before/.test(l))).toBe(false);
    });

    // On the embedded database transactions take turns on its one session, so none can begin while another holds the
    // invoice's lock: the order of their stamps is the order of their turns. On PostgreSQL they can.
    const concurrently = testDriver() === 'pg' ? it : it.skip;
    concurrently(
      "stamps a payment and a credit note when they are written under the invoice's lock, not when their transaction began",
      async () => {
        const invoice = await invoiced(1134);
        /** Runs `call` while another transaction holds the invoice's row lock for a while; answers when the lock was let go. */
        async function behindTheLock<T>(call: () => PromiseLike<T>): Promise<{ released: string; answer: T }> {
          const holder = t.db.createQueryRunner();
          await holder.connect();
          try {
            await holder.startTransaction();
            await holder.query('SELECT id FROM invoices WHERE id = $1 FOR UPDATE', [invoice.id]);
            const answer = Promise.resolve(call());
            await sleep(400);
            const [{ at }] = (await holder.query('SELECT clock_timestamp()::text AS at')) as { at: string }[];
            await holder.commitTransaction();
            return { released: at, answer: await answer };
          } finally {
            await holder.release();
          }
        }
        const credited = await behindTheLock(() => credit(acme.users.busA, invoice.id, { amount: 13_400, reason: 'Late bus' }).expect(201));
        const noteId = (credited.answer.body as InvoiceDto).id;
        const paid = await behindTheLock(() => pay(acme.users.finance, invoice.id, payment).expect(200));
        const [{ id: paymentId }] = (paid.answer.body as InvoiceDto).payments;
        const stamped = await t.db.query<{ note_after: boolean; payment_after: boolean }[]>(
          `SELECT (SELECT issued_at > $1::timestamptz FROM invoices WHERE id = $3) AS note_after,
                (SELECT recorded_at > $2::timestamptz FROM invoice_payments WHERE id = $4) AS payment_after`,
          [credited.released, paid.released, noteId, paymentId],
        );
        expect(stamped).toEqual([{ note_after: true, payment_after: true }]);
        const lines = pdfLines(
          (await receipt(acme.users.finance, invoice.id, paymentId).buffer(true).parse(bytes).expect(200)).body as Buffer,
        );
        expect(lines).toEqual(expect.arrayContaining(['Credited before this payment AED 134.00', 'Paid in full']));
      },
    );

    it('answers 404 to whoever may not see the invoice and for a payment of another invoice; 400 for an id that is not one', async () => {
      const invoice = await invoiced(500);
      const other = await invoiced(600);
      const { payments } = (await pay(acme.users.finance, invoice.id, payment).expect(200)).body as InvoiceDto;
      const [{ id }] = payments;
      for (const u of [acme.users.admin, acme.users.finance, acme.users.busA, acme.users.staffA, root]) {
        await receipt(u, invoice.id, id).expect(200);
      }
      for (const u of [acme.users.busB, acme.users.staffB, far.users.admin, far.users.finance]) {
        await receipt(u, invoice.id, id).expect(404);
      }
      expect((await receipt(acme.users.finance, other.id, id).expect(404)).body.message).toBe('Payment not found.');
      await receipt(acme.users.manager, invoice.id, id).expect(403);
      await receipt(acme.users.finance, invoice.id, 0).expect(400);
      await get(acme.users.finance, `/invoices/${invoice.id}/payments/x/receipt`).expect(400);
    });
  });

  describe('Finance’s filters, totals and CSV', () => {
    let fin: TestTenant;
    const rows: Record<'a' | 'b' | 'c' | 'd', InvoiceDto> = {} as never;
    let note: InvoiceDto;

    /** An invoice for a completed trip, issued on `issuedOn` (the database's history, as the demo writes it). */
    async function issue(opts: { school: 'A' | 'B'; destination: string; fils: number; issuedOn?: string }): Promise<InvoiceDto> {
      const staff = opts.school === 'A' ? fin.users.staffA : fin.users.staffB;
      const trip = await buildTrip(t, fin, {
        status: 'Completed',
        creator: staff,
        schoolOrgId: fin.orgs[opts.school === 'A' ? 'schoolA' : 'schoolB'].id,
        destination: opts.destination,
        departureDate: '2025-01-05',
        returnDate: '2025-01-05',
      });
      const id = await t.db.transaction((tx) =>
        issueInvoice(tx, {
          tenantId: fin.tenant.id,
          companyOrgId: fin.orgs.busA.id,
          schoolOrgId: trip.schoolOrgId,
          tripId: trip.id,
          kind: 'trip',
          currency: 'AED',
          vatBasisPoints: 500,
          lines: [{ description: 'Trip', amount: Math.round(opts.fils / 1.05), vat: opts.fils - Math.round(opts.fils / 1.05) }],
          issuedOn: opts.issuedOn,
        }),
      );
      return (await get(fin.users.finance, `/invoices/${id}`).expect(200)).body as InvoiceDto;
    }

    const summary = async (query = '', u: TestUser = fin.users.finance) =>
      (await get(u, `/invoices/summary${query}`).expect(200)).body as InvoiceSummaryDto;
    const list = async (query = '', u: TestUser = fin.users.finance) =>
      (await get(u, `/invoices${query}`).expect(200)).body as InvoiceDto[];
    const numbers = (invoices: InvoiceDto[]) => invoices.map((i) => i.number).sort();

    beforeAll(async () => {
      fin = await buildTenant(t, 'Finance');
      rows.a = await issue({ school: 'A', destination: '=SUM(A1) Zoo', fils: 10_500, issuedOn: '2025-01-10' });
      rows.b = await issue({ school: 'A', destination: 'Aquarium', fils: 21_000, issuedOn: '2025-01-20' });
      rows.c = await issue({ school: 'B', destination: 'Museum 100%', fils: 5_250, issuedOn: '2025-02-05' });
      rows.d = await issue({ school: 'A', destination: 'Museum 1000', fils: 31_500 });
      await pay(fin.users.finance, rows.a.id, { paidOn: '2025-01-20', reference: 'TRF-A' }).expect(200);
      note = (await credit(fin.users.finance, rows.b.id, { amount: 1_000, reason: 'Late' }).expect(201)).body as InvoiceDto;
    });

    it('sums every invoice: paid, still owed, and the part past due, to the fils', async () => {
      // Owed: b 21,000 − 1,000 credited, c 5,250, d 31,500 (due in 30 days); a is paid; the credit note owes nothing.
      expect(await summary()).toEqual({ count: 5, paidRevenue: 10_500, outstanding: 56_750, overdue: 25_250, currency: 'AED' });
      expect((await list()).map((i) => [i.number, i.status, i.balance])).toEqual(
        expect.arrayContaining([
          [rows.a.number, 'Paid', 0],
          [rows.b.number, 'Overdue', 20_000],
          [rows.c.number, 'Overdue', 5_250],
          [rows.d.number, 'Issued', 31_500],
          [note.number, 'Credit note', 0],
        ]),
      );
    });

    it('filters by payment, month, school and search (any case, wildcards taken literally), in either order', async () => {
      expect(await summary('?payment=paid')).toEqual({ count: 1, paidRevenue: 10_500, outstanding: 0, overdue: 0, currency: 'AED' });
      expect(numbers(await list('?payment=paid'))).toEqual([rows.a.number]);
      expect(await summary('?payment=unpaid')).toEqual({ count: 3, paidRevenue: 0, outstanding: 56_750, overdue: 25_250, currency: 'AED' });
      expect(numbers(await list('?payment=unpaid'))).toEqual(numbers([rows.b, rows.c, rows.d]));
      expect(await summary('?month=2025-01')).toEqual({
        count: 2,
        paidRevenue: 10_500,
        outstanding: 20_000,
        overdue: 20_000,
        currency: 'AED',
      });
      expect(numbers(await list('?month=2025-02'))).toEqual([rows.c.number]);
      expect(numbers(await list('?month=2024-12'))).toEqual([]);
      expect(numbers(await list(`?schoolId=${fin.orgs.schoolB.id}`))).toEqual([rows.c.number]);
      expect(numbers(await list(`?search=${encodeURIComponent('MUSEUM 100%')}`))).toEqual([rows.c.number]);
      expect(numbers(await list(`?search=${encodeURIComponent('museum 100')}`))).toEqual(numbers([rows.c, rows.d]));
      expect(numbers(await list(`?search=${encodeURIComponent('Museum_1')}`))).toEqual([]);
      expect(numbers(await list(`?search=${encodeURIComponent(fin.users.staffB.user.name.toUpperCase())}`))).toEqual([rows.c.number]);
      expect(numbers(await list(`?search=${rows.b.number.toLowerCase()}`))).toEqual([rows.b.number]);
      expect(numbers(await list('?payment=unpaid&month=2025-01&search=aquarium'))).toEqual([rows.b.number]);
      expect((await list('?order=oldest'))[0].number).toBe(rows.a.number);
      expect((await list('?order=newest')).at(-1)!.number).toBe(rows.a.number);
      expect(numbers(await list('?payment=&month=&search=&schoolId=&order='))).toHaveLength(5);
      // Each sees the filter over their own invoices only.
      expect(await summary('', fin.users.staffB)).toMatchObject({ count: 1, outstanding: 5_250 });
      expect(await summary('', fin.users.busB)).toMatchObject({ count: 0, outstanding: 0, currency: 'AED' });
    });

    it('pages the list: the newest first, a page at a time, the same rows as the whole list', async () => {
      const inOrder = (invoices: InvoiceDto[]) => invoices.map((i) => i.number);
      const whole = inOrder(await list(''));
      const pages = [await list('?page=1&pageSize=2'), await list('?page=2&pageSize=2'), await list('?page=3&pageSize=2')];
      expect(pages.map(inOrder)).toEqual([whole.slice(0, 2), whole.slice(2, 4), whole.slice(4)]);
      const unpaid = inOrder(await list('?payment=unpaid'));
      expect(inOrder(await list('?page=2&pageSize=2&payment=unpaid'))).toEqual(unpaid.slice(2, 4));
      expect(await list('?page=9&pageSize=2')).toEqual([]);
      for (const query of ['page=0', 'page=abc', 'pageSize=0', 'pageSize=101', 'pageSize=1.5']) {
        await get(fin.users.finance, `/invoices?${query}`).expect(400);
      }
    });

    it.each([
      ['payment=maybe', M.payment],
      ['month=2025-13', M.month],
      ['month=2025-1', M.month],
      ['schoolId=abc', M.schoolId],
      ['schoolId=0', M.schoolId],
      ['order=up', M.order],
      [`search=${encodeURIComponent('a\u0001b')}`, M.search],
      [`search=${'x'.repeat(201)}`, M.search],
      ['payment=paid&payment=unpaid', M.payment],
    ])('answers 400 for %s on the list, the summary and the CSV', async (query, message) => {
      for (const path of ['/invoices', '/invoices/summary', '/invoices/csv']) {
        expect((await get(fin.users.finance, `${path}?${query}`).expect(400)).body.message).toBe(message);
      }
    });

    it('writes the list as CSV: the same rows and figures to the fils, formulas neutralised', async () => {
      const res = await get(fin.users.finance, '/invoices/csv?order=oldest').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="invoices.csv"');
      const text = (res.text as string).replace(/^\ufeff/, '');
      const [header, ...cells] = Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data;
      expect(header).toEqual([
        'Number',
        'Kind',
        'Issued',
        'Due',
        'School',
        'Bus company',
        'Requester',
        'Destination',
        'Trip date',
        'Subtotal',
        'VAT',
        'Total',
        'Credited',
        'Paid',
        'Paid on',
        'Reference',
        'Balance',
        'Status',
      ]);
      const json = await list('?order=oldest');
      expect(cells.map((c) => c[0])).toEqual(json.map((i) => i.number));
      const col = (name: string) => header.indexOf(name);
      cells.forEach((c, i) => {
        const inv = json[i];
        expect(
          [c[col('Subtotal')], c[col('VAT')], c[col('Total')], c[col('Credited')], c[col('Paid')], c[col('Balance')]].map(fils),
        ).toEqual([inv.subtotal, inv.vat, inv.total, inv.credited, inv.paid, inv.balance]);
        expect([c[col('Due')], c[col('Status')], c[col('School')], c[col('Requester')], c[col('Paid on')], c[col('Reference')]]).toEqual([
          inv.dueDate,
          inv.status,
          inv.schoolName,
          inv.requester,
          inv.payments.at(-1)?.paidOn ?? '',
          inv.payments.map((p) => p.reference).join('; '),
        ]);
      });
      const sum = (name: string) => cells.reduce((n, c) => n + fils(c[col(name)]), 0);
      const s = await summary();
      expect(sum('Balance')).toBe(s.outstanding);
      expect(sum('Total')).toBe(json.reduce((n, i) => n + i.total, 0));
      expect(cells.find((c) => c[0] === rows.a.number)![col('Destination')]).toBe("'=SUM(A1) Zoo");
      expect(cells.find((c) => c[0] === note.number)![col('Kind')]).toBe('Credit note');
      expect(text).toContain(`${rows.a.number},Trip,2025-01-10,2025-02-09,`);
      // Filtered the same way as the list.
      const paid = Papa.parse<string[]>(
        (await get(fin.users.finance, '/invoices/csv?payment=paid').expect(200)).text.replace(/^\ufeff/, '').trimEnd(),
      ).data;
      expect(paid.slice(1).map((c) => c[0])).toEqual([rows.a.number]);
    });

    it('counts a part paid as received and the rest as owed: the invoice stays unpaid, overdue for the rest', async () => {
      await pay(fin.users.finance, rows.c.id, { paidOn: today, reference: 'PART-1', amount: 2_000 }).expect(200);
      // c owed 5,250 past due: 2,000 of it came in, 3,250 is still owed and overdue.
      expect(await summary()).toEqual({ count: 5, paidRevenue: 12_500, outstanding: 54_750, overdue: 23_250, currency: 'AED' });
      expect(await summary('?payment=unpaid')).toEqual({
        count: 3,
        paidRevenue: 2_000,
        outstanding: 54_750,
        overdue: 23_250,
        currency: 'AED',
      });
      expect(numbers(await list('?payment=unpaid'))).toEqual(numbers([rows.b, rows.c, rows.d]));
      expect(numbers(await list('?payment=paid'))).toEqual([rows.a.number]);
      expect((await list()).find((i) => i.id === rows.c.id)).toMatchObject({ status: 'Overdue', paid: 2_000, balance: 3_250 });
      const csv = Papa.parse<string[]>(
        (await get(fin.users.finance, '/invoices/csv').expect(200)).text.replace(/^\ufeff/, '').trimEnd(),
      ).data;
      const c = csv.find((r) => r[0] === rows.c.number)!;
      const col = (name: string) => csv[0].indexOf(name);
      expect([c[col('Paid')], c[col('Paid on')], c[col('Reference')], c[col('Balance')], c[col('Status')]]).toEqual([
        '20.00',
        today,
        'PART-1',
        '32.50',
        'Overdue',
      ]);
    });
  });

  describe('live', () => {
    let s: Record<'staffA' | 'staffB' | 'busA' | 'busB' | 'finance' | 'admin' | 'manager' | 'root' | 'farAdmin' | 'farFinance', LiveClient>;
    const all = () => Object.values(s);
    const others = (...keep: LiveClient[]) => all().filter((c) => !keep.includes(c));
    const audience = () => [s.staffA, s.busA, s.finance, s.admin, s.root];

    beforeAll(async () => {
      const on = (u: TestUser, label: string) => connectLive(t.url, u.token, label);
      s = {
        staffA: await on(acme.users.staffA, 'staff A'),
        staffB: await on(acme.users.staffB, 'staff B'),
        busA: await on(acme.users.busA, 'dispatcher A'),
        busB: await on(acme.users.busB, 'dispatcher B'),
        finance: await on(acme.users.finance, 'finance'),
        admin: await on(acme.users.admin, 'admin'),
        manager: await on(acme.users.manager, 'trip manager'),
        root: await on(root, 'platform admin'),
        farAdmin: await on(far.users.admin, 'other tenant admin'),
        farFinance: await on(far.users.finance, 'other tenant finance'),
      };
    });

    it('announces a new invoice to its school, its company, the tenant’s admins and finance and platform admins only', async () => {
      const destination = `Live ${uniq()}`;
      const { events } = await expectDelivery(
        async () => {
          const trip = await buildTrip(t, acme, {
            status: 'Confirmed',
            destination,
            buses: [],
            price: '105.00',
            departureDate: '2020-03-02',
            returnDate: '2020-03-02',
          });
          const done = (
            await t
              .http()
              .patch(`/api/trips/${trip.id}`)
              .set('Authorization', acme.users.busA.auth)
              .send({ status: 'Completed' })
              .expect(200)
          ).body as TripDto;
          return done;
        },
        'invoice:changed',
        (e, trip) => e.invoice.tripId === trip.id,
        audience(),
        // The trip's own event goes to its partners too; only `invoice:changed` must not reach the others.
        [],
      );
      expect(events[0].invoice).toMatchObject({ tripDestination: destination, total: 10_500, status: 'Issued', tenantId: acme.tenant.id });
      await sleep(QUIET_MS);
      const leaks = others(...audience()).filter((c) =>
        c.received.some((r) => r.event === 'invoice:changed' && (r.payload.invoice as InvoiceDto).tripDestination === destination),
      );
      expect(leaks.map((c) => c.label)).toEqual([]);
    });

    it('announces a payment, and a credit note with the invoice it credits, to the same people only', async () => {
      const invoice = await invoiced(210);
      const paid = await expectDelivery(
        () => pay(acme.users.finance, invoice.id, payment).expect(200),
        'invoice:changed',
        // The invoice's own `Issued` event may still be on its way to a socket when the payment starts.
        (e) => e.invoice.id === invoice.id && e.invoice.payments.length > 0,
        audience(),
        others(...audience()),
      );
      expect(paid.events[0].invoice).toMatchObject({ id: invoice.id, status: 'Paid', balance: 0 });

      const target = await invoiced(210);
      const marks = new Map(audience().map((c) => [c, c.received.length]));
      const { result } = await expectDelivery(
        async () => (await credit(acme.users.busA, target.id, { amount: 500, reason: 'Late' }).expect(201)).body as InvoiceDto,
        'invoice:changed',
        (e, note) => e.invoice.id === note.id,
        audience(),
        others(...audience()),
      );
      for (const c of audience()) {
        const changed = await c.nextSince(marks.get(c)!, 'invoice:changed', (e) => e.invoice.id === target.id && e.invoice.credited > 0);
        expect(changed.invoice).toMatchObject({ credited: 500, balance: 20_500, status: 'Issued' });
      }
      expect(result.credits).toEqual({ id: target.id, number: target.number });
    });
  });
});
