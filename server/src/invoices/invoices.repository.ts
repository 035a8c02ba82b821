import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { isPlatformAdmin } from '../common/auth-user';
import {
  DEFAULT_DUE_DAYS,
  type InvoiceDto,
  type InvoiceKind,
  type InvoiceLine,
  invoiceNumber,
  invoicePrefix,
  invoiceTotals,
} from '../contracts/invoices';
import { addDays, localDate } from '../contracts/calendar';
import { Invoice } from './invoice.entity';

/** What an invoice is issued for: the trip (as written), its company, what it bills. */
export interface InvoiceToIssue {
  tenantId: number;
  companyOrgId: number;
  schoolOrgId: number;
  tripId: number;
  kind: InvoiceKind;
  currency: string;
  vatBasisPoints: number;
  lines: InvoiceLine[];
  /** The day it is issued (`YYYY-MM-DD`); unset: today. Only the demo's history sets it. */
  issuedOn?: string;
}

/**
 * Issues an invoice in the caller's transaction: the company's next number of the year, taken by bumping its counter
 * row (an upsert that holds the row's lock until the transaction ends, so parallel issues take turns and a rollback
 * gives the number back: no gaps, no doubles); then the invoice itself. A trip is invoiced once per kind (the unique
 * key): issuing again answers null and writes nothing.
 */
export async function issueInvoice(tx: EntityManager, i: InvoiceToIssue): Promise<number | null> {
  const [already] = await tx.query<{ id: number }[]>('SELECT id FROM invoices WHERE trip_id = $1 AND kind = $2', [i.tripId, i.kind]);
  if (already) return null;
  const today = i.issuedOn ?? localDate();
  const year = Number(today.slice(0, 4));
  const [counter] = await tx.query<{ last_seq: number }[]>(
    `INSERT INTO invoice_counters (company_org_id, year, last_seq) VALUES ($1, $2, 1)
     ON CONFLICT (company_org_id, year) DO UPDATE SET last_seq = invoice_counters.last_seq + 1
     RETURNING last_seq`,
    [i.companyOrgId, year],
  );
  const [company] = await tx.query<{ slug: string }[]>('SELECT slug FROM organizations WHERE id = $1', [i.companyOrgId]);
  const seq = Number(counter.last_seq);
  const totals = invoiceTotals(i.lines);
  const [row] = await tx.query<{ id: number }[]>(
    `INSERT INTO invoices (tenant_id, company_org_id, school_org_id, trip_id, kind, year, seq, number, currency, vat_basis_points,
                           lines, subtotal, vat, total, due_date, issued_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15::date,
             CASE WHEN $16::date IS NULL THEN now() ELSE $16::date + time '17:00' END) RETURNING id`,
    [
      i.tenantId,
      i.companyOrgId,
      i.schoolOrgId,
      i.tripId,
      i.kind,
      year,
      seq,
      invoiceNumber(invoicePrefix(company?.slug ?? ''), year, seq),
      i.currency,
      i.vatBasisPoints,
      JSON.stringify(i.lines),
      totals.subtotal,
      totals.vat,
      totals.total,
      addDays(today, DEFAULT_DUE_DAYS),
      i.issuedOn ?? null,
    ],
  );
  return row.id;
}

/**
 * The invoices this user may see (docs/domain.md, "Invoices"): a tenant's admins and finance all of it; a bus company
 * its own; school staff their school's; platform admins every tenant's; nobody another tenant's.
 */
function visibleInvoices(em: EntityManager, user: AuthUser) {
  const qb = em
    .createQueryBuilder(Invoice, 'inv')
    .innerJoin('organizations', 'company', 'company.id = inv.company_org_id')
    .innerJoin('organizations', 'school', 'school.id = inv.school_org_id')
    .innerJoin('trips', 'trip', 'trip.id = inv.trip_id');
  if (isPlatformAdmin(user)) return qb;
  qb.where('inv.tenant_id = :tenantId', { tenantId: user.tenantId ?? -1 });
  switch (user.role) {
    case 'admin':
    case 'finance':
      return qb;
    case 'bus_company':
      return qb.andWhere('inv.company_org_id = :org', { org: user.activeOrgId ?? -1 });
    case 'school_staff':
      return qb.andWhere('inv.school_org_id = :org', { org: user.activeOrgId ?? -1 });
    default:
      return qb.andWhere('1 = 0');
  }
}

const SELECT = [
  'inv.id AS "id"',
  'inv.number AS "number"',
  'inv.tenant_id AS "tenantId"',
  'inv.company_org_id AS "companyId"',
  'company.name AS "companyName"',
  'inv.school_org_id AS "schoolOrgId"',
  'school.name AS "schoolName"',
  'inv.trip_id AS "tripId"',
  'trip.destination AS "tripDestination"',
  `to_char(trip.departure_date, 'YYYY-MM-DD') AS "tripDate"`,
  'inv.kind AS "kind"',
  'inv.issued_at AS "issuedAt"',
  `to_char(inv.due_date, 'YYYY-MM-DD') AS "dueDate"`,
  'inv.currency AS "currency"',
  'inv.vat_basis_points AS "vatBasisPoints"',
  'inv.lines AS "lines"',
  'inv.subtotal AS "subtotal"',
  'inv.vat AS "vat"',
  'inv.total AS "total"',
];

type Row = Omit<InvoiceDto, 'issuedAt' | 'subtotal' | 'vat' | 'total'> & {
  issuedAt: Date | string;
  subtotal: string;
  vat: string;
  total: string;
};

const toDto = (r: Row): InvoiceDto => ({
  ...r,
  issuedAt: new Date(r.issuedAt).toISOString(),
  subtotal: Number(r.subtotal),
  vat: Number(r.vat),
  total: Number(r.total),
});

/** The invoices this user may see, newest first (at most `limit`). */
export async function readInvoices(em: EntityManager, user: AuthUser, limit: number): Promise<InvoiceDto[]> {
  const rows = await visibleInvoices(em, user).select(SELECT).orderBy('inv.id', 'DESC').limit(limit).getRawMany<Row>();
  return rows.map(toDto);
}

/** One invoice if this user may see it, else null (another tenant's answers as a missing one). */
export async function readInvoice(em: EntityManager, user: AuthUser, id: number): Promise<InvoiceDto | null> {
  const row = await visibleInvoices(em, user).select(SELECT).andWhere('inv.id = :id', { id }).getRawOne<Row>();
  return row ? toDto(row) : null;
}
