import {
  cancellationFee,
  fewestBuses,
  movesFromQuote,
  mulDivRound,
  quotedBusPrice,
  quoteLine,
  quoteTrip,
  tripMinutes,
  type QuoteTrip,
} from './pricing';
import type { RateLine } from './rates';

// Hand-worked: a White Bus at AED 150.00 an hour (3 hours at least), 100 km included then AED 3.00 a km, half an hour
// billed before and after; an Internal Yellow Bus at AED 200.00 an hour, otherwise the same.
const WHITE: RateLine = {
  busType: 'White Bus',
  hourlyRate: 15_000,
  minimumMinutes: 180,
  includedKm: 100,
  perKmRate: 300,
  minutesBefore: 30,
  minutesAfter: 30,
};
const YELLOW: RateLine = { ...WHITE, busType: 'Internal Yellow Bus', hourlyRate: 20_000 };
const CARD = { currency: 'AED', vatBasisPoints: 500, lines: [WHITE, YELLOW] };
const OPTIONS = [
  { busType: 'Internal Yellow Bus' as const, seats: 56 },
  { busType: 'White Bus' as const, seats: 30 },
];

const trip = (over: Partial<QuoteTrip> = {}): QuoteTrip => ({
  passengers: 25,
  distanceKm: 80,
  departureDate: '2026-12-01',
  departureTime: '09:00 AM',
  returnDate: '2026-12-01',
  returnTime: '02:00 PM',
  ...over,
});

describe('pricing: a trip on a rate card', () => {
  it('bills the trip’s time plus the time before and after, and the kilometres there and back beyond those included (worked example)', () => {
    // 5 h trip + 1 h = 6 h × 150.00 = 900.00; 160 km − 100 = 60 km × 3.00 = 180.00; subtotal 1,080.00; VAT 5 % 54.00.
    expect(quoteTrip(CARD, OPTIONS, trip())).toEqual({
      currency: 'AED',
      vatBasisPoints: 500,
      km: 160,
      lines: [
        {
          busType: 'White Bus',
          seats: 30,
          billableMinutes: 360,
          hoursAmount: 90_000,
          extraKm: 60,
          kmAmount: 18_000,
          subtotal: 108_000,
          vat: 5_400,
        },
      ],
      subtotal: 108_000,
      vat: 5_400,
      total: 113_400,
    });
  });

  it.each([
    ['a one-hour trip bills the minimum (3 h)', trip({ returnTime: '10:00 AM' }), 180, 45_000],
    ['a trip just over the minimum bills its own time', trip({ returnTime: '11:01 AM' }), 181, 45_250],
    [
      'a trip across midnight counts the night',
      trip({ departureTime: '10:00 PM', returnDate: '2026-12-02', returnTime: '02:00 AM' }),
      300,
      75_000,
    ],
    ['a two-day trip counts both days', trip({ returnDate: '2026-12-02' }), 1800, 450_000],
  ])('%s', (_label, t, minutes, amount) => {
    const line = quoteLine(OPTIONS[1], WHITE, t, 500);
    expect([line.billableMinutes, line.hoursAmount]).toEqual([minutes, amount]);
  });

  it.each([
    ['within the included kilometres', 50, 0, 0],
    ['exactly at them', 50, 0, 0],
    ['one kilometre beyond (there and back: 2)', 51, 2, 600],
  ])('charges kilometres only beyond those included: %s', (_label, distanceKm, extraKm, kmAmount) => {
    expect(quoteLine(OPTIONS[1], WHITE, trip({ distanceKm }), 500)).toMatchObject({ extraKm, kmAmount });
  });

  it('rounds each amount half up to the fils, and VAT per line', () => {
    expect(mulDivRound(10_001, 61, 60)).toBe(10_168); // 10,168.016…
    expect(mulDivRound(10, 500, 10_000)).toBe(1); // 0.5 → 1
    expect(mulDivRound(9, 500, 10_000)).toBe(0); // 0.45 → 0
    expect(mulDivRound(30, 1, 60)).toBe(1); // 0.5 → 1
    // Two lines of 10 fils each: 1 fils of VAT each (0.5 rounded up per line), 2 in all, not 1 (1.0 on the sum).
    const tiny: RateLine = { ...WHITE, hourlyRate: 10, minimumMinutes: 60, minutesBefore: 0, minutesAfter: 0, includedKm: 10_000 };
    const q = quoteTrip(
      { ...CARD, lines: [tiny] },
      [{ busType: 'White Bus', seats: 30 }],
      trip({ passengers: 40, returnTime: '09:30 AM' }),
    );
    expect(q?.lines.map((l) => [l.subtotal, l.vat])).toEqual([
      [10, 1],
      [10, 1],
    ]);
    expect(q?.vat).toBe(2);
  });

  it('seats everyone in the fewest buses, the cheapest mix of as many', () => {
    const price = (o: { busType: string }) => (o.busType === 'White Bus' ? 1 : 2);
    expect(fewestBuses(25, OPTIONS, price).map((b) => b.seats)).toEqual([30]);
    expect(fewestBuses(56, OPTIONS, price).map((b) => b.seats)).toEqual([56]);
    expect(fewestBuses(80, OPTIONS, price).map((b) => b.seats)).toEqual([56, 30]);
    expect(fewestBuses(100, OPTIONS, price).map((b) => b.seats)).toEqual([56, 56]);
    expect(fewestBuses(60, OPTIONS, price).map((b) => b.seats)).toEqual([30, 30]);
    expect(fewestBuses(0, OPTIONS, price)).toEqual([]);
    expect(fewestBuses(10, [], price)).toEqual([]);
  });

  it('prices mixed types each on its own line, and only types the card prices', () => {
    const q = quoteTrip(CARD, OPTIONS, trip({ passengers: 80 }))!;
    expect(q.lines.map((l) => [l.busType, l.hoursAmount])).toEqual([
      ['Internal Yellow Bus', 120_000],
      ['White Bus', 90_000],
    ]);
    expect(q.total).toBe(q.subtotal + q.vat);
    expect(quoteTrip({ ...CARD, lines: [WHITE] }, [OPTIONS[0]], trip())).toBeNull();
  });

  it('counts wall-clock minutes from departure to return', () => {
    expect(tripMinutes(trip())).toBe(300);
    expect(tripMinutes(trip({ departureTime: '11:59 PM', returnDate: '2026-12-02', returnTime: '12:01 AM' }))).toBe(2);
    expect(tripMinutes(trip({ departureTime: '12:00 PM', returnTime: '12:00 PM' }))).toBe(0);
  });
});

