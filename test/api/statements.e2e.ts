import { addDays, localDate } from '../../server/src/contracts/calendar';
import {
  type InvoiceKind,
  InvoiceMessages,
  invoiceMoney,
  type SchoolBalanceDto,
  splitVat,
  type StatementDto,
} from '../../server/src/contracts/invoices';
import { csvAmount } from '../../server/src/contracts/statement-csv';
import { Organization } from '../../server/src/tenancy/organization.entity';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, type TestTenant, type TestUser, uniq } from '../support/factories';
import { buildTrip } from '../support/trip-factory';
import { bytes, pdfLines } from '../support/pdf-text';

interface Bill {
  id: number;
  number: string;
  tripId: number;
}

/**
 * Balances by age and monthly statements (docs/domain.md, "Invoices"): invoices, credit notes and payments written
 * straight to the database on chosen days, then read back through the API as each role sees them, worked out by hand.
 */
describe('balances and statements', () => {
  let t: TestApp;
  let acme: TestTenant;
  let far: TestTenant;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Statements');
    far = await buildTenant(t, 'Elsewhere');
  }, 60_000);
  afterAll(() => t.close());

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const binary = (u: TestUser, path: string) => get(u, path).buffer(true).parse(bytes);

  /** An invoice (or a credit note of `credits`) for `total` fils, issued on `issued` (midday), due 30 days later unless `due`. */
  async function bill(
    tn: TestTenant,
    o: {
      company?: 'busA' | 'busB';
      school?: Organization;
      total: number;
      issued: string;
      due?: string;
      kind?: InvoiceKind;
      credits?: Bill;
      reason?: string;
    },
  ): Promise<Bill> {
    const company = tn.orgs[o.company ?? 'busA'];
    const school = o.school ?? tn.orgs.schoolA;
    const tripId =
      o.credits?.tripId ??
      (
        await buildTrip(t, tn, {
          status: 'Completed',
          schoolOrgId: school.id,
          busCompanyOrgId: company.id,
          destination: 'Zoo',
          departureDate: o.issued,
          returnDate: o.issued,
        })
      ).id;
    seq += 1;
    const number = `ST-${o.issued.slice(0, 4)}-${String(seq).padStart(5, '0')}`;
    const { amount, vat } = splitVat(o.total, 500);
    const [row] = await t.db.query<{ id: number }[]>(
      `INSERT INTO invoices (tenant_id, company_org_id, school_org_id, trip_id, kind, credits_invoice_id, reason, year, seq, number,
                             currency, vat_basis_points, lines, subtotal, vat, total, due_date, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'AED', 500, $11::jsonb, $12, $13, $14, $15::date, $16::date + time '12:00')
       RETURNING id`,
      [
        tn.tenant.id,
        company.id,
        school.id,
        tripId,
        o.kind ?? (o.credits ? 'credit' : 'trip'),
        o.credits?.id ?? null,
        o.reason ?? null,
        Number(o.issued.slice(0, 4)),
        seq,
        number,
        JSON.stringify([{ description: 'Trip', amount, vat }]),
        amount,
        vat,
        o.total,
        o.due ?? addDays(o.issued, 30),
        o.issued,
      ],
    );
    return { id: Number(row.id), number, tripId };
  }

  const pay = (tn: TestTenant, b: Bill, paidOn: string, amount: number, reference: string) =>
    t.db.query(
      `INSERT INTO invoice_payments (invoice_id, tenant_id, paid_on, reference, amount, recorded_by) VALUES ($1, $2, $3, $4, $5, 'Finance')`,
      [b.id, tn.tenant.id, paidOn, reference, amount],
    );

  describe('a statement', () => {
    // November 2025 at School A, worked by hand (fils):
    //   before: I0 500.00 paid 25 Oct; I1 1,134.00 less a credit note of 134.00 → opening 1,000.00.
    //   3 Nov  I2 (Bus A) 1,234.50           → 2,234.50
    //   5 Nov  I3 (Bus B)   200.00           → 2,434.50
    //  10 Nov  credit note on I2 34.50        → 2,400.00
    //  20 Nov  I1 paid 1,000.00 (its balance) → 1,400.00 closing.
    // Also: an invoice in December and one to School B in November, on no November statement of School A.
    let i1: Bill;
    let i2: Bill;
    let i3: Bill;
    let c1: Bill;
    let dec: Bill;

    beforeAll(async () => {
      const i0 = await bill(acme, { total: 50_000, issued: '2025-10-05' });
      await pay(acme, i0, '2025-10-25', 50_000, 'TT-100');
      i1 = await bill(acme, { total: 113_400, issued: '2025-10-20' });
      await bill(acme, { credits: i1, total: 13_400, issued: '2025-10-28', reason: 'Short trip' });
      i2 = await bill(acme, { total: 123_450, issued: '2025-11-03' });
      i3 = await bill(acme, { company: 'busB', total: 20_000, issued: '2025-11-05', kind: 'cancellation' });
      c1 = await bill(acme, { credits: i2, total: 3_450, issued: '2025-11-10', reason: 'One bus late, "sorry"' });
      await pay(acme, i1, '2025-11-20', 100_000, 'TT-881');
      dec = await bill(acme, { total: 9_900, issued: '2025-12-01' });
      // Paid in part: 50.00 of I3's 200.00 in December.
      await pay(acme, i3, '2025-12-10', 5_000, 'TT-902');
      await bill(acme, { school: acme.orgs.schoolB, company: 'busB', total: 77_700, issued: '2025-11-04' });
    });

    const statement = async (u: TestUser, month = '2025-11', school = acme.orgs.schoolA.id) =>
      (await get(u, `/statements/${school}/${month}`).expect(200)).body as StatementDto;

    it('opens with what was owed before the month and lists the month in date order with the running balance', async () => {
      const s = await statement(acme.users.finance);
      expect(s).toEqual({
        schoolOrgId: acme.orgs.schoolA.id,
        schoolName: acme.orgs.schoolA.name,
        month: '2025-11',
        currency: 'AED',
        openingBalance: 100_000,
        entries: [
          {
            date: '2025-11-03',
            kind: 'invoice',
            number: i2.number,
            companyName: acme.orgs.busA.name,
            description: 'Trip: Zoo, Mon 3 Nov 2025',
            debit: 123_450,
            credit: 0,
            balance: 223_450,
          },
          {
            date: '2025-11-05',
            kind: 'invoice',
            number: i3.number,
            companyName: acme.orgs.busB.name,
            description: 'Cancellation fee: Zoo, Wed 5 Nov 2025',
            debit: 20_000,
            credit: 0,
            balance: 243_450,
          },
          {
            date: '2025-11-10',
            kind: 'credit',
            number: c1.number,
            companyName: acme.orgs.busA.name,
            description: `Credit note for ${i2.number}: One bus late, "sorry"`,
            debit: 0,
            credit: 3_450,
            balance: 240_000,
          },
          {
            date: '2025-11-20',
            kind: 'payment',
            number: i1.number,
            companyName: acme.orgs.busA.name,
            description: `Payment TT-881 for ${i1.number}`,
            debit: 0,
            credit: 100_000,
            balance: 140_000,
          },
        ],
        closingBalance: 140_000,
      });
      // The next month opens where this one closed, plus December's invoice, less a part of I3 paid.
      const december = await statement(acme.users.admin, '2025-12');
      expect(december).toMatchObject({
        openingBalance: 140_000,
        closingBalance: 144_900,
        entries: [
          { number: dec.number, debit: 9_900, balance: 149_900 },
          { kind: 'payment', number: i3.number, description: `Payment TT-902 for ${i3.number}`, credit: 5_000, balance: 144_900 },
        ],
      });
    });

    it('answers a month with nothing in it: opening equals closing', async () => {
      expect(await statement(acme.users.admin, '2026-03')).toMatchObject({ openingBalance: 144_900, entries: [], closingBalance: 144_900 });
      expect(await statement(acme.users.admin, '2025-06')).toMatchObject({ openingBalance: 0, entries: [], closingBalance: 0 });
    });

    it('shows each caller only what they may see', async () => {
      const all = await statement(acme.users.admin);
      expect(await statement(acme.users.staffA)).toEqual(all);
      expect(await statement(await buildPlatformAdmin(t))).toEqual(all);
      // A bus company: its own invoices' lines only.
      const busA = await statement(acme.users.busA);
      expect(busA.openingBalance).toBe(100_000);
      expect(busA.entries.map((e) => [e.number, e.balance])).toEqual([
        [i2.number, 223_450],
        [c1.number, 220_000],
        [i1.number, 120_000],
      ]);
      expect(busA.closingBalance).toBe(120_000);
      const busB = await statement(acme.users.busB);
      expect(busB).toMatchObject({ openingBalance: 0, entries: [{ number: i3.number, balance: 20_000 }], closingBalance: 20_000 });
      // Its partner school; a school it neither serves nor billed is not found.
      expect(await statement(acme.users.busB, '2025-11', acme.orgs.schoolB.id)).toMatchObject({
        openingBalance: 0,
        entries: [{ debit: 77_700 }],
        closingBalance: 77_700,
      });
      await get(acme.users.busA, `/statements/${acme.orgs.schoolB.id}/2025-11`).expect(404);

      const notFound = { message: 'School not found.' };
      expect((await get(acme.users.staffB, `/statements/${acme.orgs.schoolA.id}/2025-11`).expect(404)).body).toMatchObject(notFound);
      expect((await get(far.users.admin, `/statements/${acme.orgs.schoolA.id}/2025-11`).expect(404)).body).toMatchObject(notFound);
      await get(far.users.finance, `/statements/${acme.orgs.schoolA.id}/2025-11/pdf`).expect(404);
      await get(far.users.finance, `/statements/${acme.orgs.schoolA.id}/2025-11/csv`).expect(404);
      // Not a school, or no such organization.
      await get(acme.users.admin, `/statements/${acme.orgs.busA.id}/2025-11`).expect(404);
      await get(acme.users.admin, `/statements/2147483647/2025-11`).expect(404);
      await get(acme.users.manager, `/statements/${acme.orgs.schoolA.id}/2025-11`).expect(403);
    });

    it('refuses a month that is not YYYY-MM', async () => {
      for (const month of ['2025-13', '2025-00', 'abc', '2025-1', '%00', '2025-11%00', '0000-01']) {
        const res = await get(acme.users.admin, `/statements/${acme.orgs.schoolA.id}/${month}`).expect(400);
        expect(res.body).toMatchObject({ message: InvoiceMessages.month });
        await get(acme.users.admin, `/statements/${acme.orgs.schoolA.id}/${month}/csv`).expect(400);
      }
      await get(acme.users.admin, '/statements/abc/2025-11').expect(400);
    });

    it('prints the same figures in its PDF', async () => {
      const s = await statement(acme.users.admin);
      const res = await binary(acme.users.admin, `/statements/${acme.orgs.schoolA.id}/2025-11/pdf`).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/pdf/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${acme.orgs.schoolA.slug}-2025-11.pdf"`);
      const lines = pdfLines(res.body as Buffer);
      expect(lines).toEqual(
        expect.arrayContaining([
          'Statement',
          acme.orgs.schoolA.name,
          'November 2025',
          'Amounts in AED',
          'Opening balance AED 1,000.00',
          i2.number,
          '1,234.50',
          '2,234.50',
          '34.50',
          '1,400.00',
        ]),
      );
      const closing = lines.find((l) => l.startsWith('Closing balance'));
      expect(closing).toBe(`Closing balance ${invoiceMoney(s.closingBalance, 'AED')}`);
      expect(closing).toBe('Closing balance AED 1,400.00');
    });

    it('exports the same figures as CSV, quoted and guarded', async () => {
      const s = await statement(acme.users.admin);
      const res = await get(acme.users.admin, `/statements/${acme.orgs.schoolA.id}/2025-11/csv`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${acme.orgs.schoolA.slug}-2025-11.csv"`);
      const rows = (res.text as string).replace(/^\ufeff/, '').split('\r\n');
      expect(rows[0]).toBe('Date,Type,Number,Bus company,Description,Debit,Credit,Balance');
      expect(rows[1]).toBe('2025-11-01,Opening balance,,,,,,1000.00');
      expect(rows[2]).toBe(`2025-11-03,Invoice,${i2.number},${acme.orgs.busA.name},"Trip: Zoo, Mon 3 Nov 2025",1234.50,,2234.50`);
      expect(rows[4]).toBe(
        `2025-11-10,Credit note,${c1.number},${acme.orgs.busA.name},"Credit note for ${i2.number}: One bus late, ""sorry""",,34.50,2400.00`,
      );
      expect(rows[6]).toBe('2025-11-30,Closing balance,,,,1434.50,1034.50,1400.00');
      expect(rows[6].split(',').at(-1)).toBe(csvAmount(s.closingBalance));
      expect(rows).toHaveLength(8);
      expect(rows[7]).toBe('');
    });
  });

  describe('balances', () => {
    let ageing: TestTenant;
    let schoolC: Organization;
    const today = localDate();

    beforeAll(async () => {
      ageing = await buildTenant(t, 'Ageing');
      schoolC = await t.db.getRepository(Organization).save({
        tenantId: ageing.tenant.id,
        type: 'school',
        name: `School C ${uniq()}`,
        slug: `school-c-${uniq()}`,
        code: null,
        parentOrgId: null,
      });
      const due = async (daysLate: number, total: number, o: { school?: Organization; company?: 'busA' | 'busB' } = {}) =>
        bill(ageing, { ...o, total, issued: addDays(today, -daysLate - 30), due: addDays(today, -daysLate) });
      // School A, by Bus A: current 100.00 + 50.00; 1–30 days 200.00 + 10.00; 31–60 days 300.00 less a 50.00 credit,
      // + 20.00; 61–90 days 400.00; over 90 days 500.00 less 100.00 paid. Paid and fully credited invoices owe nothing.
      await due(0, 10_000);
      await due(-10, 5_000);
      await due(1, 20_000);
      await due(30, 1_000);
      const credited = await due(31, 30_000);
      await bill(ageing, { credits: credited, total: 5_000, issued: addDays(today, -20) });
      await due(60, 2_000);
      await due(61, 40_000);
      const part = await due(91, 50_000);
      await pay(ageing, part, addDays(today, -3), 10_000, 'TT-8');
      const paid = await due(100, 99_999);
      await pay(ageing, paid, addDays(today, -1), 99_999, 'TT-9');
      const gone = await due(5, 7_000);
      await bill(ageing, { credits: gone, total: 7_000, issued: addDays(today, -2) });
      // School B, by Bus B: 2,000.00 five days late. School C: all paid.
      await due(5, 200_000, { school: ageing.orgs.schoolB, company: 'busB' });
      const allPaid = await due(3, 3_000, { school: schoolC });
      await pay(ageing, allPaid, today, 3_000, 'TT-C');
    });

    const balances = async (u: TestUser) => (await get(u, '/invoices/balances').expect(200)).body as SchoolBalanceDto[];
    const schoolA = (): SchoolBalanceDto => ({
      schoolOrgId: ageing.orgs.schoolA.id,
      schoolName: ageing.orgs.schoolA.name,
      currency: 'AED',
      current: 15_000,
      days1to30: 21_000,
      days31to60: 27_000,
      days61to90: 40_000,
      over90: 40_000,
      total: 143_000,
    });
    const schoolB = (): SchoolBalanceDto => ({
      schoolOrgId: ageing.orgs.schoolB.id,
      schoolName: ageing.orgs.schoolB.name,
      currency: 'AED',
      current: 0,
      days1to30: 200_000,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      total: 200_000,
    });

    const schoolCPaidUp = (): SchoolBalanceDto => ({
      schoolOrgId: schoolC.id,
      schoolName: schoolC.name,
      currency: 'AED',
      current: 0,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      total: 0,
    });

    it('sums each school’s unpaid balances by days past due, most owed first, a school that paid all with zeros', async () => {
      expect(await balances(ageing.users.admin)).toEqual([schoolB(), schoolA(), schoolCPaidUp()]);
      expect(await balances(ageing.users.finance)).toEqual([schoolB(), schoolA(), schoolCPaidUp()]);
    });

    it('shows each caller only what they may see', async () => {
      expect(await balances(ageing.users.staffA)).toEqual([schoolA()]);
      expect(await balances(ageing.users.staffB)).toEqual([schoolB()]);
      expect(await balances(ageing.users.busA)).toEqual([schoolA(), schoolCPaidUp()]);
      expect(await balances(ageing.users.busB)).toEqual([schoolB()]);
      expect((await balances(far.users.admin)).map((b) => b.schoolOrgId)).not.toContain(ageing.orgs.schoolA.id);
      expect(await balances(ageing.users.staffNoOrg)).toEqual([]);
      await get(ageing.users.manager, '/invoices/balances').expect(403);
      const platform = await balances(await buildPlatformAdmin(t));
      expect(platform.filter((b) => [ageing.orgs.schoolA.id, ageing.orgs.schoolB.id, schoolC.id].includes(b.schoolOrgId))).toEqual([
        schoolB(),
        schoolA(),
        schoolCPaidUp(),
      ]);
    });

    it('is in the API document', async () => {
      const doc = (await t.http().get('/api/docs/openapi.json').expect(200)).body as {
        paths: Record<string, unknown>;
        components: { schemas: Record<string, unknown> };
      };
      for (const path of [
        '/invoices/balances',
        '/statements/{schoolId}/{month}',
        '/statements/{schoolId}/{month}/pdf',
        '/statements/{schoolId}/{month}/csv',
      ]) {
        expect(doc.paths[path]).toBeDefined();
      }
      expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['SchoolBalance', 'Statement']));
    });

    it('leaves GET /invoices/{id} as it was', async () => {
      await get(ageing.users.admin, '/invoices/abc').expect(400);
      const [one] = (await get(ageing.users.admin, '/invoices').expect(200)).body as { id: number }[];
      await get(ageing.users.admin, `/invoices/${one.id}`).expect(200);
    });
  });
});
