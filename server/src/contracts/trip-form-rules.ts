/**
 * The trip request form's rules, shared by the server's validation and the client's form: the times and dates it
 * accepts and the rules that span several fields (docs/domain.md, "The trip request form").
 */
import { TripMessages } from './trip-messages';
import type { TripFormFields } from './trip-wire';

/** POST /trips. `date` may stand for `departureDate`; admins and trip managers name the school. */
export interface TripRequestBody extends Omit<
  TripFormFields,
  'customType' | 'origin' | 'staff' | 'notes' | 'boosterSeatsRequested' | 'boosterSeatCount'
> {
  customType?: string | null;
  origin?: string | null;
  staff?: number | null;
  notes?: string | null;
  boosterSeatsRequested?: boolean;
  boosterSeatCount?: number;
  date?: string;
  schoolOrgId?: number;
}

const TIME = /^(0[1-9]|1[0-2]):([0-5]\d) ?(AM|PM)$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes after midnight of an `hh:mm AM/PM` time (hours 01–12), or null when it is not one. */
export function parseTripTime(value: string): number | null {
  const m = TIME.exec(value.trim());
  if (!m) return null;
  const hours = (Number(m[1]) % 12) + (m[3].toUpperCase() === 'PM' ? 12 : 0);
  return hours * 60 + Number(m[2]);
}

/** `08:30 am` → `08:30 AM`; anything else unchanged. */
export function normalizeTripTime(value: string): string {
  const m = TIME.exec(value.trim());
  return m ? `${m[1]}:${m[2]} ${m[3].toUpperCase()}` : value;
}

/** A real calendar date written YYYY-MM-DD (no 2025-02-30). */
export function isTripDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** The form's rule: the return must be later than the departure. Dates and times must already be valid. */
export function returnIsAfterDeparture(f: Pick<TripFormFields, 'departureDate' | 'departureTime' | 'returnDate' | 'returnTime'>): boolean {
  if (f.returnDate !== f.departureDate) return f.returnDate > f.departureDate;
  return (parseTripTime(f.returnTime) ?? 0) > (parseTripTime(f.departureTime) ?? 0);
}

/** The first form rule that spans several fields and is broken, as its message; null when the form is fine. */
export function tripFormProblem(
  f: Pick<
    TripFormFields,
    | 'tripType'
    | 'customType'
    | 'departureDate'
    | 'departureTime'
    | 'returnDate'
    | 'returnTime'
    | 'boosterSeatsRequested'
    | 'boosterSeatCount'
  >,
): string | null {
  if (f.tripType === 'Other' && !f.customType?.trim()) return TripMessages.customTypeRequired;
  if (!returnIsAfterDeparture(f)) return TripMessages.returnBeforeDeparture;
  if (f.boosterSeatsRequested && !(Number.isFinite(f.boosterSeatCount) && f.boosterSeatCount > 0)) return TripMessages.boosterSeatCount;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reading a PATCH body
