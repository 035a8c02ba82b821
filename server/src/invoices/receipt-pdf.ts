import PDFDocument from 'pdfkit';
import { formatDay } from '../contracts/calendar';
import { type InvoiceDto, invoiceMoney } from '../contracts/invoices';
import type { ReceiptFacts } from './invoices.repository';

/** A payment's receipt number: its invoice's, then `-R` and its place among the invoice's payments as recorded. */
export const receiptNumber = (invoice: Pick<InvoiceDto, 'number'>, ordinal: number) => `${invoice.number}-R${ordinal}`;

/**
 * A receipt for one payment of an invoice, as a PDF (as invoice-pdf.ts: pdfkit, Helvetica, uncompressed so the tests
 * read it back): who received what from whom, on which day, with which reference, for which invoice, and what the
 * invoice still owed after it: its total, less the credit notes issued and the payments recorded up to this one. So a
 * receipt printed later says what it said the day the payment was recorded.
 */
export function receiptPdf(invoice: InvoiceDto, facts: ReceiptFacts): Promise<Buffer> {
  const number = receiptNumber(invoice, facts.ordinal);
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: `Receipt ${number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const money = (fils: number) => invoiceMoney(fils, invoice.currency);
  const { payment } = facts;
  const after = Math.max(invoice.total - facts.creditedBefore - facts.paidBefore - payment.amount, 0);

  doc.fontSize(18).text('Receipt');
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Receipt ${number}`);
  doc.text(`Paid ${formatDay(payment.paidOn, true)}`);
  doc.moveDown();
  doc.text(`Received by: ${invoice.companyName}`);
  doc.text(`Received from: ${invoice.schoolName}`);
  doc.text(`For invoice ${invoice.number}, issued ${formatDay(invoice.issuedAt.slice(0, 10), true)}`);
  doc.text(`Trip: ${invoice.tripDestination}, ${formatDay(invoice.tripDate, true)}`);
  doc.text(`Reference: ${payment.reference}`);
  doc.moveDown();
  doc.fontSize(12).text(`Amount received ${money(payment.amount)}`, { align: 'right' });
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Invoice total ${money(invoice.total)}`, { align: 'right' });
  if (facts.creditedBefore > 0) doc.text(`Credited before this payment ${money(facts.creditedBefore)}`, { align: 'right' });
  if (facts.paidBefore > 0) doc.text(`Paid before this payment ${money(facts.paidBefore)}`, { align: 'right' });
  doc.text(`This payment ${money(payment.amount)}`, { align: 'right' });
  doc.fontSize(12).text(after > 0 ? `Still owed after this payment ${money(after)}` : 'Paid in full', { align: 'right' });
  doc.moveDown().fontSize(9);
  doc.text(`Recorded${payment.recordedBy ? ` by ${payment.recordedBy}` : ''} on ${formatDay(payment.recordedAt.slice(0, 10), true)}.`);
  doc.end();
  return done;
}
