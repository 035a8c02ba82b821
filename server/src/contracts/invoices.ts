/**
 * Invoices (docs/domain.md, "Invoices"): what a bus company bills a school for a completed trip or a cancellation fee.
 * Money in integer fils; each line's VAT is worked out from its VAT-inclusive amount and rounded to the fils, and the
 * totals are the sums of the lines, so the screen, the PDF, the CSV and the database agree to the fils. Plain
 * TypeScript, shared by the server (which issues them) and the console (which lists them).
 */
import { formatMoney } from './rates';
import type { BusAssignment } from './trip-wire';

// A company's payment terms are part of its rate card (`dueDays`); the limits live there, and read here too.
export { DEFAULT_DUE_DAYS } from './rates';

/** `credit`: a credit note, correcting an earlier invoice (`credits`); its amounts are positive and subtract. */
export const INVOICE_KINDS = ['trip', 'cancellation', 'credit'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * Where an invoice stands, worked out when it is read (an invoice itself never changes):
 * - `Paid`: payments settled it (nothing is owed, and at least one payment is recorded);
 * - `Credited`: credit notes took it to nothing owed;
 * - `Overdue`: unpaid past its due date;
 * - `Due`: unpaid, due within the next {@link DUE_SOON_DAYS} days (or today);
 * - `Issued`: unpaid, due later;
 * - `Credit note`: a credit note (nothing to pay).
 */
export const INVOICE_STATUSES = ['Issued', 'Due', 'Overdue', 'Paid', 'Credited', 'Credit note'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const DUE_SOON_DAYS = 7;

/**
 * A recorded payment: an amount up to what was still owed (the whole of it unless finance said less), on a day, with the
 * bank's or cheque's reference. An invoice paid in parts has several.
 */
export interface InvoicePaymentDto {
  id: number;
  /** `YYYY-MM-DD`. */
  paidOn: string;
  reference: string;
  /** Fils paid. */
  amount: number;
  recordedBy: string | null;
  recordedAt: string;
}

export interface InvoiceLine {
  description: string;
  /** Fils, VAT excluded. */
  amount: number;
  /** Fils: this line's VAT, rounded to the fils. */
  vat: number;
}

export interface InvoiceDto {
  id: number;
  /** Gap-free per company and year: `DSB-2026-00001`. */
  number: string;
  tenantId: number;
  companyId: number;
  companyName: string;
  schoolOrgId: number;
  schoolName: string;
  tripId: number;
  /** The trip's destination and departure day, as billed. */
  tripDestination: string;
  tripDate: string;
  kind: InvoiceKind;
  issuedAt: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  currency: string;
  vatBasisPoints: number;
  lines: InvoiceLine[];
  subtotal: number;
  vat: number;
  total: number;
  /** Who asked for the trip (the Finance search looks at it and the destination). */
  requester: string;
  /** A credit note: the invoice it corrects, and why. Null on invoices. */
  credits: { id: number; number: string } | null;
  reason: string | null;
  /** Fils credited against this invoice by its credit notes (0 on a credit note). */
  credited: number;
  /** Its payments, by the day paid (then as recorded); none on a credit note. */
  payments: InvoicePaymentDto[];
  /** Fils paid: the payments' sum. */
  paid: number;
  /** Fils still owed: total − credited − paid (0 on a credit note). */
  balance: number;
  status: InvoiceStatus;
}

/** The body of POST /invoices/{id}/payment. */
export interface InvoicePaymentBody {
  /** `YYYY-MM-DD`: not in the future, not before the invoice was issued. */
  paidOn: string;
  /** 1 to 100 characters. */
  reference: string;
  /** Fils, from 1 to what is still owed; absent: all of it. */
  amount?: number;
}

/** The body of POST /invoices/{id}/credit-notes. */
export interface CreditNoteBody {
  /** Fils, VAT included: from 1 to what is still owed. */
  amount: number;
  /** 1 to 500 characters. */
  reason: string;
}

export const MAX_REFERENCE = 100;
export const MAX_REASON = 500;
export const MAX_INVOICE_SEARCH = 200;

export const InvoiceMessages = {
  paidOn: 'Enter the day it was paid as YYYY-MM-DD.',
  paidInFuture: 'The payment date cannot be in the future.',
  paidBeforeIssue: 'The payment date cannot be before the invoice was issued.',
  reference: `Enter the payment reference (up to ${MAX_REFERENCE} characters).`,
  alreadyPaid: 'This invoice is already paid.',
  paymentAmount: 'Enter an amount greater than 0 with at most two decimals.',
  paymentTooMuch: 'A payment cannot be more than what is still owed.',
  creditNotePaid: 'A credit note is not paid; it reduces the invoice it corrects.',
  nothingOwed: 'Nothing is owed on this invoice.',
  creditAmount: 'Enter an amount greater than 0 with at most two decimals.',
  creditTooMuch: 'A credit cannot be more than what is still owed.',
  creditReason: `Give a reason for the credit (up to ${MAX_REASON} characters).`,
  creditPaid: 'A paid invoice cannot be credited.',
  creditCredit: 'A credit note cannot be credited.',
  month: 'Month must be YYYY-MM.',
  payment: 'payment must be paid or unpaid.',
  search: `search must be text of at most ${MAX_INVOICE_SEARCH} characters, without control characters.`,
  schoolId: 'schoolId must be a school id.',
  order: 'order must be newest or oldest.',
} as const;

/** What the Finance view filters invoices by (GET /invoices, /invoices/summary, /invoices/csv). */
export interface InvoiceFilter {
  /** `paid`: payments settled it; `unpaid`: something is still owed (paid in part, too). Credit notes are neither. */
  payment?: 'paid' | 'unpaid';
  /** `YYYY-MM`: issued in that month. */
  month?: string;
  /** Part of the requester's name or the destination (or the invoice number), any case. */
  search?: string;
  schoolId?: number;
  /** By the day issued; newest first unless `oldest`. */
  order?: 'newest' | 'oldest';
}

/** The Finance tiles over every invoice the filter matches (GET /invoices/summary). Fils. */
export interface InvoiceSummaryDto {
  count: number;
  /** What recorded payments brought in (parts of unpaid invoices too). */
  paidRevenue: number;
  /** Still owed (balances of unpaid invoices). */
  outstanding: number;
  /** The part of it past due. */
  overdue: number;
  currency: string;
}

/** Ageing buckets: days past the due date of what is still owed. */
export const AGEING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
};

/** What a school owes (GET /invoices/balances): its outstanding balance by age, in fils. */
export interface SchoolBalanceDto extends Record<AgeingBucket, number> {
  schoolOrgId: number;
  schoolName: string;
  currency: string;
  total: number;
}

/** One line of a monthly statement: an invoice or a cancellation fee adds, a credit note or a payment takes off. */
export interface StatementEntry {
  /** `YYYY-MM-DD`. */
  date: string;
  kind: 'invoice' | 'credit' | 'payment';
  /** The invoice's or credit note's number (a payment names the invoice it paid). */
  number: string;
  companyName: string;
  description: string;
  /** Fils added to what the school owes. */
  debit: number;
  /** Fils taken off. */
  credit: number;
  /** Fils owed after this line. */
  balance: number;
}

/** A school's statement for one month (GET /statements/{schoolId}/{month}, also as PDF and CSV). Fils. */
export interface StatementDto {
  schoolOrgId: number;
  schoolName: string;
  /** `YYYY-MM`. */
  month: string;
  currency: string;
  /** Owed at the start of the month: everything issued before it, less credits and payments before it. */
  openingBalance: number;
  entries: StatementEntry[];
  closingBalance: number;
}

/** Whole days from `from` to `to` (`YYYY-MM-DD`, calendar days). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Fils still owed: total − credited − paid, never below 0; nothing on a credit note. (In SQL: `BALANCE`, invoices.repository.ts.) */
export function invoiceBalance(inv: { kind: InvoiceKind; total: number; credited: number; paid: number }): number {
  return inv.kind === 'credit' ? 0 : Math.max(inv.total - inv.credited - inv.paid, 0);
}

/**
 * An invoice's status on `today` (`YYYY-MM-DD`); see {@link INVOICE_STATUSES}. `paid` is the fils its payments brought:
 * one paid in part is still Issued, Due or Overdue for the rest.
 */
export function invoiceStatus(inv: { kind: InvoiceKind; dueDate: string; paid: number; balance: number }, today: string): InvoiceStatus {
  if (inv.kind === 'credit') return 'Credit note';
  if (inv.balance <= 0) return inv.paid > 0 ? 'Paid' : 'Credited';
  const left = daysBetween(today, inv.dueDate);
  if (left < 0) return 'Overdue';
  return left <= DUE_SOON_DAYS ? 'Due' : 'Issued';
}

/** The ageing bucket of an amount due on `dueDate`, on `today`. */
export function ageingBucket(dueDate: string, today: string): AgeingBucket {
  const late = daysBetween(dueDate, today);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  if (late <= 90) return 'days61to90';
  return 'over90';
}

/** The line of a credit note for `amount` fils (VAT included) against `invoice`, split at its VAT rate. */
export function creditNoteLines(invoice: { number: string; vatBasisPoints: number }, amount: number, reason: string): InvoiceLine[] {
  return [{ description: `Credit for ${invoice.number}: ${reason}`, ...splitVat(amount, invoice.vatBasisPoints) }];
}

/** `DSB-2026-00001`: the company's prefix, the year, the number within it. */
export const invoiceNumber = (prefix: string, year: number, seq: number) => `${prefix}-${year}-${String(seq).padStart(5, '0')}`;

/** A company's invoice prefix: the initials of its slug's words (`desert-star-buses` → `DSB`), at most four. */
export const invoicePrefix = (slug: string) =>
  slug
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase())
    .join('')
    .slice(0, 4) || 'INV';

