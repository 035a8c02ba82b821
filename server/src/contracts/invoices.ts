/**
 * Invoices (docs/domain.md, "Invoices"): what a bus company bills a school for a completed trip or a cancellation fee.
 * Money in integer fils; each line's VAT is worked out from its VAT-inclusive amount and rounded to the fils, and the
 * totals are the sums of the lines, so the screen, the PDF, the CSV and the database agree to the fils. Plain
 * TypeScript, shared by the server (which issues them) and the console (which lists them).
 */
import { formatMoney } from './rates';
import type { BusAssignment } from './trip-wire';

export const INVOICE_KINDS = ['trip', 'cancellation'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Days from issue to due, until companies can set their own. */
export const DEFAULT_DUE_DAYS = 30;

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
