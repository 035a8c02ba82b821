import { z } from 'zod';

/**
 * The building blocks every input schema is made of (auth, users, tenancy, bookings, trips,
 * permissions, query strings, route ids), so that nothing PostgreSQL cannot store or compare ever
 * reaches it: a value it would refuse is a 400 with a message here, not a 500 from the database.
 */

/** The largest PostgreSQL `int` (int4): every id and count column. */
export const INT4_MAX = 2_147_483_647;
/** The largest `numeric(12,2)`: ten digits before the point (trip prices, in AED). */
export const MONEY_MAX = 9_999_999_999.99;
/** A ceiling for text that has no tighter limit of its own. */
export const TEXT_MAX = 10_000;

export const InputMessages = {
  unstorableText: 'Text must not contain NUL characters or broken Unicode (an unpaired surrogate).',
  textTooLong: `Text must be at most ${TEXT_MAX.toLocaleString('en-US')} characters.`,
  invalidId: 'Invalid id.',
  moneyTotalTooLarge: `The prices add up to more than ${MONEY_MAX.toLocaleString('en-US', { minimumFractionDigits: 2 })}.`,
} as const;

// PostgreSQL text cannot hold U+0000 (22P05/22021), and its JSON parser refuses an escaped lone surrogate.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const STORABLE = /^(?:[^\u0000\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** True when PostgreSQL can store the string as text or inside jsonb. */
export const isStorableText = (value: string): boolean => STORABLE.test(value);

/** z.string()'s `error`: a message, or a function of the issue (e.g. "required" when the input is missing). */
type StringError = Exclude<Parameters<typeof z.string>[0], string | undefined>['error'];

/**
 * Text for PostgreSQL: a string with no NUL and no unpaired surrogate, at most `max` characters
 * (counted before trimming; `tooLong` is the message). Chain `.trim()`, `.min()` and friends as on z.string().
 */
export function text(opts: { error?: StringError; max?: number; tooLong?: string } = {}) {
  return z
    .string({ error: opts.error })
    .max(opts.max ?? TEXT_MAX, opts.tooLong ?? InputMessages.textTooLong)
    .regex(STORABLE, InputMessages.unstorableText);
}

/** An id as JSON sends it: a whole number from 1 to INT4_MAX; anything else is `message`. */
export const id = (message: string = InputMessages.invalidId) =>
  z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);

// A numeric string (a query string, a select's value) stands for the number it spells.
const digits = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** An id that may also arrive as a string of digits (query strings, form selects). */
export const idFromText = (message: string = InputMessages.invalidId) => z.preprocess(digits, id(message));

/** A route's `:id`: digits only, 1 to INT4_MAX, else null. */
export function parseRouteId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= INT4_MAX ? n : null;
}

/** An amount of money: 0 or more, at most `max` (never above what numeric(12,2) holds). */
export const money = (message: string, max: number = MONEY_MAX) =>
  z.number({ error: message }).min(0, message).max(Math.min(max, MONEY_MAX), message);

/** Whether amounts added together still fit numeric(12,2). */
export const moneyTotalFits = (amounts: Iterable<number | null | undefined>): boolean => {
  let total = 0;
  for (const a of amounts) total += a ?? 0;
  return total <= MONEY_MAX;
};
