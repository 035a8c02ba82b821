import { z } from 'zod';
import { id, idFromText, text } from '../common/input';
import { FleetMessages as FM } from '../contracts/fleet-messages';
import { MAX_DUE_DAYS, rateCardProblem, RateMessages as M } from '../contracts/rates';
import { BUS_TYPES } from '../contracts/trip-wire';
import { MAX_TRIP_KM, PricingMessages } from '../contracts/pricing';
import { isTripDate, parseTripTime, returnIsAfterDeparture } from '../contracts/trip-form-rules';
import { TripMessages as TM } from '../contracts/trip-messages';

/**
 * Input shapes of the rate card calls. Types first, with the messages of contracts/rates.ts (so a fraction of a fils
 * or a number sent as text reads like any other bad rate); then the whole card goes through `rateCardProblem`, the
 * rule the Rates screen shows too. Unknown keys are dropped, so the screen may send a whole card back.
 */

/** Every bus type once: more lines than that cannot be a valid card. */
export const MAX_RATE_LINES = BUS_TYPES.length;
export const MAX_CANCELLATION_TIERS = 10;

export const RateInputMessages = {
  tooManyLines: `A rate card has at most ${MAX_RATE_LINES} lines, one per bus type.`,
  tooManyTiers: `A rate card has at most ${MAX_CANCELLATION_TIERS} cancellation tiers.`,
  linesInvalid: 'Lines must be a list of rates per bus type.',
  tiersInvalid: 'Cancellation tiers must be a list.',
} as const;

const whole = (message: string) => z.number({ error: message }).int(message);

const line = z.object(
  {
    busType: text({ error: M.busType, max: 100, tooLong: M.busType }),
    hourlyRate: whole(M.money),
    minimumMinutes: whole(M.minutes),
    includedKm: whole(M.km),
    perKmRate: whole(M.money),
    minutesBefore: whole(M.minutes),
    minutesAfter: whole(M.minutes),
  },
  { error: RateInputMessages.linesInvalid },
);

const tier = z.object({ hoursBefore: whole(M.tierHours), percent: whole(M.tierPercent) }, { error: RateInputMessages.tiersInvalid });

export const rateCardSchema = z
  .object(
    {
      companyId: id(FM.companyIdInvalid).optional(),
      currency: text({ error: M.currency, max: 3, tooLong: M.currency }),
      vatBasisPoints: whole(M.vat),
      dueDays: whole(M.dueDays).min(1, M.dueDays).max(MAX_DUE_DAYS, M.dueDays).optional(),
      lines: z.array(line, { error: RateInputMessages.linesInvalid }).max(MAX_RATE_LINES, RateInputMessages.tooManyLines),
      cancellationTiers: z
        .array(tier, { error: RateInputMessages.tiersInvalid })
        .max(MAX_CANCELLATION_TIERS, RateInputMessages.tooManyTiers),
    },
    { error: FM.bodyNotObject },
  )
  .superRefine((card, ctx) => {
    // The types hold here; the busType is still free text, which rateCardProblem checks against BUS_TYPES.
    const problem = rateCardProblem(card as Parameters<typeof rateCardProblem>[0]);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type RateCardInput = z.infer<typeof rateCardSchema>;

/** GET /rates, /rates/versions: admins name the company; a dispatcher may name their own. */
export const rateQuery = z.object({ companyId: idFromText(FM.companyIdInvalid).optional() });
export type RateQuery = z.infer<typeof rateQuery>;

const wholeFromText = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/**
 * GET /estimates: a request's passengers, one-way kilometres and times, as the request form has them so far; school
 * staff's school is their own, the others name one. The times follow the request form's own rules.
 */
export const estimateQuery = z
  .object({
    schoolOrgId: idFromText(TM.schoolNotInTenant).optional(),
    students: wholeFromText(TM.studentsInvalid, 0, 10_000),
    staff: wholeFromText(TM.staffInvalid, 0, 10_000).optional(),
    distanceKm: wholeFromText(PricingMessages.distanceInvalid, 1, MAX_TRIP_KM),
    departureDate: z.string({ error: TM.departureDateInvalid }).refine(isTripDate, TM.departureDateInvalid),
    departureTime: z.string({ error: TM.timeInvalid }).refine((t) => parseTripTime(t) !== null, TM.timeInvalid),
    returnDate: z.string({ error: TM.returnDateInvalid }).refine(isTripDate, TM.returnDateInvalid),
    returnTime: z.string({ error: TM.timeInvalid }).refine((t) => parseTripTime(t) !== null, TM.timeInvalid),
  })
  .refine((q) => returnIsAfterDeparture(q), { message: TM.returnBeforeDeparture });
export type EstimateQuery = z.infer<typeof estimateQuery>;
