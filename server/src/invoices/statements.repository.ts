import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { isPlatformAdmin } from '../common/auth-user';
import { formatDay, localDate } from '../contracts/calendar';
import { AGEING_BUCKETS, type SchoolBalanceDto, type StatementDto, type StatementEntry } from '../contracts/invoices';
import { BALANCE, visibleInvoices } from './invoices.repository';

/** Days past due → bucket, as `ageingBucket` (contracts/invoices.ts) draws the lines. */
const BUCKET_SQL: Record<(typeof AGEING_BUCKETS)[number], string> = {
  current: 'late <= 0',
  days1to30: 'late BETWEEN 1 AND 30',
  days31to60: 'late BETWEEN 31 AND 60',
  days61to90: 'late BETWEEN 61 AND 90',
  over90: 'late > 90',
};

interface BalanceRow {
  schoolOrgId: number;
  schoolName: string;
  currency: string;
  total: string;
  [bucket: string]: string | number;
}

/**
 * What each school owes, by age (GET /invoices/balances), over the invoices this user may see: each invoice's balance
 * (what credits and payments, in part too, left of it) in the bucket of its days past due on `today`; summed per school and currency in the database; most owed
 * first. A school billed but owing nothing is listed with zeros: its statements are still there to download.
 */
export async function readBalances(em: EntityManager, user: AuthUser, today = localDate()): Promise<SchoolBalanceDto[]> {
  const [owed, params] = visibleInvoices(em, user)
    .select(['inv.school_org_id AS "schoolOrgId"', 'school.name AS "schoolName"', 'inv.currency AS "currency"'])
    .addSelect('inv.due_date', 'dueDate')
    .addSelect(BALANCE, 'balance')
    .andWhere(`inv.kind IN ('trip', 'cancellation')`)
    .getQueryAndParameters();
  const buckets = AGEING_BUCKETS.map((b) => `SUM(CASE WHEN ${BUCKET_SQL[b]} THEN balance ELSE 0 END) AS "${b}"`).join(', ');
  const rows = await em.query<BalanceRow[]>(
    `SELECT "schoolOrgId", "schoolName", currency, ${buckets}, SUM(balance) AS total
     FROM (SELECT o.*, CAST($${params.length + 1} AS date) - o."dueDate" AS late FROM (${owed}) o) owed
     GROUP BY "schoolOrgId", "schoolName", currency
     ORDER BY total DESC, "schoolName", currency`,
    [...params, today],
  );
  return rows.map((r) => ({
    schoolOrgId: Number(r.schoolOrgId),
    schoolName: r.schoolName,
    currency: r.currency,
    ...(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, Number(r[b])])) as Record<(typeof AGEING_BUCKETS)[number], number>),
    total: Number(r.total),
  }));
}

export interface StatementSchool {
  id: number;
  name: string;
  slug: string;
}

/**
 * The school, if this user may ask for its statement: the tenant's admins and finance any of its schools, school staff
 * their own, a bus company a school it serves (a partner, or one it has billed), a platform admin any; else null
 * (another tenant's school answers as a missing one).
 */
export async function visibleSchool(em: EntityManager, user: AuthUser, schoolId: number): Promise<StatementSchool | null> {
  const params: unknown[] = [schoolId];
  let where = '';
  if (!isPlatformAdmin(user)) {
    params.push(user.tenantId ?? -1);
    switch (user.role) {
      case 'admin':
      case 'finance':
        where = 'AND o.tenant_id = $2';
        break;
      case 'school_staff':
        where = 'AND o.tenant_id = $2 AND o.id = $3';
        params.push(user.activeOrgId ?? -1);
        break;
      case 'bus_company':
        where = `AND o.tenant_id = $2 AND (
          EXISTS (SELECT 1 FROM partnerships p WHERE p.school_org_id = o.id AND p.bus_company_org_id = $3)
          OR EXISTS (SELECT 1 FROM invoices i WHERE i.school_org_id = o.id AND i.company_org_id = $3))`;
        params.push(user.activeOrgId ?? -1);
        break;
      default:
        return null;
    }
  }
  const [row] = await em.query<{ id: number; name: string; slug: string }[]>(
    `SELECT o.id, o.name, o.slug FROM organizations o WHERE o.id = $1 AND o.type = 'school' ${where}`,
    params,
  );
  return row ? { id: Number(row.id), name: row.name, slug: row.slug } : null;
}

