import { cancellationInvoiceLines, invoiceNumber, invoicePrefix, invoiceTotals, splitVat, tripInvoiceLines } from './invoices';

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
