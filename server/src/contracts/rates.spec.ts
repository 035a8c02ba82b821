import {
  type CancellationTier,
  formatMoney,
  MAX_KM,
  MAX_MINUTES,
  MAX_MONEY,
  MAX_TIER_HOURS,
  parseMoney,
  type RateCardBody,
  rateCardProblem,
  type RateLine,
  RateMessages as M,
  tiersInWords,
} from './rates';

const line = (over: Partial<Record<keyof RateLine, unknown>> = {}): RateLine =>
  ({
    busType: 'Internal Yellow Bus',
    hourlyRate: 35_000,
    minimumMinutes: 240,
    includedKm: 100,
    perKmRate: 250,
    minutesBefore: 30,
    minutesAfter: 30,
    ...over,
  }) as RateLine;

const card = (over: Partial<Record<keyof RateCardBody, unknown>> = {}): Omit<RateCardBody, 'companyId'> =>
  ({
    currency: 'AED',
    vatBasisPoints: 500,
    lines: [line()],
    cancellationTiers: [
      { hoursBefore: 72, percent: 50 },
      { hoursBefore: 24, percent: 100 },
    ],
    ...over,
  }) as Omit<RateCardBody, 'companyId'>;

const tiers = (...pairs: [number, number][]): CancellationTier[] => pairs.map(([hoursBefore, percent]) => ({ hoursBefore, percent }));

describe('rateCardProblem', () => {
  it('accepts a sensible card, and one with every value at its limit', () => {
    expect(rateCardProblem(card())).toBeNull();
    const edge = line({ hourlyRate: MAX_MONEY, perKmRate: 0, minimumMinutes: MAX_MINUTES, includedKm: MAX_KM, minutesBefore: 0 });
    expect(
      rateCardProblem(card({ vatBasisPoints: 10_000, lines: [edge], cancellationTiers: tiers([MAX_TIER_HOURS, 0], [0, 100]) })),
    ).toBeNull();
    expect(rateCardProblem(card({ vatBasisPoints: 0, cancellationTiers: [] }))).toBeNull();
  });

  it.each<[string, Partial<Record<keyof RateCardBody, unknown>>, string]>([
    ['lower-case currency', { currency: 'aed' }, M.currency],
    ['a four-letter currency', { currency: 'AEDX' }, M.currency],
    ['a NUL in the currency', { currency: 'AE\u0000' }, M.currency],
    ['VAT below 0 %', { vatBasisPoints: -1 }, M.vat],
    ['VAT over 100 %', { vatBasisPoints: 10_001 }, M.vat],
    ['fractional VAT', { vatBasisPoints: 500.5 }, M.vat],
    ['no lines', { lines: [] }, M.noLines],
    ['an unknown bus type', { lines: [line({ busType: 'Limousine' })] }, M.busType],
    ['a bus type twice', { lines: [line(), line({ hourlyRate: 1 })] }, M.duplicateBusType],
    ['a negative hourly rate', { lines: [line({ hourlyRate: -1 })] }, M.money],
    ['an hourly rate just over the most', { lines: [line({ hourlyRate: MAX_MONEY + 1 })] }, M.money],
    ['an absurd per-km rate', { lines: [line({ perKmRate: 1e12 })] }, M.money],
    ['a fraction of a fils', { lines: [line({ hourlyRate: 100.5 })] }, M.money],
    ['an infinite rate', { lines: [line({ perKmRate: Infinity })] }, M.money],
    ['NaN minutes', { lines: [line({ minimumMinutes: NaN })] }, M.minutes],
    ['minutes beyond a day', { lines: [line({ minutesAfter: MAX_MINUTES + 1 })] }, M.minutes],
    ['negative minutes', { lines: [line({ minutesBefore: -1 })] }, M.minutes],
    ['kilometres beyond the most', { lines: [line({ includedKm: MAX_KM + 1 })] }, M.km],
    ['fractional kilometres', { lines: [line({ includedKm: 1.5 })] }, M.km],
    ['a tier beyond 30 days', { cancellationTiers: tiers([MAX_TIER_HOURS + 1, 10]) }, M.tierHours],
    ['a negative tier hour', { cancellationTiers: tiers([-1, 10]) }, M.tierHours],
    ['a percent of 101', { cancellationTiers: tiers([24, 101]) }, M.tierPercent],
    ['a negative percent', { cancellationTiers: tiers([24, -1]) }, M.tierPercent],
    ['a fractional percent', { cancellationTiers: tiers([24, 50.5]) }, M.tierPercent],
    ['two tiers at one hour (overlapping)', { cancellationTiers: tiers([24, 50], [24, 100]) }, M.duplicateTier],
    ['closer costing less', { cancellationTiers: tiers([72, 100], [24, 50]) }, M.tierOrder],
    ['closer costing less, listed out of order', { cancellationTiers: tiers([24, 50], [72, 100]) }, M.tierOrder],
  ])('refuses %s', (_what, over, message) => {
    expect(rateCardProblem(card(over))).toBe(message);
  });

  it('accepts tiers in any order when the fee never drops towards departure', () => {
    expect(rateCardProblem(card({ cancellationTiers: tiers([24, 100], [72, 50], [168, 50]) }))).toBeNull();
  });
});

describe('parseMoney and formatMoney', () => {
  it.each([
    ['350', 35_000],
    ['350.5', 35_050],
    ['0.5', 50],
    ['1,200.50', 120_050],
    ['1200.50', 120_050],
    [' 12.05 ', 1_205],
    ['0', 0],
    ['1,000,000.00', MAX_MONEY],
  ])('reads %j as %d fils', (typed, fils) => {
    expect(parseMoney(typed)).toBe(fils);
  });

  it.each(['1.234', '-5', '1,20.00', '12,00', '1.', '.5', 'abc', '', '1e3', '1 200'])('refuses %j', (typed) => {
    expect(parseMoney(typed)).toBeNull();
  });

  it.each([0, 5, 50, 35_050, 120_050, MAX_MONEY])('formats %d fils and reads it back', (fils) => {
    expect(parseMoney(formatMoney(fils))).toBe(fils);
  });

  it('formats with thousands separators and two decimals', () => {
    expect(formatMoney(120_050)).toBe('1,200.50');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-250)).toBe('-2.50');
  });
});

describe('tiersInWords', () => {
  it('reads the tiers from the furthest to the closest', () => {
    expect(tiersInWords(tiers([24, 100], [72, 50]))).toBe(
      'Nothing until 72 hours before departure, 50 % within 72 hours, 100 % within 24 hours.',
    );
    expect(tiersInWords([])).toBe('Cancelling costs nothing.');
  });
});
