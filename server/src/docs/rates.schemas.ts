import { z } from 'zod';
import type { CancellationFeeDto, TripEstimate } from '../contracts/pricing';
import { MAX_DUE_DAYS, type RateCardDto } from '../contracts/rates';
import { BUS_TYPES } from '../contracts/trip-wire';

/**
 * The rate card's response body (docs/domain.md, "Rate cards") as a zod schema for the OpenAPI document, beside
 * wire.schemas.ts: checked against its wire type at compile time below.
 */

const fils = z.number().int().min(0).meta({ description: 'Money in minor units (fils for AED: 1 AED = 100 fils).' });
const minutes = z.number().int().min(0);
const idNum = z.number().int().min(1);

export const rateLineSchema = z
  .object({
    busType: z.enum(BUS_TYPES),
    hourlyRate: fils,
    minimumMinutes: minutes.meta({ description: 'The fewest minutes billed for a trip, however short.' }),
    includedKm: z.number().int().min(0),
    perKmRate: fils,
    minutesBefore: minutes,
    minutesAfter: minutes,
  })
  .meta({ id: 'RateLine' });

export const cancellationTierSchema = z
  .object({ hoursBefore: z.number().int().min(0), percent: z.number().int().min(0).max(100) })
  .meta({ id: 'CancellationTier', description: 'Cancelled `hoursBefore` departure or closer: `percent` of the quoted price is due.' });

export const rateCardSchema = z
  .object({
    id: idNum,
    companyId: idNum,
    companyName: z.string(),
    tenantId: idNum,
    version: idNum.meta({ description: '1 for a company’s first card, +1 for every change.' }),
    currency: z.string(),
    vatBasisPoints: z.number().int().min(0).max(10_000).meta({ description: 'VAT in basis points: 500 = 5 %.' }),
    dueDays: z
      .number()
      .int()
      .min(1)
      .max(MAX_DUE_DAYS)
      .meta({ description: 'Payment terms: days from an invoice’s issue to its due date.' }),
    lines: z.array(rateLineSchema),
    cancellationTiers: z.array(cancellationTierSchema),
    createdAt: z.iso.datetime({ offset: true }),
    createdBy: z.object({ id: idNum.nullable(), name: z.string() }),
  })
  .meta({ id: 'RateCard', description: 'One version of a bus company’s rate card; versions are never changed.' });

// Each schema describes exactly its wire type: both are assignable to each other, or this does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checked<S extends z.ZodType, T> = Same<z.output<S>, T>;

// never read: it exists for the compile-time check in its value
const _matches: Record<string, true> = {
  card: true satisfies Checked<typeof rateCardSchema, RateCardDto>,
};

export const quoteLineSchema = z
  .object({
    busType: z.enum(BUS_TYPES),
    seats: z.number().int().min(1),
    billableMinutes: minutes,
    hoursAmount: fils,
    extraKm: z.number().int().min(0),
    kmAmount: fils,
    subtotal: fils,
    vat: fils,
  })
  .meta({ id: 'QuoteLine' });

export const tripEstimateSchema = z
  .object({
    companyId: idNum,
    companyName: z.string(),
    rateCardId: idNum,
    rateCardVersion: idNum,
    quote: z.object({
      currency: z.string(),
      vatBasisPoints: z.number().int().min(0),
      km: z.number().int().min(0).meta({ description: 'There and back.' }),
      lines: z.array(quoteLineSchema),
      subtotal: fils,
      vat: fils,
      total: fils,
    }),
    cancellationTiers: z.array(cancellationTierSchema),
  })
  .meta({ id: 'TripEstimate', description: 'A quote on the rate card version named, in fils.' });

export const cancellationFeeSchema = z
  .object({
    fee: fils,
    basis: fils.meta({ description: 'The assigned price, else the quote’s total.' }),
    currency: z.string(),
    tier: cancellationTierSchema.nullable().meta({ description: 'The tier the request fell within; null: free.' }),
    requestedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'CancellationFee' });

// never read: it exists for the compile-time check in its value
const _estimate: true = true satisfies Checked<typeof tripEstimateSchema, TripEstimate>;
const _fee: true = true satisfies Checked<typeof cancellationFeeSchema, CancellationFeeDto>;
