/**
 * The wire shape of a quote and of a trip's estimate (docs/domain.md, "A price before the request"), money in fils.
 * A leaf of the contracts (only the bus types), so trip-wire.ts can carry an estimate; the rules are pricing.ts's.
 */
import type { BusType } from './bus-types';

/**
 * What cancelling a trip cost: the tier of the quote's cancellation policy the request fell within (null: none, so
 * free), its percentage of `basis` (the assigned price, else the quote's total), in fils.
 */
export interface CancellationFeeDto {
  fee: number;
  basis: number;
  currency: string;
  tier: { hoursBefore: number; percent: number } | null;
  /** When the cancellation was asked for: the fee counts from then, not from its approval. */
  requestedAt: string;
}

/** One bus of a quote: its time and distance billed, and what they cost. */
export interface QuoteLine {
  busType: BusType;
  seats: number;
  billableMinutes: number;
  hoursAmount: number;
  extraKm: number;
  kmAmount: number;
  /** hoursAmount + kmAmount. */
  subtotal: number;
  /** The line's VAT, rounded to the fils. */
  vat: number;
}

export interface Quote {
  currency: string;
  vatBasisPoints: number;
  /** Kilometres driven: there and back. */
  km: number;
  lines: QuoteLine[];
  subtotal: number;
  vat: number;
  total: number;
}

/** A trip's estimate: the quote on its school's partner company's current rate card, with the card it was made on. */
export interface TripEstimate {
  companyId: number;
  companyName: string;
  rateCardId: number;
  rateCardVersion: number;
  quote: Quote;
  cancellationTiers: { hoursBefore: number; percent: number }[];
}
