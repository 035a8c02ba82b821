import { addDays, localDate } from '../../server/src/contracts/calendar';
import type { InvoiceDto } from '../../server/src/contracts/invoices';
import type { TripEstimate } from '../../server/src/contracts/pricing';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { type TestApp, startTestApp } from '../support/app';
import { buildTenant, type TestTenant, type TestUser } from '../support/factories';
import { buildTrip } from '../support/trip-factory';
import { bytes, pdfLines } from '../support/pdf-text';

/**
 * Invoices (docs/domain.md, "Invoices"): issued in the transaction that completes a trip (or cancels it with a fee),
 * numbered gap-free per company and year even when trips complete in parallel, seen by exactly the right people, and
 * printed with the same totals.
 */
describe('invoices', () => {
  let t: TestApp;
  let acme: TestTenant;
  let far: TestTenant;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Billing');
    far = await buildTenant(t, 'Elsewhere');
  }, 60_000);
  afterAll(() => t.close());

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const complete = (id: number) =>
    t.http().patch(`/api/trips/${id}`).set('Authorization', acme.users.busA.auth).send({ status: 'Completed' });

  /** A Confirmed trip back last week, its buses priced (AED, VAT included, as Assign Bus takes them). */
  const backLastWeek = (prices: number[]) =>
    buildTrip(t, acme, {
      status: 'Confirmed',
      departureDate: '2020-03-02',
      returnDate: '2020-03-02',
      buses: prices.map((tripPrice, i) => ({
        busType: 'White Bus',
        busSeats: 30,
        tripPrice,
        driverName: `Driver ${i}`,
        driverPhone: null,
        status: null,
      })),
      price: prices.reduce((n, p) => n + p, 0).toFixed(2),
    });

  it('bills a completed trip: one line per priced bus, VAT worked out per line, totals the sums of the lines', async () => {
    const trip = await backLastWeek([1134, 100.01]);
    const done = (await complete(trip.id).expect(200)).body as TripDto;
    expect(done.status).toBe('Completed');
    const [invoice] = ((await get(acme.users.finance, '/invoices').expect(200)).body as InvoiceDto[]).filter((i) => i.tripId === trip.id);
    // 1,134.00 = 1,080.00 + 54.00; 100.01 = 95.25 + 4.76 (100.01 / 1.05 = 95.247…, rounded to 95.25).
    expect(invoice).toMatchObject({
      kind: 'trip',
      companyId: acme.orgs.busA.id,
      schoolOrgId: acme.orgs.schoolA.id,
      currency: 'AED',
      vatBasisPoints: 500,
      lines: [
        { amount: 108_000, vat: 5_400 },
        { amount: 9_525, vat: 476 },
      ],
      subtotal: 117_525,
      vat: 5_876,
      total: 123_401,
    });
    expect(invoice.number).toMatch(/^[A-Z0-9]{1,4}-\d{4}-\d{5}$/);
    // Completing again is refused, and nothing is issued twice.
    await complete(trip.id).expect(409);
    const again = ((await get(acme.users.finance, '/invoices').expect(200)).body as InvoiceDto[]).filter((i) => i.tripId === trip.id);
    expect(again).toHaveLength(1);
  });

  it('prints the same totals in its PDF', async () => {
    const trip = await backLastWeek([1134]);
    await complete(trip.id).expect(200);
    const [invoice] = ((await get(acme.users.busA, '/invoices').expect(200)).body as InvoiceDto[]).filter((i) => i.tripId === trip.id);
    const res = await get(acme.users.staffA, `/invoices/${invoice.id}/pdf`).buffer(true).parse(bytes).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const lines = pdfLines(res.body as Buffer);
    expect(lines).toEqual(
      expect.arrayContaining([`Invoice ${invoice.number}`, 'Subtotal AED 1,080.00', 'VAT 5 % AED 54.00', 'Total AED 1,134.00']),
    );
  });

  it('shows each invoice to its tenant’s admins and finance, its company and its school only', async () => {
    const trip = await backLastWeek([500]);
    await complete(trip.id).expect(200);
    const seen = async (u: TestUser) => ((await get(u, '/invoices').expect(200)).body as InvoiceDto[]).some((i) => i.tripId === trip.id);
    expect(await seen(acme.users.admin)).toBe(true);
    expect(await seen(acme.users.finance)).toBe(true);
    expect(await seen(acme.users.busA)).toBe(true);
    expect(await seen(acme.users.staffA)).toBe(true);
    expect(await seen(acme.users.busB)).toBe(false);
    expect(await seen(acme.users.staffB)).toBe(false);
    expect(await seen(far.users.admin)).toBe(false);
    const [invoice] = ((await get(acme.users.admin, '/invoices').expect(200)).body as InvoiceDto[]).filter((i) => i.tripId === trip.id);
    await get(far.users.admin, `/invoices/${invoice.id}`).expect(404);
    await get(acme.users.busB, `/invoices/${invoice.id}/pdf`).expect(404);
    await get(acme.users.manager, '/invoices').expect(403);
  });

  it('bills a cancellation fee the same way, once', async () => {
    const estimate: TripEstimate = {
      companyId: acme.orgs.busA.id,
      companyName: acme.orgs.busA.name,
      rateCardId: 1,
      rateCardVersion: 1,
      quote: { currency: 'AED', vatBasisPoints: 500, km: 0, lines: [], subtotal: 108_000, vat: 5_400, total: 113_400 },
      cancellationTiers: [{ hoursBefore: 720, percent: 50 }],
    };
    const soon = addDays(localDate(), 2);
    const trip = await buildTrip(t, acme, { status: 'Accepted', departureDate: soon, returnDate: soon, buses: [], price: '0', estimate });
    const canceled = (
      await t.http().patch(`/api/trips/${trip.id}`).set('Authorization', acme.users.admin.auth).send({ status: 'Canceled' }).expect(200)
    ).body as TripDto;
    expect(canceled.cancellationFee).toMatchObject({ fee: 56_700, tier: { hoursBefore: 720, percent: 50 } });
    const billed = ((await get(acme.users.staffA, '/invoices').expect(200)).body as InvoiceDto[]).filter((i) => i.tripId === trip.id);
    // 567.00 = 540.00 + 27.00 VAT.
    expect(billed).toMatchObject([{ kind: 'cancellation', lines: [{ amount: 54_000, vat: 2_700 }], total: 56_700 }]);
    expect(billed[0].lines[0].description).toBe('Cancellation fee: 50 % within 720 hours of departure');
  });

  it('bills nothing for a trip without a price', async () => {
    const trip = await backLastWeek([]);
    await complete(trip.id).expect(200);
    const billed = ((await get(acme.users.admin, '/invoices').expect(200)).body as InvoiceDto[]).filter((i) => i.tripId === trip.id);
    expect(billed).toEqual([]);
  });

  it('is due after the company’s payment terms (its rate card’s dueDays), else 30 days', async () => {
    const trip = (company: 'busA' | 'busB') =>
      buildTrip(t, acme, {
        status: 'Confirmed',
        schoolOrgId: company === 'busA' ? acme.orgs.schoolA.id : acme.orgs.schoolB.id,
        busCompanyOrgId: acme.orgs[company].id,
        creator: company === 'busA' ? acme.users.staffA : acme.users.staffB,
        departureDate: '2020-03-02',
        returnDate: '2020-03-02',
        buses: [],
        price: '210.00',
      });
    const dueOf = async (tripId: number, company: 'busA' | 'busB') => {
      await t.http().patch(`/api/trips/${tripId}`).set('Authorization', acme.users[company].auth).send({ status: 'Completed' }).expect(200);
      const [invoice] = ((await get(acme.users.finance, '/invoices').expect(200)).body as InvoiceDto[]).filter((i) => i.tripId === tripId);
      return invoice.dueDate;
    };
    // busA has no card: 30 days.
    expect(await dueOf((await trip('busA')).id, 'busA')).toBe(addDays(localDate(), 30));
    const line = {
      busType: 'White Bus',
      hourlyRate: 30_000,
      minimumMinutes: 60,
      includedKm: 0,
      perKmRate: 0,
      minutesBefore: 0,
      minutesAfter: 0,
    };
    await t
      .http()
      .put('/api/rates')
      .set('Authorization', acme.users.busB.auth)
      .send({ currency: 'AED', vatBasisPoints: 500, dueDays: 14, lines: [line], cancellationTiers: [] })
      .expect(201);
    expect(await dueOf((await trip('busB')).id, 'busB')).toBe(addDays(localDate(), 14));
  });

  it('numbers invoices without gaps or doubles when trips complete in parallel', async () => {
    const trips = await Promise.all(Array.from({ length: 12 }, () => backLastWeek([250])));
    const answers = await Promise.all(trips.map((trip) => complete(trip.id)));
    expect(answers.map((a) => a.status)).toEqual(trips.map(() => 200));
    const rows = await t.db.query<{ year: number; seq: number }[]>(
      `SELECT year, seq FROM invoices WHERE company_org_id = $1 ORDER BY year, seq`,
      [acme.orgs.busA.id],
    );
    const seqs = rows.map((r) => Number(r.seq));
    // Every number from 1 to the count, each once (the earlier tests' invoices included).
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const [counter] = await t.db.query<{ last_seq: number }[]>('SELECT last_seq FROM invoice_counters WHERE company_org_id = $1', [
      acme.orgs.busA.id,
    ]);
    expect(Number(counter.last_seq)).toBe(seqs.length);
  });
});
