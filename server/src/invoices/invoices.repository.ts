import { Brackets, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { isPlatformAdmin } from '../common/auth-user';
import {
  DEFAULT_DUE_DAYS,
  type InvoiceDto,
  type InvoiceFilter,
  type InvoiceKind,
  type InvoiceLine,
  invoiceNumber,
  invoicePrefix,
  invoiceBalance,
  invoiceStatus,
  type InvoiceSummaryDto,
  invoiceTotals,
} from '../contracts/invoices';
import { addDays, localDate } from '../contracts/calendar';
import { DEFAULT_CURRENCY } from '../contracts/rates';
import { monthBounds } from '../contracts/trip-list';
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
  /** Days from issue to due (the company's card's `dueDays`); unset: DEFAULT_DUE_DAYS. A credit note's is 0. */
  dueDays?: number;
  /** A credit note (kind `credit`): the invoice it corrects, and why. */
  creditsInvoiceId?: number;
  reason?: string;
}

/**
 * Issues an invoice in the caller's transaction: the company's next number of the year, taken by bumping its counter
 * row (an upsert that holds the row's lock until the transaction ends, so parallel issues take turns and a rollback
 * gives the number back: no gaps, no doubles); then the invoice itself, issued at the moment it is written (not when
 * the transaction began: a credit note's time places it among its invoice's payments, readReceiptFacts). A trip is
 * invoiced once per kind (the unique key): issuing again answers null and writes nothing. Credit notes share the
 * counter and are not limited per trip.
 */