describe('pricing: cancellation fees by tier', () => {
  const TIERS = [
    { hoursBefore: 72, percent: 50 },
    { hoursBefore: 24, percent: 100 },
  ];
  it.each([
    ['a week ahead: nothing', 7 * 24 * 60, 0, null],
    ['one minute more than 72 hours ahead: nothing', 72 * 60 + 1, 0, null],
    ['exactly 72 hours ahead: half', 72 * 60, 56_700, 72],
    ['one minute more than 24 hours ahead: half', 24 * 60 + 1, 56_700, 72],
    ['exactly 24 hours ahead: all', 24 * 60, 113_400, 24],
    ['at departure: all', 0, 113_400, 24],
  ])('%s', (_label, minutesBefore, fee, hours) => {
    const got = cancellationFee(113_400, TIERS, minutesBefore);
    expect([got.fee, got.tier?.hoursBefore ?? null]).toEqual([fee, hours]);
  });

  it('rounds a fee half up to the fils, and costs nothing without tiers', () => {
    expect(cancellationFee(101, [{ hoursBefore: 24, percent: 50 }], 0).fee).toBe(51);
    expect(cancellationFee(113_400, [], 0)).toEqual({ fee: 0, tier: null });
  });
});

describe('pricing: assigned prices against the quote', () => {
  it('starts a bus at its type’s quoted price, VAT included, and knows no price for a type the quote has none of', () => {
    const estimate = { quote: quoteTrip(CARD, OPTIONS, trip({ passengers: 80 }))! };
    expect(quotedBusPrice(estimate, 'White Bus')).toBe(90_000 + 18_000 + 5_400);
    expect(quotedBusPrice(estimate, 'External Yellow Bus')).toBeNull();
    expect(quotedBusPrice(null, 'White Bus')).toBeNull();
  });

  it.each([
    [113_400, false],
    [124_740, false], // exactly 10 % more
    [124_741, true],
    [102_060, false], // exactly 10 % less
    [102_059, true],
    [0, true],
  ])('a total of %i fils against a quote of 113,400: asks why = %s', (total, asks) => {
    expect(movesFromQuote(total, 113_400)).toBe(asks);
  });
});
