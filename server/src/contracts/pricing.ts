/**
 * Pricing (docs/domain.md, "Rate cards"): what a trip costs on a company's rate card, and what cancelling it costs.
 * Pure and exact: money in integer fils, rounded half up once per line (VAT per line to the fils, as UAE invoices do),
 * never binary floating point for an amount. Shared by the server (which stores the quote) and the request form (which
 * shows it as the school types).
 */
import { parseTripTime } from './trip-form-rules';
import type { CancellationTier, RateLine } from './rates';
import type { BusType } from './bus-types';
import type { CancellationFeeDto, Quote, QuoteLine, TripEstimate } from './pricing-wire';

export type { CancellationFeeDto, Quote, QuoteLine, TripEstimate } from './pricing-wire';

/** A bus type the company runs, with the most seats one of its buses of that type has. */
export interface BusOption {
  busType: BusType;
  seats: number;
}

/** The trip as a quote needs it: passengers, one-way kilometres, and its wall-clock times. */
export interface QuoteTrip {
  passengers: number;
  distanceKm: number;
  departureDate: string;
  departureTime: string;
  returnDate: string;
  returnTime: string;
}

/** `a × b / c` rounded half up, for non-negative whole numbers (exact below 2^53). */
export const mulDivRound = (a: number, b: number, c: number): number => Math.floor((a * b * 2 + c) / (2 * c));

/** Minutes from the departure to the return (wall clock, so a trip across midnight counts the night). */
export function tripMinutes(t: Pick<QuoteTrip, 'departureDate' | 'departureTime' | 'returnDate' | 'returnTime'>): number {
  return Math.max(
    0,
    wallMinutes(t.returnDate, parseTripTime(t.returnTime) ?? 0) - wallMinutes(t.departureDate, parseTripTime(t.departureTime) ?? 0),
  );
}

/** A wall-clock day and minute of the day as minutes on one scale (no time zone: both sides are the school's clock). */
const wallMinutes = (date: string, minuteOfDay: number) => Date.parse(`${date}T00:00:00Z`) / 60_000 + minuteOfDay;

/**
 * The fewest buses that seat everyone, of the types the company both runs and prices; among as many buses, the
 * cheapest mix (`priceOf` one bus of a type). Empty when nothing fits (no priced type, or no passengers).
 */
export function fewestBuses(passengers: number, options: readonly BusOption[], priceOf: (o: BusOption) => number): BusOption[] {
  const usable = options.filter((o) => o.seats > 0);
  if (passengers <= 0 || usable.length === 0) return [];
  const largest = Math.max(...usable.map((o) => o.seats));
  const count = Math.ceil(passengers / largest);
  let best: { mix: BusOption[]; price: number } | null = null;
  // Every mix of `count` buses over the (at most three) types: a few thousand at most.
  const walk = (i: number, left: number, mix: BusOption[]) => {
    if (i === usable.length - 1) {
      const full = [...mix, ...Array<BusOption>(left).fill(usable[i])];
      if (full.reduce((n, o) => n + o.seats, 0) < passengers) return;
      const price = full.reduce((n, o) => n + priceOf(o), 0);
      if (!best || price < best.price) best = { mix: full, price };
      return;
    }
    for (let k = 0; k <= left; k++) walk(i + 1, left - k, [...mix, ...Array<BusOption>(k).fill(usable[i])]);
  };
  walk(0, count, []);
  return (best as { mix: BusOption[] } | null)?.mix.sort((a, b) => b.seats - a.seats) ?? [];
}

/** One bus's line on a rate card's line for its type. */
export function quoteLine(bus: BusOption, rate: RateLine, trip: QuoteTrip, vatBasisPoints: number): QuoteLine {
  const billableMinutes = Math.max(rate.minimumMinutes, tripMinutes(trip) + rate.minutesBefore + rate.minutesAfter);
  const hoursAmount = mulDivRound(rate.hourlyRate, billableMinutes, 60);
  const extraKm = Math.max(0, trip.distanceKm * 2 - rate.includedKm);
  const kmAmount = extraKm * rate.perKmRate;
  const subtotal = hoursAmount + kmAmount;
  return {
    busType: bus.busType,
    seats: bus.seats,
    billableMinutes,
    hoursAmount,
    extraKm,
    kmAmount,
    subtotal,
    vat: mulDivRound(subtotal, vatBasisPoints, 10_000),
  };
}