/** A VAT-inclusive amount split into the amount and its VAT (rounded half up to the fils). */
export function splitVat(gross: number, vatBasisPoints: number): { amount: number; vat: number } {
  const amount = Math.floor((gross * 10_000 * 2 + (10_000 + vatBasisPoints)) / (2 * (10_000 + vatBasisPoints)));
  return { amount, vat: gross - amount };
}

/** AED as prices are entered (two decimals) → fils. */
const toFils = (aed: number) => Math.round(aed * 100);

/**
 * The lines of a completed trip's invoice: each priced bus one line (its price is VAT-inclusive, as Assign Bus takes
 * it); a trip priced only as a whole, one line for the trip. No price: no lines (nothing is billed).
 */
export function tripInvoiceLines(trip: { buses: BusAssignment[]; price: number }, vatBasisPoints: number): InvoiceLine[] {
  const priced = trip.buses.filter((b) => b.tripPrice != null && b.tripPrice > 0);
  const gross = priced.length > 0 ? priced.map((b) => ({ bus: b, fils: toFils(b.tripPrice!) })) : [];
  if (gross.length === 0) {
    const whole = toFils(trip.price);
    return whole > 0 ? [{ description: 'Trip', ...splitVat(whole, vatBasisPoints) }] : [];
  }
  return gross.map(({ bus, fils }) => ({ description: busDescription(bus), ...splitVat(fils, vatBasisPoints) }));
}

