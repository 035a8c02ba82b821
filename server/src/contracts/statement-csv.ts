/**
 * A school's monthly statement as CSV (GET /statements/{schoolId}/{month}/csv): the opening balance, each entry, the
 * closing balance with the month's totals. Amounts are written from integer fils (`1234.50`), so the sheet and the
 * JSON agree to the fils. Plain TypeScript, no I/O.
 */
import type { StatementDto, StatementEntry } from './invoices';

export const STATEMENT_CSV_HEADER = ['Date', 'Type', 'Number', 'Bus company', 'Description', 'Debit', 'Credit', 'Balance'] as const;

const ENTRY_TYPES: Record<StatementEntry['kind'], string> = { invoice: 'Invoice', credit: 'Credit note', payment: 'Payment' };

/** Fils → `1234.50` (`-12.05` below zero): integer arithmetic, no thousands separator, so a spreadsheet reads a number. */
export function csvAmount(fils: number): string {
  const abs = Math.abs(fils);
  return `${fils < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// A cell a spreadsheet would run as a formula starts with one of these; the same set Papa's `escapeFormulae` guards in
// the trips export.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One text cell, RFC 4180: quoted when it holds a quote, a comma, a line break or edge spaces, quotes doubled. A cell a
 * spreadsheet would read as a formula gets a leading `'` (and is quoted), so it shows as the text it is.
 */
export function csvText(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  const quote = guarded !== value || /[",\r\n]/.test(guarded) || guarded.trim() !== guarded;
  return quote ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The last day of `YYYY-MM`. */
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The statement's CSV text (header first, CRLF line ends, no BOM). */
export function statementCsv(s: StatementDto): string {
  const debits = s.entries.reduce((n, e) => n + e.debit, 0);
  const credits = s.entries.reduce((n, e) => n + e.credit, 0);
  const rows: string[][] = [
    [...STATEMENT_CSV_HEADER],
    [`${s.month}-01`, 'Opening balance', '', '', '', '', '', csvAmount(s.openingBalance)],
    ...s.entries.map((e) => [
      e.date,
      ENTRY_TYPES[e.kind],
      csvText(e.number),
      csvText(e.companyName),
      csvText(e.description),
      e.debit ? csvAmount(e.debit) : '',
      e.credit ? csvAmount(e.credit) : '',
      csvAmount(e.balance),
    ]),
    [monthEnd(s.month), 'Closing balance', '', '', '', csvAmount(debits), csvAmount(credits), csvAmount(s.closingBalance)],
  ];
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}
