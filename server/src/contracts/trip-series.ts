/**
 * A weekly series of trip requests (docs/domain.md, "A weekly series"): the same trip on the same weekday every week
 * up to a last day, each week a trip of its own. Plain TypeScript, shared by the server's rules and the request form.
 */
import { addDays, daysBetween, formatDay, weekStart } from './calendar';
import { allowedTripActions, type TripActor, type TripRuleContext, type TripSubject } from './trip-rules';
import type { BusAssignment, TripDto, TripFormFields } from './trip-wire';

/** The most trips one series may make: half a school year of weeks. A longer run is asked again next term. */
export const MAX_SERIES_TRIPS = 26;

export const SeriesMessages = {
  untilRequired: 'Choose the last day the trip repeats on.',
  untilInvalid: 'Repeat until must be a real date written YYYY-MM-DD.',
  untilTooSoon: 'Repeat until must be at least a week after the departure date.',
  tooMany: `A weekly series holds at most ${MAX_SERIES_TRIPS} trips: choose an earlier last day.`,
  tooLong: 'A trip that lasts a week or more cannot repeat every week.',
  fromRequired: 'Name the week to cancel from: the id of a trip of the series.',
  notInSeries: 'That trip is not a week of this series.',
  nothingToCancel: 'None of these weeks can be cancelled or have a cancellation requested now.',
  editEmpty:
    'Change at least one of the weekday, the origin, the destination, the distance, the departure time, the return time, the students, the staff or the notes.',
  nothingToChange: 'None of these weeks can take this change now.',
  editDays: 'The weeks of a series move by weekday, not by date: leave out the dates and send the weekday.',
  weekdayInvalid: 'Weekday must be a whole number from 1 (Monday) to 7 (Sunday).',
  movedIntoPast: (day: string) => `That would move a week to ${day}, which has passed: change from a later week.`,
  nothingToAccept: 'None of these weeks can be accepted now.',
  nothingToAssign: 'None of the later weeks can take these buses now.',
  assignWeeksInvalid:
    'Choose the later weeks to take these buses: those without buses, those with other buses, those to confirm with these buses, or several.',
  nothingToReject: 'None of these weeks can be rejected now.',
} as const;

/** One trip of a series: its departure and return days. */
export interface SeriesDates {
  departureDate: string;
  returnDate: string;
}

/** The departure days of a weekly series: the first trip's day, then every 7 days while not after `until`. */
function departures(departureDate: string, until: string): string[] {
  const days: string[] = [];
  for (let day = departureDate; day <= until; day = addDays(day, 7)) days.push(day);
  return days;
}

/** Why a series cannot be made from these days, or null. `until` is the last day a trip of it may depart on. */
export function seriesProblem(trip: SeriesDates, until: string): string | null {
  if (daysBetween(trip.departureDate, trip.returnDate) >= 7) return SeriesMessages.tooLong;
  if (daysBetween(trip.departureDate, until) < 7) return SeriesMessages.untilTooSoon;
  if (departures(trip.departureDate, until).length > MAX_SERIES_TRIPS) return SeriesMessages.tooMany;
  return null;
}

/**
 * Every trip of the series, the first one's own days first: each departs 7 days after the one before, and returns as
 * many days after its departure as the first one does. Call it on days `seriesProblem` accepts.
 */
export function weeklyDates(trip: SeriesDates, until: string): SeriesDates[] {
  const length = daysBetween(trip.departureDate, trip.returnDate);
  return departures(trip.departureDate, until).map((departureDate) => ({ departureDate, returnDate: addDays(departureDate, length) }));
}

/**
 * What the form and a trip's details say of a series' trips (weeklyDates): "6 trips, every Tue from Tue 1 Dec 2026 to Tue
 * 5 Jan 2027." Once some weeks run on another weekday than the others (moved from a week on): "6 trips, weekly from Thu
 * 3 Dec 2026 to Tue 5 Jan 2027."
 */
export function describeSeries(trips: readonly SeriesDates[]): string {
  const first = trips[0].departureDate;
  const last = trips[trips.length - 1].departureDate;
  const weekdays = new Set(trips.map((t) => isoWeekday(t.departureDate)));
  const every = weekdays.size === 1 ? `every ${formatDay(first).slice(0, 3)}` : 'weekly';
  return `${trips.length} trips, ${every} from ${formatDay(first, true)} to ${formatDay(last, true)}.`;
}

