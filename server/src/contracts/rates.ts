/**
 * Rate cards (docs/domain.md, "Rate cards"): what a bus company charges per bus type, its VAT and currency, and its
 * cancellation policy. Every change makes a new version; a quote keeps the version it was made with. Money is exact:
 * amounts travel and are stored as integer minor units (fils for AED: 1 AED = 100 fils), never as floating point.
 * Plain TypeScript, shared by the server (which enforces it) and the Rates screen.
 */
import { BUS_TYPES, type BusType } from './trip-wire';

/** What one bus type costs. Money in minor units (fils), durations in minutes, distances in whole kilometres. */
export interface RateLine {
  busType: BusType;
  /** Per hour billed. */
  hourlyRate: number;
  /** The fewest minutes billed for a trip, however short (90 = 1.5 hours). */
  minimumMinutes: number;
  /** Kilometres included before the per-kilometre charge starts. */
  includedKm: number;
  /** Per kilometre beyond the included ones. */
  perKmRate: number;
  /** Time billed before departure (inspection, driving to the school) and after return. */
  minutesBefore: number;
  minutesAfter: number;
}

/** Cancelled `hoursBefore` departure or closer: `percent` of the quoted price is due. */
export interface CancellationTier {
  hoursBefore: number;
  percent: number;
}

/** The body of PUT /rates: the whole card, which becomes its next version. */
export interface RateCardBody {
  /** Admins name the company; a dispatcher's is their own. */
  companyId?: number;
  currency: string;
  /** VAT in basis points: 500 = 5 %. */
  vatBasisPoints: number;
  lines: RateLine[];
  cancellationTiers: CancellationTier[];
  /** Payment terms: days from an invoice's issue to its due date, 1 to {@link MAX_DUE_DAYS}; unset: {@link DEFAULT_DUE_DAYS}. */
  dueDays?: number;
}

export interface RateCardDto extends Required<Omit<RateCardBody, 'companyId'>> {
  id: number;
  companyId: number;
  companyName: string;
  tenantId: number;
  /** 1 for a company's first card, +1 for every change. */
  version: number;
  createdAt: string;
  createdBy: { id: number | null; name: string };
}

export const DEFAULT_CURRENCY = 'AED';
export const DEFAULT_VAT_BASIS_POINTS = 500;
/** The most a rate may be: AED 1,000,000.00 in fils. */
export const MAX_MONEY = 100_000_000;
export const MAX_MINUTES = 24 * 60;
export const MAX_KM = 10_000;
/** Tiers reach back at most 30 days. */
export const MAX_TIER_HOURS = 720;
/** Days from an invoice's issue to its due date when the company's card does not say. */
export const DEFAULT_DUE_DAYS = 30;
export const MAX_DUE_DAYS = 365;

export const RateMessages = {
  currency: 'Currency must be a three-letter code, e.g. AED.',
  vat: 'VAT must be between 0 % and 100 %.',
  money: 'Rates must be amounts from 0 to 1,000,000.00 with at most two decimals.',
  minutes: 'Times must be whole minutes from 0 to 1,440.',
  km: 'Kilometres must be whole numbers from 0 to 10,000.',
  busType: `Bus type must be one of ${BUS_TYPES.join(', ')}.`,
  duplicateBusType: 'Each bus type may have one rate.',
  noLines: 'Give a rate for at least one bus type.',
  tierHours: 'Cancellation tiers must be whole hours from 0 to 720.',
  tierPercent: 'A cancellation fee must be a whole percentage from 0 to 100.',
  duplicateTier: 'Two cancellation tiers start at the same hour.',
  tierOrder: 'A cancellation closer to departure cannot cost less than one further away.',
  dueDays: `Payment terms must be whole days from 1 to ${MAX_DUE_DAYS}.`,
} as const;

const isInt = (n: unknown, min: number, max: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** The first thing wrong with a card, as the message the Rates screen and the API show; null when it is fine. */
export function rateCardProblem(card: Omit<RateCardBody, 'companyId'>): string | null {
  if (!/^[A-Z]{3}$/.test(card.currency)) return RateMessages.currency;
  if (!isInt(card.vatBasisPoints, 0, 10_000)) return RateMessages.vat;
  if (card.dueDays !== undefined && !isInt(card.dueDays, 1, MAX_DUE_DAYS)) return RateMessages.dueDays;
  if (card.lines.length === 0) return RateMessages.noLines;
  const types = new Set<string>();
  for (const line of card.lines) {
    if (!BUS_TYPES.includes(line.busType)) return RateMessages.busType;
    if (types.has(line.busType)) return RateMessages.duplicateBusType;
    types.add(line.busType);
    if (![line.hourlyRate, line.perKmRate].every((m) => isInt(m, 0, MAX_MONEY))) return RateMessages.money;
    if (![line.minimumMinutes, line.minutesBefore, line.minutesAfter].every((m) => isInt(m, 0, MAX_MINUTES))) return RateMessages.minutes;
    if (!isInt(line.includedKm, 0, MAX_KM)) return RateMessages.km;
  }
  const hours = new Set<number>();
  for (const tier of card.cancellationTiers) {
    if (!isInt(tier.hoursBefore, 0, MAX_TIER_HOURS)) return RateMessages.tierHours;
    if (!isInt(tier.percent, 0, 100)) return RateMessages.tierPercent;
    if (hours.has(tier.hoursBefore)) return RateMessages.duplicateTier;
    hours.add(tier.hoursBefore);
  }
  const byCloseness = [...card.cancellationTiers].sort((a, b) => b.hoursBefore - a.hoursBefore);
  for (let i = 1; i < byCloseness.length; i++) if (byCloseness[i].percent < byCloseness[i - 1].percent) return RateMessages.tierOrder;
  return null;
}

/** `"350.5"` or `"1,200.00"` (what a person types) → fils; null when it is not an amount with at most two decimals. */
export function parseMoney(text: string): number | null {
  const m = /^\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const fils = Number(m[1].replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fils) ? fils : null;
}

/** Fils → `"1,200.50"` (no currency). */
export function formatMoney(fils: number): string {
  const sign = fils < 0 ? '-' : '';
  const abs = Math.abs(fils);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** "Nothing until 72 hours before departure, 50 % within 72 hours, 100 % within 24 hours." */
export function tiersInWords(tiers: readonly CancellationTier[]): string {
  if (tiers.length === 0) return 'Cancelling costs nothing.';
  const sorted = [...tiers].sort((a, b) => b.hoursBefore - a.hoursBefore);
  const parts = sorted.map((t) => `${t.percent} % within ${t.hoursBefore} hours`);
  return `Nothing until ${sorted[0].hoursBefore} hours before departure, ${parts.join(', ')}.`;
}
