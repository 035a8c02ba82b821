import PDFDocument from 'pdfkit';
import { formatDay } from '../contracts/calendar';
import { type InvoiceDto, invoiceMoney } from '../contracts/invoices';

/**
 * An invoice as a PDF (pdfkit, its built-in Helvetica): who bills whom, for which trip, each line with its VAT, and
 * the totals, the same fils as the screen and the database; once credited or paid (in part, too), what was credited,
 * each payment and the balance due. A credit note says so, and names the invoice it credits. Content streams are left
 * uncompressed so the text can be read back (the tests do).
 */
export function invoicePdf(invoice: InvoiceDto): Promise<Buffer> {
  const title = `${invoice.kind === 'credit' ? 'Credit note' : 'Invoice'} ${invoice.number}`;
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const money = (fils: number) => invoiceMoney(fils, invoice.currency);
  const vat = `${invoice.vatBasisPoints / 100} %`;

  const credit = invoice.kind === 'credit';
  doc.fontSize(18).text(credit ? 'Credit note' : invoice.kind === 'cancellation' ? 'Tax invoice: cancellation fee' : 'Tax invoice');
  doc.moveDown(0.5).fontSize(10);
  doc.text(`${credit ? 'Credit note' : 'Invoice'} ${invoice.number}`);
  if (credit) {
    doc.text(`Credits ${invoice.credits?.number ?? ''}`);
    doc.text(`Issued ${formatDay(invoice.issuedAt.slice(0, 10), true)}`);
  } else {
    doc.text(`Issued ${formatDay(invoice.issuedAt.slice(0, 10), true)}, due ${formatDay(invoice.dueDate, true)}`);
  }
  doc.moveDown();
  doc.text(`From: ${invoice.companyName}`);
  doc.text(`To: ${invoice.schoolName}`);
  doc.text(`Trip: ${invoice.tripDestination}, ${formatDay(invoice.tripDate, true)}`);
  doc.moveDown();
  for (const line of invoice.lines) {
    doc.text(line.description);
    doc.text(`${money(line.amount)} + VAT ${vat} ${money(line.vat)}`, { align: 'right' });
  }
  doc.moveDown();
  doc.text(`Subtotal ${money(invoice.subtotal)}`, { align: 'right' });
  doc.text(`VAT ${vat} ${money(invoice.vat)}`, { align: 'right' });
  doc.fontSize(12).text(`${credit ? 'Total credited' : 'Total'} ${money(invoice.total)}`, { align: 'right' });
  // What came off it since it was issued, so a copy printed after a credit or a part paid says what is still owed.
  if (!credit && (invoice.credited > 0 || invoice.payments.length > 0)) {
    doc.moveDown(0.5).fontSize(10);
    if (invoice.credited > 0) doc.text(`Credited ${money(invoice.credited)}`, { align: 'right' });
    for (const p of invoice.payments) {
      doc.text(`Paid ${formatDay(p.paidOn, true)} (${p.reference}) ${money(p.amount)}`, { align: 'right' });
    }
    doc.fontSize(12).text(`Balance due ${money(invoice.balance)}`, { align: 'right' });
  }
  doc.end();
  return done;
}