export async function issueInvoice(tx: EntityManager, i: InvoiceToIssue): Promise<number | null> {
  if (i.kind !== 'credit') {
    const [already] = await tx.query<{ id: number }[]>('SELECT id FROM invoices WHERE trip_id = $1 AND kind = $2', [i.tripId, i.kind]);
    if (already) return null;
  }
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
                           lines, subtotal, vat, total, due_date, issued_at, credits_invoice_id, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15::date,
             CASE WHEN $16::date IS NULL THEN clock_timestamp() ELSE $16::date + time '17:00' END, $17, $18) RETURNING id`,
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
      addDays(today, i.dueDays ?? DEFAULT_DUE_DAYS),
      i.issuedOn ?? null,
      i.creditsInvoiceId ?? null,
      i.reason ?? null,
    ],
  );
  return Number(row.id);
}

/** Every invoice with its company (`company`), school (`school`) and trip (`trip`): no rights applied. */
function allInvoices(em: EntityManager): SelectQueryBuilder<Invoice> {
  return em
    .createQueryBuilder(Invoice, 'inv')
    .innerJoin('organizations', 'company', 'company.id = inv.company_org_id')
    .innerJoin('organizations', 'school', 'school.id = inv.school_org_id')
    .innerJoin('trips', 'trip', 'trip.id = inv.trip_id');
}

/**
 * The invoices this user may see (docs/domain.md, "Invoices"), joined to `company`, `school` and `trip`: a tenant's
 * admins and finance all of it; a bus company its own; school staff their school's; platform admins every tenant's;
 * nobody another tenant's. A credit note carries its invoice's tenant, company and school, so the same rule holds. The
 * one rule for every invoice read (lists, totals, CSV, balances, statements).
 */
export function visibleInvoices(em: EntityManager, user: AuthUser): SelectQueryBuilder<Invoice> {
  const qb = allInvoices(em);
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

/** Fils credited against `inv` by its credit notes (0 on a credit note: nothing credits one). */
const CREDITED = `(SELECT COALESCE(SUM(cn.total), 0) FROM invoices cn WHERE cn.credits_invoice_id = inv.id)`;

/** Fils paid towards `inv`: its payments' sum (by the payments' index on the invoice). */
const PAID = `(SELECT COALESCE(SUM(p.amount), 0) FROM invoice_payments p WHERE p.invoice_id = inv.id)`;

/**
 * Fils still owed on `inv`: total − credited − paid (0 on a credit note). Neither a credit nor a payment may exceed it.
 * The one formula of a balance in SQL (`invoiceBalance` in contracts/invoices.ts is the same for a row read): the lists'
 * filters, the totals and the balances by age read it.
 */
export const BALANCE = `(CASE WHEN inv.kind = 'credit' THEN 0 ELSE GREATEST(inv.total - ${CREDITED} - ${PAID}, 0) END)`;

/** `inv`'s payments as a JSON array, by the day paid, then as recorded. */
const PAYMENTS = `(SELECT COALESCE(json_agg(json_build_object('id', p.id, 'paidOn', to_char(p.paid_on, 'YYYY-MM-DD'),
    'reference', p.reference, 'amount', p.amount, 'recordedBy', p.recorded_by, 'recordedAt', p.recorded_at) ORDER BY p.paid_on, p.id), '[]')
   FROM invoice_payments p WHERE p.invoice_id = inv.id)`;

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
  'trip.created_by AS "requester"',
  'inv.kind AS "kind"',
  'inv.issued_at AS "issuedAt"',
  `to_char(inv.due_date, 'YYYY-MM-DD') AS "dueDate"`,
  'inv.currency AS "currency"',
  'inv.vat_basis_points AS "vatBasisPoints"',
  'inv.lines AS "lines"',
  'inv.subtotal AS "subtotal"',
  'inv.vat AS "vat"',
  'inv.total AS "total"',
  'inv.credits_invoice_id AS "creditsId"',
  'credited.number AS "creditsNumber"',
  'inv.reason AS "reason"',
  `${CREDITED} AS "credited"`,
  `${PAYMENTS} AS "payments"`,
];

type Money = string | number;
interface Row extends Omit<
  InvoiceDto,
  'issuedAt' | 'subtotal' | 'vat' | 'total' | 'credits' | 'credited' | 'payments' | 'paid' | 'balance' | 'status'
> {
  issuedAt: Date | string;
  subtotal: Money;
  vat: Money;
  total: Money;
  creditsId: number | null;
  creditsNumber: string | null;
  credited: Money;
  /** JSON, parsed by the driver (or text where it leaves it so). */
  payments: PaymentRow[] | string;
}
interface PaymentRow {
  id: Money;
  paidOn: string;
  reference: string;
  amount: Money;
  recordedBy: string | null;
  recordedAt: string;
}

function toDto(r: Row, today: string): InvoiceDto {
  const rows: PaymentRow[] = typeof r.payments === 'string' ? (JSON.parse(r.payments) as PaymentRow[]) : r.payments;
  const payments = rows.map((p) => ({
    id: Number(p.id),
    paidOn: p.paidOn,
    reference: p.reference,
    amount: Number(p.amount),
    recordedBy: p.recordedBy,
    recordedAt: new Date(p.recordedAt).toISOString(),
  }));
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  const total = Number(r.total);
  const credited = Number(r.credited);
  const balance = invoiceBalance({ kind: r.kind, total, credited, paid });
  return {
    id: Number(r.id),
    number: r.number,
    tenantId: Number(r.tenantId),
    companyId: Number(r.companyId),
    companyName: r.companyName,
    schoolOrgId: Number(r.schoolOrgId),
    schoolName: r.schoolName,
    tripId: Number(r.tripId),
    tripDestination: r.tripDestination,
    tripDate: r.tripDate,
    kind: r.kind,
    issuedAt: new Date(r.issuedAt).toISOString(),
    dueDate: r.dueDate,
    currency: r.currency,
    vatBasisPoints: Number(r.vatBasisPoints),
    lines: r.lines,
    subtotal: Number(r.subtotal),
    vat: Number(r.vat),
    total,
    requester: r.requester,
    credits: r.creditsId === null ? null : { id: Number(r.creditsId), number: r.creditsNumber ?? '' },
    reason: r.reason,
    credited,
    payments,
    paid,
    balance,
    status: invoiceStatus({ kind: r.kind, dueDate: r.dueDate, paid, balance }, today),
  };
}

/** LIKE's wildcards and escape taken literally (PostgreSQL's default escape is the backslash). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a search looks in: the requester's name, the destination, the number. */
const SEARCHED = ['trip.created_by', 'trip.destination', 'inv.number'];

/** The Finance filters (contracts/invoices.ts `InvoiceFilter`) as WHERE conditions. */
function applyFilter(qb: SelectQueryBuilder<Invoice>, filter: InvoiceFilter): SelectQueryBuilder<Invoice> {
  if (filter.payment === 'paid') qb.andWhere(`inv.kind <> 'credit' AND ${BALANCE} = 0 AND ${PAID} > 0`);
  if (filter.payment === 'unpaid') qb.andWhere(`${BALANCE} > 0`);
  if (filter.month) {
    const [first, next] = monthBounds(filter.month);
    // The issue day on the database's clock, as the statements read it (CAST(issued_at AS date)).
    qb.andWhere('inv.issued_at >= CAST(:invMonthFirst AS date) AND inv.issued_at < CAST(:invMonthNext AS date)', {
      invMonthFirst: first,
      invMonthNext: next,
    });
  }
  const needle = filter.search?.trim();
  if (needle) {
    const pattern = `%${likeLiteral(needle)}%`;
    qb.andWhere(
      new Brackets((w) => {
        for (const column of SEARCHED) w.orWhere(`${column} ILIKE :invSearch`, { invSearch: pattern });
      }),
    );
  }
  if (filter.schoolId !== undefined) qb.andWhere('inv.school_org_id = :invSchool', { invSchool: filter.schoolId });
  return qb;
}

/** The reads' columns, with, on a credit note, the invoice it corrects (`credited`). */
function readQuery(em: EntityManager, user: AuthUser | null): SelectQueryBuilder<Invoice> {
  return (user ? visibleInvoices(em, user) : allInvoices(em))
    .leftJoin('invoices', 'credited', 'credited.id = inv.credits_invoice_id')
    .select(SELECT);
}

/** The invoices this user may see that the filter keeps, newest (or oldest) issued first: `limit` of them from `offset`. */
export async function readInvoices(
  em: EntityManager,
  user: AuthUser,
  limit: number,
  filter: InvoiceFilter = {},
  opts: { offset?: number; today?: string } = {},
): Promise<InvoiceDto[]> {
  const dir = filter.order === 'oldest' ? 'ASC' : 'DESC';
  const today = opts.today ?? localDate();
  const rows = await applyFilter(readQuery(em, user), filter)
    .orderBy('inv.issued_at', dir)
    .addOrderBy('inv.id', dir)
    .offset(opts.offset ?? 0)
    .limit(limit)
    .getRawMany<Row>();
  return rows.map((r) => toDto(r, today));
}

/** One invoice if this user may see it, else null (another tenant's answers as a missing one). */
export async function readInvoice(em: EntityManager, user: AuthUser, id: number, today = localDate()): Promise<InvoiceDto | null> {
  const row = await readQuery(em, user).andWhere('inv.id = :id', { id }).getRawOne<Row>();
  return row ? toDto(row, today) : null;
}

/** One invoice whoever asks: for the events of an issue, whose audience is worked out from the invoice itself. */
export async function readInvoiceUnscoped(em: EntityManager, id: number, today = localDate()): Promise<InvoiceDto | null> {
  const row = await readQuery(em, null).andWhere('inv.id = :id', { id }).getRawOne<Row>();
  return row ? toDto(row, today) : null;
}

/** What a payment's receipt tells beyond its invoice (receiptPdf). */
export interface ReceiptFacts {
  payment: InvoiceDto['payments'][number];
  /** Its place among the invoice's payments in the order they were recorded: the receipt's number is `<invoice>-R<n>`. */
  ordinal: number;
  /** Fils of the payments recorded before it. */
  paidBefore: number;
  /** Fils of the credit notes issued before it was recorded. */
  creditedBefore: number;
}

/**
 * The receipt's facts of one payment of `invoice` (read by readInvoice, so the caller may see it, with its payments);
 * null when the invoice has no such payment. Payments and credit notes each lock the invoice's row and are stamped
 * when written under it (insertPayment, issueInvoice), so they are recorded one after another and their times say in
 * which order: the payments' ids give those before it, and only the credit notes issued before it need reading.
 */
export async function readReceiptFacts(em: EntityManager, invoice: InvoiceDto, paymentId: number): Promise<ReceiptFacts | null> {
  const payment = invoice.payments.find((p) => p.id === paymentId);
  if (!payment) return null;
  const before = invoice.payments.filter((p) => p.id < paymentId);
  // Against the payment's own recorded_at, to the microsecond: the DTO's copy is cut to the millisecond, within which a
  // credit note and the payment after it can both be written.
  const [row] = await em.query<{ credited_before: string }[]>(
    `SELECT COALESCE(SUM(cn.total), 0) AS credited_before FROM invoices cn JOIN invoice_payments p ON p.id = $2
      WHERE cn.credits_invoice_id = $1 AND cn.issued_at < p.recorded_at`,
    [invoice.id, paymentId],
  );
  return {
    payment,
    ordinal: before.length + 1,
    paidBefore: before.reduce((sum, p) => sum + p.amount, 0),
    creditedBefore: Number(row?.credited_before ?? 0),
  };
}

/**
 * The Finance totals over every invoice this user may see that the filter keeps, summed in the database: payments
 * received, balances still owed, the part of those past due on `today`. The currency is the rows' own when they all
 * share one, else AED.
 */
export async function readInvoiceSummary(
  em: EntityManager,
  user: AuthUser,
  filter: InvoiceFilter = {},
  today = localDate(),
): Promise<InvoiceSummaryDto> {
  const row = await applyFilter(visibleInvoices(em, user), filter)
    .select('COUNT(*)', 'count')
    .addSelect(`COALESCE(SUM(${PAID}), 0)`, 'paid')
    .addSelect(`COALESCE(SUM(${BALANCE}), 0)`, 'outstanding')
    .addSelect(`COALESCE(SUM(CASE WHEN inv.due_date < CAST(:invToday AS date) THEN ${BALANCE} ELSE 0 END), 0)`, 'overdue')
    .addSelect('MIN(inv.currency)', 'lowest')
    .addSelect('MAX(inv.currency)', 'highest')
    .setParameter('invToday', today)
    .getRawOne<{ count: Money; paid: Money; outstanding: Money; overdue: Money; lowest: string | null; highest: string | null }>();
  const one = row?.lowest && row.lowest === row.highest ? row.lowest : DEFAULT_CURRENCY;
  return {
    count: Number(row?.count ?? 0),
    paidRevenue: Number(row?.paid ?? 0),
    outstanding: Number(row?.outstanding ?? 0),
    overdue: Number(row?.overdue ?? 0),
    currency: one,
  };
}

/**
 * Takes the invoice's row lock until the transaction ends, so that payments and credit notes of one invoice take
 * turns: the second reads what the first wrote. Answers its issue day on the database's clock (null: no such row).
 */
export async function lockInvoice(tx: EntityManager, id: number): Promise<string | null> {
  const [row] = await tx.query<{ day: string }[]>(
    `SELECT to_char(CAST(issued_at AS date), 'YYYY-MM-DD') AS day FROM invoices WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row?.day ?? null;
}

/**
 * Records a payment towards the invoice: `amount` fils, at most its balance (the caller holds its row lock). It is
 * recorded at the moment it is written, under the lock, not when its transaction began (`now()`): a payment whose
 * transaction began first may take the lock after a credit note's, and its receipt must count that note as before it.
 */
export async function insertPayment(
  tx: EntityManager,
  p: { invoiceId: number; tenantId: number; paidOn: string; reference: string; amount: number; by: { id: number; name: string } },
): Promise<void> {
  await tx.query(
    `INSERT INTO invoice_payments (invoice_id, tenant_id, paid_on, reference, amount, recorded_by_id, recorded_by, recorded_at)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7, clock_timestamp())`,
    [p.invoiceId, p.tenantId, p.paidOn, p.reference, p.amount, p.by.id, p.by.name],
  );
}
