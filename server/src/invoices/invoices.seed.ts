import type { EntityManager } from 'typeorm';
import { tripInvoiceLines } from '../contracts/invoices';
import type { BusAssignment } from '../contracts/trip-wire';
import type { DemoRefs, DemoSeeder } from '../database/seed/demo.seed';
import { issueInvoice } from './invoices.repository';

/**
 * The demo's invoices (docs/running.md, "Demo data"): every completed demo trip with priced buses, invoiced by its
 * company on the day it came back, as the console would have done then.
 */
export const seedDemoInvoices: DemoSeeder = async (tx: EntityManager, _refs: DemoRefs) => {
  const done = await tx.query<
    {
      id: number;
      tenant_id: number;
      bus_company_org_id: number;
      school_org_id: number;
      buses: BusAssignment[];
      price: string;
      back: string;
    }[]
  >(
    `SELECT id, tenant_id, bus_company_org_id, school_org_id, buses, price, to_char(return_date, 'YYYY-MM-DD') AS back
       FROM trips WHERE status = 'Completed' AND bus_company_org_id IS NOT NULL ORDER BY return_date, id`,
  );
  for (const trip of done) {
    const lines = tripInvoiceLines({ buses: trip.buses ?? [], price: Number(trip.price) }, 500);
    if (lines.length === 0) continue;
    await issueInvoice(tx, {
      tenantId: trip.tenant_id,
      companyOrgId: trip.bus_company_org_id,
      schoolOrgId: trip.school_org_id,
      tripId: trip.id,
      kind: 'trip',
      currency: 'AED',
      vatBasisPoints: 500,
      lines,
      issuedOn: trip.back,
    });
  }
};
