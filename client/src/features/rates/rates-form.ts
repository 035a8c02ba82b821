import {
  type CancellationTier,
  DEFAULT_CURRENCY,
  DEFAULT_DUE_DAYS,
  DEFAULT_VAT_BASIS_POINTS,
  formatMoney,
  parseMoney,
  type RateCardBody,
  type RateCardDto,
  rateCardProblem,
  type RateLine,
} from '@contracts/rates';
import { BUS_TYPES, type BusType } from '@contracts/trip-wire';

/**
 * The Rates screen's form: what a person types (amounts in AED with decimals, hours, a VAT percentage) and its
 * conversion to the card the server stores (fils, minutes, basis points; contracts/rates.ts). The rules are the
 * server's own: rateCardProblem says what is wrong before anything is sent.
 */
// type aliases, not interfaces: a form's values are a string-keyed record, as @mantine/form's useForm takes them
export type LineForm = {
  busType: BusType;
  /** Unticked: the company does not offer this bus type, and the card has no line for it. */
  included: boolean;
  hourlyRate: string;
  perKmRate: string;
  minimumHours: number | '';
  includedKm: number | '';
  hoursBefore: number | '';
  hoursAfter: number | '';
};

export type TierForm = {
  /** Keeps a row's inputs apart from its neighbours' when one is removed. */
  key: string;
  hoursBefore: number | '';
  percent: number | '';
};

export type RatesForm = {
  currency: string;
  vatPercent: number | '';
  /** Payment terms: days from an invoice's issue to its due date. */
  dueDays: number | '';
  lines: LineForm[];
  tiers: TierForm[];
};

type Card = Omit<RateCardBody, 'companyId'>;

let tierKeys = 0;
export const newTier = (hoursBefore: number | '' = '', percent: number | '' = ''): TierForm => ({
  key: `tier-${++tierKeys}`,
  hoursBefore,
  percent,
});

const blankLine = (busType: BusType): LineForm => ({
  busType,
  included: false,
  hourlyRate: '',
  perKmRate: '',
  minimumHours: '',
  includedKm: 0,
  hoursBefore: 0,
  hoursAfter: 0,
});

const hoursOf = (minutes: number) => minutes / 60;

/**
 * The form for a card, or a blank one (AED, 5 % VAT, 30 days to pay, no bus type ticked, no tiers) when the company has
 * none yet.
 */
export function ratesFormOf(card: RateCardDto | null): RatesForm {
  if (!card) {
    return {
      currency: DEFAULT_CURRENCY,
      vatPercent: DEFAULT_VAT_BASIS_POINTS / 100,
      dueDays: DEFAULT_DUE_DAYS,
      lines: BUS_TYPES.map(blankLine),
      tiers: [],
    };
  }
  return {
    currency: card.currency,
    vatPercent: card.vatBasisPoints / 100,
    // a card saved before payment terms existed has the default ones
    dueDays: card.dueDays ?? DEFAULT_DUE_DAYS,
    lines: BUS_TYPES.map((busType) => {
      const line = card.lines.find((l) => l.busType === busType);
      if (!line) return blankLine(busType);
      return {
        busType,
        included: true,
        hourlyRate: formatMoney(line.hourlyRate),
        perKmRate: formatMoney(line.perKmRate),
        minimumHours: hoursOf(line.minimumMinutes),
        includedKm: line.includedKm,
        hoursBefore: hoursOf(line.minutesBefore),
        hoursAfter: hoursOf(line.minutesAfter),
      };
    }),
    tiers: [...card.cancellationTiers].sort((a, b) => b.hoursBefore - a.hoursBefore).map((t) => newTier(t.hoursBefore, t.percent)),
  };
}

/**
 * `value` × `factor` as a whole number when it is one (1.5 hours → 90 minutes, 5.25 % → 525 basis points), else NaN,
 * which the card's rules reject with their message. Rounding hides binary fractions only (0.1 × 60), never a real part.
 */
function scaled(value: number | '', factor: number): number {
  if (value === '') return NaN;
  const exact = value * factor;
  const whole = Math.round(exact);
  return Math.abs(exact - whole) < 1e-6 ? whole : NaN;
}

const money = (text: string) => parseMoney(text) ?? NaN;

function lineOf(form: LineForm): RateLine {
  return {
    busType: form.busType,
    hourlyRate: money(form.hourlyRate),
    perKmRate: money(form.perKmRate),
    minimumMinutes: scaled(form.minimumHours, 60),
    includedKm: scaled(form.includedKm, 1),
    minutesBefore: scaled(form.hoursBefore, 60),
    minutesAfter: scaled(form.hoursAfter, 60),
  };
}

const tierOf = (form: TierForm): CancellationTier => ({ hoursBefore: scaled(form.hoursBefore, 1), percent: scaled(form.percent, 1) });

/** The card the form describes, in the server's units; a box left empty or holding no amount becomes NaN. */
export function cardOf(form: RatesForm): Card {
  return {
    currency: form.currency.trim().toUpperCase(),
    vatBasisPoints: scaled(form.vatPercent, 100),
    dueDays: scaled(form.dueDays, 1),
    lines: form.lines.filter((l) => l.included).map(lineOf),
    cancellationTiers: form.tiers.map(tierOf),
  };
}

/** The card to send, or the first thing wrong with it in the words the server would use. */
export function checkedCard(form: RatesForm): { card: Card; problem: null } | { card: null; problem: string } {
  const card = cardOf(form);
  const problem = rateCardProblem(card);
  return problem ? { card: null, problem } : { card, problem: null };
}

/** The tiers as typed so far, for the sentence under them: rows not yet filled in are left out. */
export function typedTiers(form: RatesForm): CancellationTier[] {
  return form.tiers.map(tierOf).filter((t) => Number.isInteger(t.hoursBefore) && Number.isInteger(t.percent));
}
