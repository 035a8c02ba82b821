import Papa from 'papaparse';
import { localDate } from '../contracts/calendar';
import type { InvoiceDto, InvoiceKind } from '../contracts/invoices';
// Amounts as the statements write them: `1234.50` from the fils, in integers.
import { csvAmount } from '../contracts/statement-csv';

/** The columns of GET /invoices/csv, in this order. */
export const INVOICE_CSV_COLUMNS = [
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
] as const;

const KIND: Record<InvoiceKind, string> = { trip: 'Trip', cancellation: 'Cancellation fee', credit: 'Credit note' };

const row = (i: InvoiceDto): string[] => [
  i.number,
  KIND[i.kind],
  localDate(new Date(i.issuedAt)),
  i.dueDate,
  i.schoolName,
  i.companyName,
  i.requester,
  i.tripDestination,
  i.tripDate,
  csvAmount(i.subtotal),
  csvAmount(i.vat),
  csvAmount(i.total),
  csvAmount(i.credited),
  csvAmount(i.paid),
  // Paid in parts: the last part's day, and every part's reference.
  i.payments.at(-1)?.paidOn ?? '',
  i.payments.map((p) => p.reference).join('; '),
  csvAmount(i.balance),
  i.status,
];

/**
 * The invoices as CSV, quoted as RFC 4180 with CRLF lines, as the trips export writes it (papaparse with
 * `escapeFormulae`: a cell a spreadsheet would run as a formula, `=` `+` `-` `@` first, gets a leading `'`), after a
 * byte-order mark so spreadsheet programs read UTF-8.
 */
export function invoicesCsv(invoices: readonly InvoiceDto[]): string {
  const rows = [[...INVOICE_CSV_COLUMNS], ...invoices.map(row)];
  return `\ufeff${Papa.unparse(rows, { newline: '\r\n', escapeFormulae: true })}\r\n`;
}
