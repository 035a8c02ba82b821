import { formatDay, localDateTime } from '@contracts/calendar';
import { tripCancellationFee } from '@contracts/pricing';
import type { TripActor, TripRuleContext } from '@contracts/trip-rules';
import {
  seriesAcceptable,
  sameBuses,
  seriesAssignable,
  type SeriesAssignDto,
  seriesCancelAction,
  seriesConfirmable,
  seriesEditable,
  type SeriesEditDto,
  isoWeekday,
  movedToWeekday,
  seriesReassignable,
  seriesRejectable,
} from '@contracts/trip-series';
import type { BusAssignment, TripDto } from '@contracts/trip-wire';
import { cancellationFeeText } from './trip-view';

/** What "Cancel this and later weeks" would do to each week from the one it starts at (contracts/trip-series.ts). */
export interface SeriesCancelPlan {
  /** The week it starts at and every later one, first departure first. */
  weeks: { trip: TripDto; action: 'cancel' | 'requestCancel' | null }[];
  cancel: number;
  request: number;
}

const plural = (n: number, one: string, many: string = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The week `fromId` of `weeks` (a series' weeks, first departure first) and every later one, with the rule context the
 * trip buttons read (a bus company sees only its partners' and its own trips); null when it is not among them.
 */
function fromWeek(actor: TripActor, weeks: readonly TripDto[], fromId: number, now: Date) {
  const start = weeks.findIndex((w) => w.id === fromId);
  if (start < 0) return null;
  return { later: weeks.slice(start), ctx: { isPartner: actor.role === 'bus_company', now: localDateTime(now) } };
}

/** "this week and the 2 after it (Thu 3 Dec 2026 to Thu 17 Dec 2026)", or "this week (Thu 17 Dec 2026), the last of the series". */
function weeksPhrase(days: readonly string[]): string {
  const [first, last] = [days[0], days[days.length - 1]];
  if (days.length === 1) return `this week (${formatDay(first, true)}), the last of the series`;
  const after = days.length - 1;
  return `this week and the ${after === 1 ? 'one' : after} after it (${formatDay(first, true)} to ${formatDay(last, true)})`;
}

/** The plan for `actor` from the week `fromId` of `weeks` (a series' weeks, first departure first); null if it is not among them. */
export function seriesCancelPlan(
  actor: TripActor,
  weeks: readonly TripDto[],
  fromId: number,
  now: Date = new Date(),
): SeriesCancelPlan | null {
  const from = fromWeek(actor, weeks, fromId, now);
  if (!from) return null;
  const plan = from.later.map((trip) => ({ trip, action: seriesCancelAction(actor, trip, from.ctx) }));
  return {
    weeks: plan,
    cancel: plan.filter((w) => w.action === 'cancel').length,
    request: plan.filter((w) => w.action === 'requestCancel').length,
  };
}

/** The confirm dialog's question: "Cancel this week and the 2 after it (Thu 3 Dec 2026 to Thu 17 Dec 2026)?" */
export function seriesCancelQuestion(plan: SeriesCancelPlan): string {
  return `Cancel ${weeksPhrase(plan.weeks.map((w) => w.trip.departureDate))}?`;
}

/**
 * The line under the question: what happens to the weeks, and what cancelling costs where a fee applies now.
 * "2 weeks will be cancelled. 1 week is held by its bus company: its cancellation will be requested. 1 week stays as it
 * is. Thu 3 Dec: cancelling now costs AED 150.00: …"
 */
export function seriesCancelDetail(plan: SeriesCancelPlan, now: Date = new Date()): string {
  const left = plan.weeks.length - plan.cancel - plan.request;
  const parts = [
    plan.cancel > 0 ? `${plural(plan.cancel, 'week')} will be cancelled.` : null,
    plan.request > 0
      ? `${plural(plan.request, 'week')} ${plan.request === 1 ? 'is' : 'are'} held by a bus company: ${plan.request === 1 ? 'its' : 'their'} cancellation will be requested.`
      : null,
    left > 0 ? `${plural(left, 'week')} ${left === 1 ? 'stays' : 'stay'} as ${left === 1 ? 'it is' : 'they are'}.` : null,
  ];
  for (const { trip, action } of plan.weeks) {
    if (action === null) continue;
    const fee = tripCancellationFee(trip, localDateTime(now), now.toISOString());
    if (fee?.tier) parts.push(`${formatDay(trip.departureDate)}: cancelling now costs ${cancellationFeeText(fee)}.`);
  }
  return parts.filter((p) => p !== null).join(' ');
}

/** The toast once done: "Swimming: 2 weeks cancelled; cancellation requested for 1." */
export function seriesCancelDone(title: string, result: { canceled: number[]; requested: number[] }): string {
  const done = [
    result.canceled.length > 0 ? `${plural(result.canceled.length, 'week')} cancelled` : null,
    result.requested.length > 0 ? `cancellation requested for ${result.requested.length}` : null,
  ].filter((p) => p !== null);
  return `${title}: ${done.join('; ')}.`;
}

/** The weeks "Change this and later weeks" acts on (the one it starts at and every later one) and how many it may edit. */
export interface SeriesEditPlan {
  weeks: TripDto[];
  editable: number;
  /** The weeks it may edit, first departure first: those a new weekday moves. */
  editableWeeks: TripDto[];
}

/** The plan for `actor` from the week `fromId` of `weeks` (first departure first); null if it is not among them. */
export function seriesEditPlan(actor: TripActor, weeks: readonly TripDto[], fromId: number, now: Date = new Date()): SeriesEditPlan | null {
  const from = fromWeek(actor, weeks, fromId, now);
  if (!from) return null;
  const editableWeeks = from.later.filter((w) => seriesEditable(actor, w, from.ctx));
  return { weeks: from.later, editable: editableWeeks.length, editableWeeks };
}

/** The days of the week "Change this and later weeks" offers, numbered as the server reads them (ISO 8601: Monday is 1). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((label, i) => ({
  value: String(i + 1),
  label,
}));

/** The weekday a week departs on, as WEEKDAYS numbers it. */
export const weekdayOf = (trip: Pick<TripDto, 'departureDate'>): number => isoWeekday(trip.departureDate);

/**
 * Where a new weekday puts the weeks the change may edit, each within its own week (contracts/trip-series.ts
 * `movedToWeekday`): "3 weeks move to Thursday: Thu 10 Dec 2026 to Thu 24 Dec 2026." Null when no week moves.
 */
export function seriesMoveLine(plan: SeriesEditPlan, weekday: number): string | null {
  const moved = plan.editableWeeks
    .map((w) => movedToWeekday(w, weekday).departureDate)
    .filter((day, i) => day !== plan.editableWeeks[i].departureDate);
  if (moved.length === 0) return null;
  const day = WEEKDAYS[weekday - 1].label;
  const when = daysOf(moved.map((departureDate) => ({ departureDate })));
  return `${plural(moved.length, 'week')} ${moved.length === 1 ? 'moves' : 'move'} to ${day}: ${when}.`;
}

/** Which weeks a change applies to: "This week and the 2 after it (Thu 3 Dec 2026 to Thu 17 Dec 2026)." */
export function seriesEditScope(plan: SeriesEditPlan): string {
  const phrase = weeksPhrase(plan.weeks.map((w) => w.departureDate));
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`;
}

/**
 * The toast once done: "Swimming: 2 weeks changed; 1 sent back for your school’s approval; edit requested for 1; 1
 * change waits for your school’s approval." A changed week now Awaiting Approval went back to its school's approval.
 */
export function seriesEditDone(title: string, result: Pick<SeriesEditDto, 'trips' | 'changed' | 'requested' | 'held'>): string {
  const waiting = new Set(result.trips.filter((t) => t.status === 'Awaiting Approval').map((t) => t.id));
  const resubmitted = result.changed.filter((id) => waiting.has(id)).length;
  const changed = result.changed.length - resubmitted;
  const done = [
    changed > 0 ? `${plural(changed, 'week')} changed` : null,
    resubmitted > 0 ? `${plural(resubmitted, 'week')} sent back for your school’s approval` : null,
    result.requested.length > 0 ? `edit requested for ${result.requested.length}` : null,
    result.held.length > 0
      ? `${plural(result.held.length, 'change')} ${result.held.length === 1 ? 'waits' : 'wait'} for your school’s approval`
      : null,
  ].filter((p) => p !== null);
  return `${title}: ${done.join('; ')}.`;
}

/** What a bus company decides on the Pending weeks of a series at once: "Accept this and later weeks" or "Reject …". */
export type SeriesVerdict = 'accept' | 'reject';

/** The weeks a verdict looks at (the one it starts at and every later one), and those it acts on. */
export interface SeriesVerdictPlan {
  verdict: SeriesVerdict;
  weeks: TripDto[];
  chosen: TripDto[];
}

const PAST: Record<SeriesVerdict, string> = { accept: 'accepted', reject: 'rejected' };
const MAY: Record<SeriesVerdict, typeof seriesAcceptable> = { accept: seriesAcceptable, reject: seriesRejectable };

/** The plan for `actor` from the week `fromId` of `weeks` (first departure first); null if it is not among them. */
export function seriesVerdictPlan(
  actor: TripActor,
  weeks: readonly TripDto[],
  fromId: number,
  verdict: SeriesVerdict,
  now: Date = new Date(),
): SeriesVerdictPlan | null {
  const from = fromWeek(actor, weeks, fromId, now);
  if (!from) return null;
  return { verdict, weeks: from.later, chosen: from.later.filter((w) => MAY[verdict](actor, w, from.ctx)) };
}

/** The question: "Accept this week and the 2 after it (Thu 3 Dec 2026 to Thu 17 Dec 2026)?" (or "Reject …"). */
export function seriesVerdictQuestion(plan: SeriesVerdictPlan): string {
  const verb = plan.verdict === 'accept' ? 'Accept' : 'Reject';
  return `${verb} ${weeksPhrase(plan.weeks.map((w) => w.departureDate))}?`;
}

/** The line under it: "2 weeks will be accepted. 1 week stays as it is." */
export function seriesVerdictDetail(plan: SeriesVerdictPlan): string {
  const left = plan.weeks.length - plan.chosen.length;
  return [
    `${plural(plan.chosen.length, 'week')} will be ${PAST[plan.verdict]}.`,
    left > 0 ? `${plural(left, 'week')} ${left === 1 ? 'stays' : 'stay'} as ${left === 1 ? 'it is' : 'they are'}.` : null,
  ]
    .filter((p) => p !== null)
    .join(' ');
}

/** The toast once done: "Swimming: 3 weeks accepted." (or "rejected"). */
export function seriesVerdictDone(title: string, verdict: SeriesVerdict, done: readonly number[]): string {
  return `${title}: ${plural(done.length, 'week')} ${PAST[verdict]}.`;
}

/** The weeks after `fromId` that `takes` (with the rules' context of the user and now), first departure first. */
function laterWeeks(
  actor: TripActor,
  weeks: readonly TripDto[],
  fromId: number,
  now: Date,
  takes: (week: TripDto, ctx: TripRuleContext) => boolean,
): TripDto[] {
  const from = fromWeek(actor, weeks, fromId, now);
  return from ? from.later.slice(1).filter((w) => takes(w, from.ctx)) : [];
}

/**
 * The later weeks "Assign the same buses to the later weeks" would give this week's buses: those after `fromId` that the
 * user may assign and that have no buses yet (contracts/trip-series.ts); empty when there are none.
 */
export const seriesLaterAssignable = (actor: TripActor, weeks: readonly TripDto[], fromId: number, now: Date = new Date()) =>
  laterWeeks(actor, weeks, fromId, now, (w, ctx) => seriesAssignable(actor, w, ctx));

/**
 * The later weeks "put them on the later weeks that have other buses" would give `buses` in place of their own: those
 * after `fromId` that the user may assign, that have buses and not these (a change of driver for the rest of a term).
 */
export const seriesLaterReassignable = (
  actor: TripActor,
  weeks: readonly TripDto[],
  fromId: number,
  buses: readonly BusAssignment[],
  now: Date = new Date(),
) =>
  buses.length === 0
    ? []
    : laterWeeks(actor, weeks, fromId, now, (w, ctx) => seriesReassignable(actor, w, ctx) && !sameBuses(w.buses, buses));

/**
 * The later weeks "confirm the later weeks that already have these buses" would confirm: those after `fromId` the user
 * may assign that are Accepted with exactly `buses` (kept through a change their company accepted).
 */
export const seriesLaterConfirmable = (
  actor: TripActor,
  weeks: readonly TripDto[],
  fromId: number,
  buses: readonly BusAssignment[],
  now: Date = new Date(),
) => (buses.length === 0 ? [] : laterWeeks(actor, weeks, fromId, now, (w, ctx) => seriesConfirmable(actor, w, ctx, buses)));

/** The days of weeks (first departure first): "Thu 3 Dec 2026", or "Thu 3 Dec 2026 to Thu 25 Feb 2027". */
export const daysOf = (weeks: readonly Pick<TripDto, 'departureDate'>[]) => {
  const [first, last] = [weeks[0].departureDate, weeks[weeks.length - 1].departureDate];
  return weeks.length === 1 ? formatDay(first, true) : `${formatDay(first, true)} to ${formatDay(last, true)}`;
};

/** The checkbox's words: "Also assign them to the 3 later weeks without buses (Tue 8 Dec 2026 to Tue 22 Dec 2026)". */
export function seriesAssignOffer(later: readonly TripDto[]): string {
  if (later.length === 1) return `Also assign them to the later week without buses (${daysOf(later)})`;
  return `Also assign them to the ${later.length} later weeks without buses (${daysOf(later)})`;
}

/** The third checkbox's words: "Also confirm the 2 later weeks that already have these buses (Thu 17 Dec 2026 to …)". */
export function seriesConfirmOffer(later: readonly TripDto[]): string {
  if (later.length === 1) return `Also confirm the later week that already has these buses (${daysOf(later)})`;
  return `Also confirm the ${later.length} later weeks that already have these buses (${daysOf(later)})`;
}

/** The other checkbox's words: "Also put them on the 4 later weeks that have other buses, in place of theirs (…)". */
export function seriesReassignOffer(later: readonly TripDto[]): string {
  if (later.length === 1) return `Also put them on the later week that has other buses, in place of its own (${daysOf(later)})`;
  return `Also put them on the ${later.length} later weeks that have other buses, in place of theirs (${daysOf(later)})`;
}

/**
 * The toast's title when some later weeks were refused the buses: those without buses "still need a bus"; those that had
 * others keep them.
 */
export function seriesAssignRefusedTitle(refused: readonly TripDto[]): string {
  const hadBuses = refused.filter((w) => w.buses.length > 0).length;
  if (hadBuses === 0) return 'Some later weeks still need a bus';
  if (hadBuses === refused.length) return 'Some later weeks keep their own buses';
  return 'Not every later week took these buses';
}

/**
 * The toast once done: "Swimming: the same buses assigned to 2 later weeks." and, for each week refused them, its day
 * and why: "Not Tue 15 Dec: Bus 3 is already on Museum, Tue 15 Dec 9:00 AM–2:00 PM."
 */
export function seriesAssignDone(title: string, result: Pick<SeriesAssignDto, 'trips' | 'assigned' | 'refused'>): string {
  const days = new Map(result.trips.map((t) => [t.id, t.departureDate]));
  const parts = [
    result.assigned.length > 0 ? `${title}: the same buses assigned to ${plural(result.assigned.length, 'later week')}.` : `${title}:`,
    ...result.refused.map((r) => `Not ${formatDay(days.get(r.tripId) ?? '')}: ${r.message}`),
  ];
  return parts.join(' ');
}

/** Where an item stands in its weekly series: what `seriesCards` groups and orders by. */
export interface SeriesWeek {
  seriesId: string | null;
  departureDate: string;
  /** The trip's id, which orders weeks leaving the same day. */
  id: number;
}

/**
 * A list's cards in its order, each a list of items: the items of one weekly series that `weekOf` places in it share a
 * card (at the place of the first of them, its weeks first departure first), so a term of swimming is one card rather
 * than a card a week; an item `weekOf` answers null for, or of no series, is a card of its own.
 */
export function seriesCards<T>(items: readonly T[], weekOf: (item: T) => SeriesWeek | null): T[][] {
  const cards: T[][] = [];
  const series = new Map<string, T[]>();
  for (const item of items) {
    const weekly = weekOf(item)?.seriesId ?? null;
    const card = weekly === null ? undefined : series.get(weekly);
    if (card) {
      card.push(item);
      continue;
    }
    const fresh = [item];
    cards.push(fresh);
    if (weekly !== null) series.set(weekly, fresh);
  }
  const order = (a: T, b: T) => {
    const [x, y] = [weekOf(a)!, weekOf(b)!];
    return x.departureDate < y.departureDate ? -1 : x.departureDate > y.departureDate ? 1 : x.id - y.id;
  };
  for (const card of series.values()) card.sort(order);
  return cards;
}