/**
 * What "Cancel this and later weeks" does to one week for this caller: cancels it where they may cancel it outright
 * (no company holds it yet, an admin, a request still at its school), asks its company to cancel it where one holds it
 * (school staff), or leaves it (already over, cancelled, refused, or not theirs to cancel). The server acts on it; the
 * console says it before asking.
 */
export function seriesCancelAction(actor: TripActor, trip: TripSubject, ctx: TripRuleContext): 'cancel' | 'requestCancel' | null {
  const allowed = allowedTripActions(actor, trip, ctx);
  if (allowed.includes('cancel')) return 'cancel';
  return allowed.includes('requestCancel') ? 'requestCancel' : null;
}

/** The answer to `POST /trips/series/{seriesId}/cancel`: the weeks from the one named on, each as it now is. */
export interface SeriesCancelDto {
  /** Every week from the one named on, by departure, as it is after the call. */
  trips: TripDto[];
  /** The ids of those the call cancelled. */
  canceled: number[];
  /** The ids of those whose cancellation it asked the bus company for. */
  requested: number[];
}

/**
 * What "Change this and later weeks" sets on every week at once: the origin (pick-up at another campus), the destination
 * (a pool closed for the rest of a term) and its distance, the times, the passengers and the notes; and, with `weekday`, the day each week
 * runs on (the pool's slot moved from Thursdays to Tuesdays: {@link movedToWeekday}). A week's other fields are changed
 * on that week.
 */
export const SERIES_EDIT_FIELDS = [
  'origin',
  'destination',
  'distanceKm',
  'departureTime',
  'returnTime',
  'students',
  'staff',
  'notes',
] as const;
export type SeriesEditChanges = Partial<Pick<TripFormFields, (typeof SERIES_EDIT_FIELDS)[number]>> & {
  /** The day of the week each week moves to, 1 (Monday) to 7 (Sunday), as ISO 8601 numbers them. */
  weekday?: number;
};

/** The ISO 8601 day of the week of a date: 1 (Monday) to 7 (Sunday). */
export function isoWeekday(date: string): number {
  return daysBetween(weekStart(date), date) + 1;
}

/**
 * A week of a series moved to `weekday` (1 Monday to 7 Sunday) of its own week, Monday to Sunday, as the board's and the
 * calendar's weeks run: a Thursday trip moved to Tuesday departs two days earlier, to Saturday two days later. Its return
 * moves with it (a trip keeps its length). Every week moves within its own week, so the weeks stay 7 days apart and in order.
 */
export function movedToWeekday(week: SeriesDates, weekday: number): SeriesDates {
  const shift = weekday - isoWeekday(week.departureDate);
  return { departureDate: addDays(week.departureDate, shift), returnDate: addDays(week.returnDate, shift) };
}

/** Whether "Change this and later weeks" changes this week for this caller: where they may edit it (the trip rules). */
export function seriesEditable(actor: TripActor, trip: TripSubject, ctx: TripRuleContext): boolean {
  return allowedTripActions(actor, trip, ctx).includes('edit');
}

/** The answer to `PATCH /trips/series/{seriesId}`: the weeks from the one named on, each as it now is. */
export interface SeriesEditDto {
  /** Every week from the one named on, by departure, as it is after the call. */
  trips: TripDto[];
  /** The ids of those it changed (written as each week's own edit would be). */
  changed: number[];
  /** The ids of those whose change went to their bus company as an edit request (a Confirmed trip, school staff). */
  requested: number[];
  /** The ids of those whose change waits for the school's approval, unwritten (a trip a company holds). */
  held: number[];
}

/** Whether "Accept this and later weeks" accepts this week for this caller: where they may accept it (the trip rules). */
export function seriesAcceptable(actor: TripActor, trip: TripSubject, ctx: TripRuleContext): boolean {
  return allowedTripActions(actor, trip, ctx).includes('accept');
}

/** The answer to `POST /trips/series/{seriesId}/accept`: the weeks from the one named on, each as it now is. */
export interface SeriesAcceptDto {
  /** Every week from the one named on, by departure, as it is after the call. */
  trips: TripDto[];
  /** The ids of those the call accepted. */
  accepted: number[];
}