function busDescription(b: BusAssignment): string {
  const name = b.busName ? `${b.busName} · ${b.busType}` : b.busType;
  return `${name} (${b.busSeats} seats)${b.busPlate ? `, ${b.busPlate}` : ''}`;
}

/** The one line of a cancellation fee's invoice (the fee is VAT-inclusive, as the price it is a share of). */
export function cancellationInvoiceLines(
  fee: { fee: number; tier: { hoursBefore: number; percent: number } | null },
  vatBasisPoints: number,
): InvoiceLine[] {
  if (fee.fee <= 0 || !fee.tier) return [];
  return [
    {
      description: `Cancellation fee: ${fee.tier.percent} % within ${fee.tier.hoursBefore} hours of departure`,
      ...splitVat(fee.fee, vatBasisPoints),
    },
  ];
}

/** The totals are the sums of the lines. */
export function invoiceTotals(lines: readonly InvoiceLine[]): { subtotal: number; vat: number; total: number } {
  const subtotal = lines.reduce((n, l) => n + l.amount, 0);
  const vat = lines.reduce((n, l) => n + l.vat, 0);
  return { subtotal, vat, total: subtotal + vat };
}

/** "AED 1,134.00". */
export const invoiceMoney = (fils: number, currency: string) => `${currency} ${formatMoney(fils)}`;
