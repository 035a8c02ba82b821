import type { EntityManager } from 'typeorm';
import { addDays, localDate } from '../contracts/calendar';
import { creditNoteLines, daysBetween, tripInvoiceLines } from '../contracts/invoices';
import type { BusAssignment } from '../contracts/trip-wire';
import type { DemoRefs, DemoSeeder } from '../database/seed/demo.seed';
import { issueInvoice } from './invoices.repository';

/**
 * The demo's invoices (docs/running.md, "Demo data"): every completed demo trip with priced buses, invoiced by its
 * company on the day it came back, as the console would have done then. A trip the demo marks paid had its invoice paid
 * two weeks after it was issued (by bank transfer, recorded by finance); the others are still owed, some of them long
 * overdue, one of them paid in part and one reduced by a credit note for a late pick-up.
 */
export const seedDemoInvoices: DemoSeeder = async (tx: EntityManager, refs: DemoRefs) => {
  const finance = refs.users['finance@demo.test'];
  let credited = false;
  let deposit = false;
  /** A payment finance recorded by bank transfer, at 11:00 on the day paid. */
  const paid = (invoiceId: number, tenantId: number, day: string, reference: string, amount: number) =>
    tx.query(
      `INSERT INTO invoice_payments (invoice_id, tenant_id, paid_on, reference, amount, recorded_by_id, recorded_by, recorded_at)
       VALUES ($1, $2, $3::date, $4, $5, $6, $7, $3::date + time '11:00')`,
      [invoiceId, tenantId, day, reference, amount, finance?.id ?? null, finance?.name ?? 'Finance'],
    );
  const done = await tx.query<
    {
      id: number;
      tenant_id: number;
      bus_company_org_id: number;
      school_org_id: number;
      buses: BusAssignment[];
      price: string;
      paid: boolean;
      back: string;
    }[]
  >(
    `SELECT id, tenant_id, bus_company_org_id, school_org_id, buses, price, paid, to_char(return_date, 'YYYY-MM-DD') AS back
       FROM trips WHERE status = 'Completed' AND bus_company_org_id IS NOT NULL ORDER BY return_date, id`,
  );
  for (const trip of done) {
    const lines = tripInvoiceLines({ buses: trip.buses ?? [], price: Number(trip.price) }, 500);
    if (lines.length === 0) continue;
    const issued = {
      tenantId: trip.tenant_id,
      companyOrgId: trip.bus_company_org_id,
      schoolOrgId: trip.school_org_id,
      tripId: trip.id,
      currency: 'AED',
      vatBasisPoints: 500,
    };
    const invoiceId = await issueInvoice(tx, { ...issued, kind: 'trip', lines, issuedOn: trip.back });
    if (invoiceId === null) continue;
    const [invoice] = await tx.query<{ number: string; total: string }[]>('SELECT number, total FROM invoices WHERE id = $1', [invoiceId]);
    if (trip.paid) {
      await paid(invoiceId, trip.tenant_id, addDays(trip.back, 14), `FT-${invoice.number}`, Number(invoice.total));
    } else if (!deposit && daysBetween(trip.back, localDate()) >= 7 && daysBetween(trip.back, localDate()) <= 60) {
      // The first unpaid invoice of the last two months: half of it paid a week after the trip, the rest still owed.
      deposit = true;
      await paid(invoiceId, trip.tenant_id, addDays(trip.back, 7), `FT-${invoice.number}-1`, Math.floor(Number(invoice.total) / 2));
    } else if (!credited && daysBetween(trip.back, localDate()) > 60) {
      // The oldest unpaid invoice: its bus came 40 minutes late, and the company took AED 100 off.
      credited = true;
      const late = 'Late pick-up (40 minutes)';
      await issueInvoice(tx, {
        ...issued,
        kind: 'credit',
        creditsInvoiceId: invoiceId,
        reason: late,
        dueDays: 0,
        lines: creditNoteLines({ number: invoice.number, vatBasisPoints: 500 }, 10_000, late),
        issuedOn: addDays(trip.back, 5),
      });
    }
  }
};