/**
 * The estimate of a trip on a card: the fewest buses that seat everyone (of the company's types the card prices), each
 * billed for the trip's time plus the time before and after (at least the minimum) and the kilometres there and back
 * beyond those included; VAT per line. Null when the card prices none of the company's types.
 */
export function quoteTrip(
  card: { currency: string; vatBasisPoints: number; lines: readonly RateLine[] },
  options: readonly BusOption[],
  trip: QuoteTrip,
): Quote | null {
  const rateOf = new Map(card.lines.map((l) => [l.busType, l]));
  const priced = options.filter((o) => rateOf.has(o.busType));
  const buses = fewestBuses(trip.passengers, priced, (o) => quoteLine(o, rateOf.get(o.busType)!, trip, 0).subtotal);
  if (buses.length === 0) return null;
  const lines = buses.map((b) => quoteLine(b, rateOf.get(b.busType)!, trip, card.vatBasisPoints));
  const subtotal = lines.reduce((n, l) => n + l.subtotal, 0);
  const vat = lines.reduce((n, l) => n + l.vat, 0);
  return {
    currency: card.currency,
    vatBasisPoints: card.vatBasisPoints,
    km: trip.distanceKm * 2,
    lines,
    subtotal,
    vat,
    total: subtotal + vat,
  };
}

/**
 * The cancellation fee of a quoted `total` cancelled `minutesBefore` departure: the tier it falls within (cancelled
 * `hoursBefore` departure or closer) with the fewest hours, else nothing. Null tier: free.
 */
export function cancellationFee(
  total: number,
  tiers: readonly CancellationTier[],
  minutesBefore: number,
): { fee: number; tier: CancellationTier | null } {
  const within = tiers.filter((t) => minutesBefore <= t.hoursBefore * 60).sort((a, b) => a.hoursBefore - b.hoursBefore);
  const tier = within[0] ?? null;
  return { fee: tier ? mulDivRound(total, tier.percent, 100) : 0, tier };
}

/** The most one-way kilometres a request may name. */
export const MAX_TRIP_KM = 5_000;

export const PricingMessages = {
  distanceInvalid: `Distance must be a whole number of kilometres from 1 to ${MAX_TRIP_KM}.`,
  priceReasonRequired: 'The buses’ prices move more than 10 % from the quote: say why.',
  priceReasonInvalid: 'The reason for the price must be text of at most 500 characters.',
} as const;

/** Does a total move more than 10 % from the quote's (both in fils)? Assign Bus then asks the dispatcher why. */
export const movesFromQuote = (totalFils: number, quoteFils: number): boolean => Math.abs(totalFils - quoteFils) * 10 > quoteFils;

/** What one bus of a type costs on the trip's quote (fils, VAT included), or null when the quote has no bus of that type. */
export function quotedBusPrice(estimate: Pick<TripEstimate, 'quote'> | null, busType: BusType): number | null {
  const line = estimate?.quote.lines.find((l) => l.busType === busType);
  return line ? line.subtotal + line.vat : null;
}

/** Minutes from a wall-clock time (`YYYY-MM-DDTHH:mm`, calendar.ts `localDateTime`) to a trip's departure; negative once it left. */
export function minutesBeforeDeparture(now: string, trip: { departureDate: string; departureTime: string }): number {
  const [date, time] = now.split('T');
  const [h, m] = time.split(':').map(Number);
  return wallMinutes(trip.departureDate, parseTripTime(trip.departureTime) ?? 0) - wallMinutes(date, h * 60 + m);
}

/**
 * The fee a cancellation costs (docs/domain.md, "Cancellation fees"): none before a company accepted the trip or for
 * a trip without a quote; else the quote's tiers (the card in force when it was quoted) applied to the assigned price
 * (or, before buses, the quote's total), counted from when the cancellation was asked for (`requestedAt`, wall clock).
 */
export function tripCancellationFee(
  trip: {
    busCompanyOrgId: number | null;
    price: number;
    departureDate: string;
    departureTime: string;
    estimate: Pick<TripEstimate, 'quote' | 'cancellationTiers'> | null;
  },
  requestedAtWall: string,
  requestedAt: string,
): CancellationFeeDto | null {
  if (trip.busCompanyOrgId === null || !trip.estimate) return null;
  const basis = trip.price > 0 ? Math.round(trip.price * 100) : trip.estimate.quote.total;
  const { fee, tier } = cancellationFee(basis, trip.estimate.cancellationTiers, minutesBeforeDeparture(requestedAtWall, trip));
  return { fee, basis, currency: trip.estimate.quote.currency, tier, requestedAt };
}