interface StatementRow {
  opening: string;
  currency: string | null;
  date: string | null;
  kind: StatementEntry['kind'] | null;
  number: string;
  companyName: string;
  invoiceKind: string;
  destination: string;
  tripDate: string;
  creditsNumber: string | null;
  note: string | null;
  debit: string;
  credit: string;
}

/**
 * A school's statement for `month` (`YYYY-MM`) over the invoices this user may see (a bus company: its own). Invoices
 * and cancellation fees add on the day issued, credit notes take off on the day issued, payments on the day paid. The
 * opening balance is everything before the month, summed in the database; one statement reads one snapshot.
 */
export async function readStatement(em: EntityManager, user: AuthUser, school: StatementSchool, month: string): Promise<StatementDto> {
  const [visible, params] = visibleInvoices(em, user)
    .select([
      'inv.id AS id',
      'inv.kind AS kind',
      'inv.number AS number',
      'company.name AS company_name',
      'trip.destination AS destination',
      'trip.departure_date AS trip_date',
      'inv.total AS total',
      'inv.currency AS currency',
      'inv.credits_invoice_id AS credits_id',
      'inv.reason AS reason',
    ])
    // The issue day on the wall clock the invoice was written with (issueInvoice writes `day + 17:00` the same way).
    .addSelect('CAST(inv.issued_at AS date)', 'day')
    .andWhere('inv.school_org_id = :statementSchool', { statementSchool: school.id })
    .getQueryAndParameters();
  const from = `CAST($${params.length + 1} AS date)`;
  const rows = await em.query<StatementRow[]>(
    `WITH v AS (${visible}),
     e AS (
       SELECT v.day, 1 AS rank, v.id, 'invoice' AS kind, v.number, v.company_name, v.kind AS invoice_kind, v.destination,
              v.trip_date, NULL AS credits_number, NULL AS note, v.total AS debit, 0 AS credit, 0 AS part
       FROM v WHERE v.kind <> 'credit'
       UNION ALL
       SELECT v.day, 2, v.id, 'credit', v.number, v.company_name, v.kind, v.destination, v.trip_date, ci.number, v.reason, 0, v.total, 0
       FROM v JOIN invoices ci ON ci.id = v.credits_id WHERE v.kind = 'credit'
       UNION ALL
       SELECT p.paid_on, 3, v.id, 'payment', v.number, v.company_name, v.kind, v.destination, v.trip_date, NULL, p.reference, 0, p.amount,
              p.id
       FROM v JOIN invoice_payments p ON p.invoice_id = v.id WHERE v.kind <> 'credit'
     )
     SELECT (SELECT COALESCE(SUM(debit - credit), 0) FROM e WHERE e.day < ${from}) AS opening,
            (SELECT currency FROM v ORDER BY v.id DESC LIMIT 1) AS currency,
            to_char(m.day, 'YYYY-MM-DD') AS date, m.kind, m.number, m.company_name AS "companyName", m.invoice_kind AS "invoiceKind",
            m.destination, to_char(m.trip_date, 'YYYY-MM-DD') AS "tripDate", m.credits_number AS "creditsNumber", m.note,
            m.debit, m.credit
     FROM (SELECT 1) one
     LEFT JOIN e m ON m.day >= ${from} AND m.day < ${from} + interval '1 month'
     ORDER BY m.day, m.rank, m.id, m.part`,
    [...params, `${month}-01`],
  );
  const opening = Number(rows[0]?.opening ?? 0);
  let balance = opening;
  const entries: StatementEntry[] = rows
    .filter((r) => r.kind !== null)
    .map((r) => {
      const debit = Number(r.debit);
      const credit = Number(r.credit);
      balance += debit - credit;
      return {
        date: r.date!,
        kind: r.kind!,
        number: r.number,
        companyName: r.companyName,
        description: describe(r),
        debit,
        credit,
        balance,
      };
    });
  return {
    schoolOrgId: school.id,
    schoolName: school.name,
    month,
    currency: rows[0]?.currency ?? 'AED',
    openingBalance: opening,
    entries,
    closingBalance: balance,
  };
}

function describe(r: StatementRow): string {
  switch (r.kind) {
    case 'credit':
      return `Credit note for ${r.creditsNumber}: ${r.note ?? ''}`;
    case 'payment':
      return `Payment ${r.note} for ${r.number}`;
    default:
      return `${r.invoiceKind === 'cancellation' ? 'Cancellation fee' : 'Trip'}: ${r.destination}, ${formatDay(r.tripDate, true)}`;
  }
}