/** Whether "Reject this and later weeks" rejects this week for this caller: where they may reject it (the trip rules). */
export function seriesRejectable(actor: TripActor, trip: TripSubject, ctx: TripRuleContext): boolean {
  return allowedTripActions(actor, trip, ctx).includes('reject');
}

/** The answer to `POST /trips/series/{seriesId}/reject`: the weeks from the one named on, each as it now is. */
export interface SeriesRejectDto {
  /** Every week from the one named on, by departure, as it is after the call. */
  trips: TripDto[];
  /** The ids of those the call rejected. */
  rejected: number[];
}

/**
 * Whether "Assign the same buses to the later weeks" gives this week the buses: where the caller may assign its buses (the
 * trip rules: Accepted or Confirmed, its bus company or an admin) and it has none yet. A week with buses of its own
 * keeps them: they were chosen for it.
 */
export function seriesAssignable(actor: TripActor, trip: TripSubject & Pick<TripDto, 'buses'>, ctx: TripRuleContext): boolean {
  return trip.buses.length === 0 && allowedTripActions(actor, trip, ctx).includes('assignBuses');
}

/**
 * Whether "put them on the later weeks that have buses" may give this week the buses in place of its own: it has buses
 * and the caller may assign them (as seriesAssignable). Asked for only when the dispatcher says so: a week's own buses
 * were chosen for it, and a change of driver for the rest of a term is the reason to replace them all at once.
 */
export function seriesReassignable(actor: TripActor, trip: TripSubject & Pick<TripDto, 'buses'>, ctx: TripRuleContext): boolean {
  return trip.buses.length > 0 && allowedTripActions(actor, trip, ctx).includes('assignBuses');
}

/**
 * Whether "confirm the later weeks that already have these buses" reaches this week: Accepted with exactly `buses`
 * (kept through a change its company accepted, which sends a trip back to Accepted), which these buses confirm. A week
 * with other buses is `seriesReassignable`'s; a Confirmed one with these has nothing to take.
 */
export function seriesConfirmable(
  actor: TripActor,
  trip: TripSubject & Pick<TripDto, 'buses'>,
  ctx: TripRuleContext,
  buses: readonly BusAssignment[],
): boolean {
  return trip.status === 'Accepted' && sameBuses(trip.buses, buses) && seriesReassignable(actor, trip, ctx);
}

/** Which later weeks a series' Assign Bus reaches (POST /trips/series/{id}/assign). */
export interface SeriesAssignWeeks {
  /** Those without buses (the default). */
  withoutBuses: boolean;
  /** Those with other buses, which take these in place of theirs. */
  withBuses: boolean;
  /** Those Accepted with these very buses, which they confirm (seriesConfirmable). */
  withTheseBuses: boolean;
}

/**
 * What a dispatcher chooses of a bus (not its progress on the day) is the same for every bus of both lists, in order. A
 * fleet bus or driver is its id (the server copies its name, plate and mobile from the fleet, whatever is sent); a hired
 * vehicle or driver is what was typed.
 */
export function sameBuses(a: readonly BusAssignment[], b: readonly BusAssignment[]): boolean {
  const chosen = (x: BusAssignment) =>
    JSON.stringify([
      x.busType,
      x.busSeats,
      x.tripPrice == null ? null : Number(x.tripPrice),
      x.busId ?? null,
      x.busId == null ? [x.busName || null, x.busPlate || null] : null,
      x.driverId ?? null,
      x.driverId == null ? [x.driverName || null, x.driverPhone || null] : null,
    ]);
  return a.length === b.length && a.every((x, i) => chosen(x) === chosen(b[i]));
}

/** A week that could take the buses and was refused them, and why in the words of its own Assign Bus. */
export interface SeriesAssignRefusal {
  tripId: number;
  message: string;
}

/** The answer to `POST /trips/series/{seriesId}/assign`: the weeks from the one named on, each as it now is. */
export interface SeriesAssignDto {
  /** Every week from the one named on, by departure, as it is after the call. */
  trips: TripDto[];
  /** The ids of those that took the buses (now Confirmed). */
  assigned: number[];
  /**
   * Those the rules let take them but that were refused, left as they were: a bus or driver already out on another
   * trip that day, a licence that ends before the week, a quote the prices move too far from without a reason.
   */
  refused: SeriesAssignRefusal[];
}
