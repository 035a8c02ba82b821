import { addDays } from './calendar';
import {
  ageingBucket,
  cancellationInvoiceLines,
  creditNoteLines,
  invoiceNumber,
  invoicePrefix,
  invoiceBalance,
  invoiceStatus,
  invoiceTotals,
  splitVat,
  tripInvoiceLines,
} from './invoices';

describe('invoice arithmetic (worked by hand)', () => {
  it.each([
    [113_400, 500, 108_000, 5_400], // 1,134.00 = 1,080.00 + 54.00
    [10_001, 500, 9_525, 476], // 100.01 / 1.05 = 95.247…: 95.25 + 4.76
    [21, 500, 20, 1], // 0.21 / 1.05 = 0.20: 0.20 + 0.01
    [1, 500, 1, 0], // 0.01 / 1.05 = 0.0095…: 0.01 + 0.00
    [100_000, 0, 100_000, 0], // no VAT
    [105, 500, 100, 5],
  ])('splits %i fils at %i basis points into %i + %i VAT', (gross, bp, amount, vat) => {
    expect(splitVat(gross, bp)).toEqual({ amount, vat });
  });

  it('bills each priced bus on its own line, and a trip priced only as a whole on one', () => {
    const bus = (tripPrice: number | null) => ({
      busType: 'White Bus' as const,
      busSeats: 30,
      tripPrice,
      busName: 'Bus 7',
      busPlate: 'DXB 1',
    });
    const lines = tripInvoiceLines({ buses: [bus(1134), bus(null), bus(100.01)], price: 1234.01 }, 500);
    expect(lines).toEqual([
      { description: 'Bus 7 · White Bus (30 seats), DXB 1', amount: 108_000, vat: 5_400 },
      { description: 'Bus 7 · White Bus (30 seats), DXB 1', amount: 9_525, vat: 476 },
    ]);
    expect(invoiceTotals(lines)).toEqual({ subtotal: 117_525, vat: 5_876, total: 123_401 });
    expect(tripInvoiceLines({ buses: [bus(null)], price: 1134 }, 500)).toEqual([{ description: 'Trip', amount: 108_000, vat: 5_400 }]);
    expect(tripInvoiceLines({ buses: [], price: 0 }, 500)).toEqual([]);
  });

  it('bills a cancellation fee on one line, and nothing for a free cancellation', () => {
    expect(cancellationInvoiceLines({ fee: 56_700, tier: { hoursBefore: 72, percent: 50 } }, 500)).toEqual([
      { description: 'Cancellation fee: 50 % within 72 hours of departure', amount: 54_000, vat: 2_700 },
    ]);
    expect(cancellationInvoiceLines({ fee: 0, tier: null }, 500)).toEqual([]);
  });

  it('numbers invoices by company prefix, year and a five-digit number', () => {
    expect(invoiceNumber(invoicePrefix('desert-star-buses'), 2026, 7)).toBe('DSB-2026-00007');
    expect(invoicePrefix('falcon-transport-and-coach-hire')).toBe('FTAC');
    expect(invoicePrefix('')).toBe('INV');
  });
});

describe('invoice balance', () => {
  it('is the total less what was credited and paid, never below nothing, and nothing on a credit note', () => {
    expect(invoiceBalance({ kind: 'trip', total: 113_400, credited: 3_400, paid: 50_000 })).toBe(60_000);
    expect(invoiceBalance({ kind: 'cancellation', total: 10_000, credited: 0, paid: 10_000 })).toBe(0);
    expect(invoiceBalance({ kind: 'trip', total: 10_000, credited: 6_000, paid: 6_000 })).toBe(0);
    expect(invoiceBalance({ kind: 'credit', total: 3_400, credited: 0, paid: 0 })).toBe(0);
  });
});

describe('invoice status', () => {
  const today = '2026-03-15';
  const unpaid = (dueDate: string) => ({ kind: 'trip' as const, dueDate, paid: 0, balance: 10_000 });

  it.each([
    [0, 'Due'], // due today
    [-1, 'Overdue'], // due yesterday
    [-400, 'Overdue'],
    [1, 'Due'],
    [7, 'Due'], // the last day of "due soon"
    [8, 'Issued'],
    [30, 'Issued'],
  ])('an unpaid invoice due in %i days is %s', (days, status) => {
    expect(invoiceStatus(unpaid(addDays(today, days)), today)).toBe(status);
  });

  it('is Paid once paid, Credited when credit notes took it to nothing, Credit note for a credit note', () => {
    const overdue = addDays(today, -10);
    expect(invoiceStatus({ kind: 'trip', dueDate: overdue, paid: 10_000, balance: 0 }, today)).toBe('Paid');
    expect(invoiceStatus({ kind: 'cancellation', dueDate: overdue, paid: 0, balance: 0 }, today)).toBe('Credited');
    expect(invoiceStatus({ kind: 'trip', dueDate: overdue, paid: 0, balance: 1 }, today)).toBe('Overdue');
    expect(invoiceStatus({ kind: 'credit', dueDate: overdue, paid: 0, balance: 0 }, today)).toBe('Credit note');
  });

  it('keeps an invoice paid in part by its due date for the rest, and Paid once the last part (or a credit) settles it', () => {
    expect(invoiceStatus({ kind: 'trip', dueDate: addDays(today, -1), paid: 6_000, balance: 4_000 }, today)).toBe('Overdue');
    expect(invoiceStatus({ kind: 'trip', dueDate: addDays(today, 3), paid: 6_000, balance: 4_000 }, today)).toBe('Due');
    expect(invoiceStatus({ kind: 'trip', dueDate: addDays(today, 20), paid: 6_000, balance: 4_000 }, today)).toBe('Issued');
    expect(invoiceStatus({ kind: 'trip', dueDate: addDays(today, -1), paid: 6_000, balance: 0 }, today)).toBe('Paid');
  });

  it.each([
    [0, 'current'],
    [-5, 'current'],
    [1, 'days1to30'],
    [30, 'days1to30'],
    [31, 'days31to60'],
    [60, 'days31to60'],
    [61, 'days61to90'],
    [90, 'days61to90'],
    [91, 'over90'],
  ])('%i days past due ages as %s', (late, bucket) => {
    expect(ageingBucket(addDays(today, -late), today)).toBe(bucket);
  });
});

describe('credit note lines', () => {
  const invoice = { number: 'DSB-2026-00007', vatBasisPoints: 500 };

  it.each([
    [10_500, 10_000, 500], // AED 105.00 at 5 %: 100.00 + 5.00
    [1_001, 953, 48], // AED 10.01 / 1.05 = 9.533…: 9.53 + 0.48
    [1, 1, 0], // AED 0.01: 0.01 + 0.00
  ])('splits a credit of %i fils into %i + %i VAT', (amount, net, vat) => {
    const lines = creditNoteLines(invoice, amount, 'Bus arrived late');
    expect(lines).toEqual([{ description: 'Credit for DSB-2026-00007: Bus arrived late', amount: net, vat }]);
    expect(invoiceTotals(lines).total).toBe(amount);
  });

  it('splits at the invoice’s own rate', () => {
    expect(creditNoteLines({ number: 'X-2026-00001', vatBasisPoints: 0 }, 1_001, 'r')[0]).toMatchObject({ amount: 1_001, vat: 0 });
  });
});
