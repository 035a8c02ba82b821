import type { TripEstimate } from '@contracts/pricing';
import { emptyBus, withQuotedPrice } from './assign-bus-draft';

const line = (busType: 'White Bus' | 'Internal Yellow Bus', subtotal: number) => ({
  busType,
  seats: 30,
  billableMinutes: 360,
  hoursAmount: subtotal,
  extraKm: 0,
  kmAmount: 0,
  subtotal,
  vat: subtotal / 20,
});
const ESTIMATE = {
  companyId: 1,
  companyName: 'Falcon Transport',
  rateCardId: 1,
  rateCardVersion: 1,
  quote: {
    currency: 'AED',
    vatBasisPoints: 500,
    km: 0,
    lines: [line('White Bus', 100_000), line('Internal Yellow Bus', 200_000)],
    subtotal: 300_000,
    vat: 15_000,
    total: 315_000,
  },
  cancellationTiers: [],
} satisfies TripEstimate;

describe('Assign Bus: a bus priced from the quote', () => {
  const draft = emptyBus({ students: 20, staff: 2 });

  it('starts at its type’s quoted price, VAT included, and follows the type while the quote filled it in', () => {
    const white = withQuotedPrice({ ...draft, busType: 'White Bus' }, ESTIMATE);
    expect([white.tripPrice, white.quotedPrice]).toEqual([1050, true]);
    const yellow = withQuotedPrice({ ...white, busType: 'Internal Yellow Bus' }, ESTIMATE);
    expect(yellow.tripPrice).toBe(2100);
    // a type the quote has no bus of: the quoted price goes, nothing stale stays
    expect(withQuotedPrice({ ...yellow, busType: 'External Yellow Bus' }, ESTIMATE).tripPrice).toBe('');
  });

  it('keeps a price the dispatcher typed, and leaves a trip without a quote alone', () => {
    const typed = { ...draft, busType: 'White Bus' as const, tripPrice: 999, quotedPrice: false };
    expect(withQuotedPrice({ ...typed, busType: 'Internal Yellow Bus' }, ESTIMATE).tripPrice).toBe(999);
    expect(withQuotedPrice({ ...draft, busType: 'White Bus' }, null).tripPrice).toBe('');
  });
});
