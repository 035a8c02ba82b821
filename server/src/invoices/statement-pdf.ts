import PDFDocument from 'pdfkit';
import { formatDay } from '../contracts/calendar';
import { invoiceMoney, type StatementDto } from '../contracts/invoices';
import { formatMoney } from '../contracts/rates';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2026-11` → `November 2026`. */
export const monthInWords = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The table's columns: left edge and width, on A4 (595 points wide) inside 50-point margins. */
const COLUMNS = {
  date: { x: 50, width: 70 },
  number: { x: 120, width: 95 },
  description: { x: 215, width: 150 },
  debit: { x: 365, width: 60 },
  credit: { x: 425, width: 60 },
  balance: { x: 485, width: 60 },
};

/**
 * A school's monthly statement as a PDF (pdfkit, its built-in Helvetica, like invoice-pdf.ts): the opening balance,
 * one row per entry with the running balance, the closing balance; the same fils as the JSON. Content streams are left
 * uncompressed so the text can be read back (the tests do).
 */
export function statementPdf(s: StatementDto): Promise<Buffer> {
  const month = monthInWords(s.month);
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: `Statement ${s.schoolName} ${month}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const bottom = doc.page.height - doc.page.margins.bottom;

  /** One table row: each cell from the same top, the next row below the tallest. */
  const row = (cells: Record<keyof typeof COLUMNS, string>, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const height = Math.max(
      ...Object.entries(cells).map(([k, v]) => doc.heightOfString(v, { width: COLUMNS[k as keyof typeof COLUMNS].width - 4 })),
    );
    if (doc.y + height > bottom) doc.addPage();
    const top = doc.y;
    for (const [k, v] of Object.entries(cells)) {
      const col = COLUMNS[k as keyof typeof COLUMNS];
      const numeric = k === 'debit' || k === 'credit' || k === 'balance';
      doc.text(v, col.x, top, { width: col.width - 4, align: numeric ? 'right' : 'left' });
    }
    doc.x = doc.page.margins.left;
    doc.y = top + height + 4;
  };

  doc.fontSize(18).text('Statement');
  doc.moveDown(0.5).fontSize(10);
  doc.text(s.schoolName);
  doc.text(month);
  doc.text(`Amounts in ${s.currency}`);
  doc.moveDown();
  doc.text(`Opening balance ${invoiceMoney(s.openingBalance, s.currency)}`);
  doc.moveDown();
  doc.fontSize(9);
  row({ date: 'Date', number: 'Number', description: 'Description', debit: 'Debit', credit: 'Credit', balance: 'Balance' }, true);
  for (const e of s.entries) {
    row({
      date: formatDay(e.date, true),
      number: `${e.number}\n${e.companyName}`,
      description: e.description,
      debit: e.debit ? formatMoney(e.debit) : '',
      credit: e.credit ? formatMoney(e.credit) : '',
      balance: formatMoney(e.balance),
    });
  }
  if (s.entries.length === 0) doc.text('Nothing was invoiced, credited or paid this month.');
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Closing balance ${invoiceMoney(s.closingBalance, s.currency)}`, { align: 'right' });
  doc.end();
  return done;
}
