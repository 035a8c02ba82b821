import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import type { TripAudienceFacts } from '../common/domain-events';
import type { ApprovalChange } from '../common/domain-events';
import {
  type ApprovalDto,
  type ApprovalKind,
  ApprovalMessages,
  approvalStepCount,
  type HeldChangeBody,
  isMaterialChange,
  requestAwaitsApproval,
} from '../contracts/approvals';
import { TripMessages } from '../contracts/trip-messages';
import {
  type SeriesCancelDto,
  seriesCancelAction,
  type SeriesDates,
  type SeriesAcceptDto,
  seriesAcceptable,
  type SeriesAssignDto,
  seriesAssignable,
  seriesReassignable,
  seriesConfirmable,
  sameBuses,
  type SeriesRejectDto,
  seriesRejectable,
  type SeriesEditDto,
  seriesEditable,
  SeriesMessages,
  movedToWeekday,
  weeklyDates,
} from '../contracts/trip-series';
import { formatDay } from '../contracts/calendar';
import { DISTANCE_PROVIDER, type DistanceProvider } from '../rates/distance.provider';
import { quoteForm } from '../rates/estimate.repository';
import { decideTripAction, decideTripRequest, type TripDecision, type TripRuleContext } from '../contracts/trip-rules';
import { classifyTripPatch } from '../contracts/trip-patch-rules';
import {
  type BusAssignment,
  type PassengerDto,
  type SubtripDto,
  type TripAction,
  type TripConflictBody,
  type TripDto,
  TRIP_FORM_FIELDS,
  type TripFormFields,
  type TripHistoryAction,
  type TripHistoryDto,
  TripStatus,
} from '../contracts/trip-wire';
import { lockOpenApproval, moveApproval, openApproval, policyOf, toApprovalDto, userNames } from '../approvals/approvals.repository';
import type { ProposedChange } from '../approvals/trip-approval.entity';
import { UnitOfWork, type Work } from '../database/unit-of-work';
import { TripFleet } from '../fleet/trip-fleet.service';
import {
  lockVisibleTrip,
  readPassengers,
  readSubtrips,
  readTrip,
  readTripHistory,
  readTrips,
  seriesWeeks,
  visibleTrips,
} from './repository/trip-read.repository';
import {
  correctHistoryFields,
  insertPassengers,
  insertSubtrip,
  insertTrip,
  recordHistory,
  writeTripPatch,
} from './repository/trip-write.repository';
import { changedTripFields, formSnapshot, toTripDto } from './trip.mapper';
import type { Trip } from './trip.entity';
import { type AllowedAction, type PatchContext, patchValues, predictedFields } from './trip-patch';
import {
  type AddPassengersBody,
  type AcceptSeriesBody,
  type AssignSeriesBody,
  type CancelSeriesBody,
  type RejectSeriesBody,
  type EditSeriesBody,
  type CreateSubtripBody,
  type CreateTripBody,
  type CreateTripSeriesBody,
  type UpdateTripBody,
  updateTripSchema,
} from './trips.schemas';

type Refusal = Extract<TripDecision, { allowed: false }>;

/** What a company's verdict on the rest of a series sets, which weeks it may decide, and the 409 when none. */
const SERIES_VERDICTS = {
  accept: { status: TripStatus.Accepted, may: seriesAcceptable, nothing: SeriesMessages.nothingToAccept },
  reject: { status: TripStatus.Rejected, may: seriesRejectable, nothing: SeriesMessages.nothingToReject },
} as const;

/** Thrown inside a unit of work to roll back a PATCH that turned out to change nothing (a rolled-back unit announces nothing). */
class NothingChanged extends Error {}

/**
 * Trips, subtrips, passengers and history (docs/domain.md, "Trips"). Each change runs in one unit of work that also
 * writes the history row; its domain events go out only after it commits (docs/architecture.md).
 */
@Injectable()
export class TripsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly fleet: TripFleet,
    @Inject(DISTANCE_PROVIDER) private readonly distance: DistanceProvider,
  ) {}

  async get(caller: AuthUser, id: number): Promise<TripDto> {
    const [trip] = await readTrips(visibleTrips(this.db.manager, caller).andWhere('trip.id = :id', { id }));
    if (!trip) throw new NotFoundException(TripMessages.tripNotFound);
    return (await this.fleet.decorate(this.db.manager, [trip]))[0];
  }

  /**
   * A request: a new trip of the caller's school (school staff) or of the school named (admin, trip manager): Pending,
   * or Awaiting Approval when the school's approval policy has steps (docs/domain.md, "Approval at the school").
   */
  async create(caller: AuthUser, body: CreateTripBody): Promise<TripDto> {
    const [trip] = await this.request(caller, body, [body]);
    return trip;
  }

  /**
   * A weekly series: the same request every week up to `repeatUntil` (contracts/trip-series.ts), each week a trip of
   * its own, made together or not at all (docs/domain.md, "A weekly series").
   */
  createSeries(caller: AuthUser, { repeatUntil, ...body }: CreateTripSeriesBody): Promise<TripDto[]> {
    return this.request(caller, body, weeklyDates(body, repeatUntil));
  }

  /** The request `body` once on each of `days`, in one unit of work: every trip is written, or none. */
  private async request(caller: AuthUser, body: CreateTripBody, days: readonly SeriesDates[]): Promise<TripDto[]> {
    refuseUnless(decideTripRequest(caller));
    const { schoolOrgId, budgetCode, distanceKm: typed, ...form } = body;
    // School staff's requests take their own school; admins and trip managers name a school of their tenant.
    const staff = caller.role === 'school_staff';
    const school = staff ? caller.activeOrgId : schoolOrgId;
    if (school === null) throw new BadRequestException(TripMessages.staffWithoutSchool);
    if (school === undefined) throw new BadRequestException(TripMessages.schoolRequired);
    return this.unitOfWork.run(async (work) => {
      const { tx, publish } = work;
      const policy = await policyOf(tx, school);
      // The one-way distance, from the provider (the manual one answers what the requester typed).
      const km = await this.distance.distanceKm({
        schoolOrgId: school,
        origin: form.origin,
        destination: form.destination,
        typedKm: typed,
      });
      const decision = decideTripRequest(caller, { awaitsApproval: requestAwaitsApproval(caller, policy) });
      if (!decision.allowed) throw new ForbiddenException(decision.message);
      const request = { ...form, distanceKm: km };
      // Read once: every week of a series is the same trip on another day (its hours, length and distance), priced alike.
      const estimate = await quoteForm(tx, school, { ...request, departureDate: days[0].departureDate, returnDate: days[0].returnDate });
      // Every week of a series carries its id; a trip requested alone, none.
      const seriesId = days.length > 1 ? randomUUID() : null;
      const trips: TripDto[] = [];
      for (const { departureDate, returnDate } of days) {
        const created = await insertTrip(
          tx,
          { schoolOrgId: school, tenantId: caller.tenantId, anyTenant: !staff && isPlatformAdmin(caller) },
          { id: caller.id, name: caller.name, email: caller.email },
          { ...request, departureDate, returnDate },
          { status: decision.to, budgetCode, estimate, seriesId },
        );
        if (!created) throw new BadRequestException(staff ? TripMessages.staffWithoutSchool : TripMessages.schoolNotInTenant);
        // Checked once the school is known to be the caller's to name (rolled back with the trip), so a refusal says
        // nothing about another tenant's schools.
        if (policy.budgetCodeRequired && !budgetCode) throw new BadRequestException(ApprovalMessages.budgetCodeRequired);
        const [trip] = await this.fleet.decorate(tx, [created.trip]);
        publish('trip.created', { trip, tenantId: trip.tenantId, by: { id: caller.id, name: caller.name }, audience: created.audience });
        if (trip.status === TripStatus.AwaitingApproval) await this.submit(work, caller, trip, 'request', null, policy);
        trips.push(trip);
      }
      return trips;
    });
  }

  /** GET /trips/series/{seriesId}: the weeks of a series the caller may see, first departure first; 404 when none. */
  async series(caller: AuthUser, seriesId: string): Promise<TripDto[]> {
    const trips = await readTrips(seriesWeeks(visibleTrips(this.db.manager, caller), seriesId));
    if (trips.length === 0) throw new NotFoundException(TripMessages.seriesNotFound);
    return this.fleet.decorate(this.db.manager, trips);
  }

  /**
   * POST /trips/series/{seriesId}/cancel: the week `from` and every later week of the series the caller sees, each
   * cancelled or its cancellation asked of its bus company as `seriesCancelAction` says, or left as it is; each written
   * as its own PATCH would write it (its history, its approval closed, its fee, its live event), all in one unit of
   * work. 409 when not one of them can be; 403 when no week's rules let the caller cancel or ask to (finance, a company).
   */
  async cancelSeries(caller: AuthUser, seriesId: string, { from }: CancelSeriesBody): Promise<SeriesCancelDto> {
    return this.unitOfWork.run(async (work) => {
      const canceled: number[] = [];
      const requested: number[] = [];
      const trips = await this.eachWeekFrom(
        work,
        caller,
        { seriesId, from, actions: ['cancel', 'requestCancel'], nothing: SeriesMessages.nothingToCancel },
        async (before, audience, ctx) => {
          const action = seriesCancelAction(caller, before, ctx);
          if (action === null) return null;
          // The body a PATCH of this week would send, read as a PATCH reads it.
          const body = updateTripSchema.parse({ status: action === 'cancel' ? TripStatus.Canceled : TripStatus.CancelRequested });
          const decided = this.decide(caller, before, audience, body)!;
          const values = await patchValues(this.patchContext(work, caller), before, body, decided.allowed);
          await this.approvalGate(work, caller, before, decided.action, values);
          (action === 'cancel' ? canceled : requested).push(before.id);
          return this.write(work, caller, before, audience, values, { action: decided.action });
        },
      );
      return { trips, canceled, requested };
    });
  }

  /**
   * POST /trips/series/{seriesId}/accept: the bus company (or an admin naming one) accepts the week `from` and every later
   * week still Pending that it may accept, each as its own PATCH `{status: Accepted}` would (its history, its "Needs a
   * bus", its live event, its requester's e-mail: one for the weeks, as one change), all in one unit of work, weeks in
   * departure order; the others are left. 409 when not one of them can be accepted; 403 when no week's rules let the
   * caller accept.
   */
  async acceptSeries(caller: AuthUser, seriesId: string, { from, busCompanyOrgId }: AcceptSeriesBody): Promise<SeriesAcceptDto> {
    const { trips, done } = await this.verdictOnSeries(caller, seriesId, from, 'accept', { busCompanyOrgId });
    return { trips, accepted: done };
  }

  /**
   * POST /trips/series/{seriesId}/reject: the bus company (or an admin) rejects the week `from` and every later week still
   * Pending that it may reject, each as its own PATCH `{status: Rejected}` would (its history, its live event, its
   * requester's e-mail: one for the weeks, as one change), all in one unit of work, weeks in departure order; the others
   * are left. 409 when not one of them can be rejected; 403 when no week's rules let the caller reject.
   */
  async rejectSeries(caller: AuthUser, seriesId: string, { from }: RejectSeriesBody): Promise<SeriesRejectDto> {
    const { trips, done } = await this.verdictOnSeries(caller, seriesId, from, 'reject', {});
    return { trips, rejected: done };
  }

  /** The company's accept or reject of the week `from` and every later week it may decide, each as its own PATCH would. */
  private verdictOnSeries(
    caller: AuthUser,
    seriesId: string,
    from: number,
    verdict: 'accept' | 'reject',
    extra: { busCompanyOrgId?: number },
  ): Promise<{ trips: TripDto[]; done: number[] }> {
    const { status, may, nothing } = SERIES_VERDICTS[verdict];
    return this.unitOfWork.run(async (work) => {
      const done: number[] = [];
      const body = updateTripSchema.parse({ status, ...extra });
      const trips = await this.eachWeekFrom(
        work,
        caller,
        { seriesId, from, actions: [verdict], nothing },
        async (before, audience, ctx) => {
          if (!may(caller, before, ctx)) return null;
          const decided = this.decide(caller, before, audience, body)!;
          const values = await patchValues(this.patchContext(work, caller), before, body, decided.allowed);
          done.push(before.id);
          return this.write(work, caller, before, audience, values, { action: decided.action });
        },
      );
      return { trips, done };
    });
  }

  /**
   * POST /trips/series/{seriesId}/assign: gives the week `from` and every later week that has no buses the same buses
   * and drivers, each as its own Assign Bus would (checked against that week's day: clashes, licences, seats; written
   * Confirmed with its history, its subtrip record and its live event), all in one unit of work, weeks in departure
   * order. With `withBuses`, the weeks that have other buses take these in place of theirs the same way (their former
   * drivers are told); without it they keep their own. A week that already has these buses, is not the caller's to
   * assign (Pending, cancelled, another company's) or is refused them (a bus already out that day) is left; the refused
   * ones are answered with why (a week refused keeps what it had). 409 when not one week takes them (with the first
   * refusal's words when there is one); 403 when no week's rules let the caller assign.
   */
  async assignSeries(
    caller: AuthUser,
    seriesId: string,
    { from, buses, priceReason, withoutBuses, withBuses, withTheseBuses }: AssignSeriesBody,
  ): Promise<SeriesAssignDto> {
    return this.unitOfWork.run(async (work) => {
      const assigned: number[] = [];
      const refused: SeriesAssignDto['refused'] = [];
      // The body each week's own Assign Bus sends (the buses as this call's schema read them).
      const body: UpdateTripBody = { ...updateTripSchema.parse({ status: TripStatus.Confirmed, priceReason }), buses };
      const nothing = () => refused[0]?.message ?? SeriesMessages.nothingToAssign;
      const trips = await this.eachWeekFrom(
        work,
        caller,
        { seriesId, from, actions: ['assignBuses'], nothing: nothing },
        async (before, audience, ctx) => {
          const takes =
            before.buses.length === 0
              ? withoutBuses && seriesAssignable(caller, before, ctx)
              : sameBuses(before.buses, buses)
                ? withTheseBuses && seriesConfirmable(caller, before, ctx, buses)
                : withBuses && seriesReassignable(caller, before, ctx);
          if (!takes) return null;
          const decided = this.decide(caller, before, audience, body)!;
          let values: Partial<Trip>;
          try {
            // Its checks only read (and lock the fleet rows): a week they refuse leaves the transaction as it was.
            values = await patchValues(this.patchContext(work, caller), before, body, decided.allowed);
          } catch (e) {
            const message = refusalMessage(e);
            if (message === null) throw e;
            refused.push({ tripId: before.id, message });
            return null;
          }
          // Already these buses (as the fleet names them) and Confirmed: nothing to write (a write that changed nothing
          // would roll the whole unit back). An Accepted week with them is confirmed by them.
          if (before.buses.length > 0 && sameBuses(before.buses, values.buses ?? []) && before.status === values.status) return null;
          const written = await this.write(work, caller, before, audience, values, { action: decided.action });
          await recordSubtrip(work.tx, written, written.buses, caller);
          assigned.push(before.id);
          return written;
        },
      );
      return { trips, assigned, refused };
    });
  }

  /**
   * PATCH /trips/series/{seriesId}: sets the same origin, destination, distance, times, passengers or notes on the week `from` and
   * every later week of the series the caller sees and may edit (`seriesEditable`), and moves each to `weekday` of its own
   * week (`movedToWeekday`), each as its own PATCH would (its history, its quote, its edit request to the company of a
   * Confirmed trip, its approval at the school; a week moved onto another trip of its bus is flagged as a clash, as a
   * single edit's would be), all in one unit of work, weeks in departure order. A week that already reads so, or that
   * the caller may not edit (over, cancelled, not theirs), is left. 409 when not one week takes the change; 403 when no
   * week's rules let the caller edit; a values problem of any week (a return before its departure, a day moved into the
   * past) is its 400, and writes nothing.
   */
  async editSeries(caller: AuthUser, seriesId: string, { from, weekday, ...changes }: EditSeriesBody): Promise<SeriesEditDto> {
    return this.unitOfWork.run(async (work) => {
      const result: Omit<SeriesEditDto, 'trips'> = { changed: [], requested: [], held: [] };
      const today = this.fleet.now().slice(0, 10);
      const trips = await this.eachWeekFrom(
        work,
        caller,
        { seriesId, from, actions: ['edit'], nothing: SeriesMessages.nothingToChange },
        async (before, audience, ctx) => {
          if (!seriesEditable(caller, before, ctx)) return null;
          // The body this week's own PATCH would send (its days moved to the weekday), read as a PATCH reads it.
          const days: Partial<SeriesDates> = weekday === undefined ? {} : movedToWeekday(before, weekday);
          if (days.departureDate !== undefined && days.departureDate !== before.departureDate && days.departureDate < today) {
            throw new BadRequestException({ message: SeriesMessages.movedIntoPast(formatDay(days.departureDate, true)), field: 'weekday' });
          }
          const body = updateTripSchema.parse({ ...changes, ...days });
          const decided = this.decide(caller, before, audience, body);
          const values = decided && (await patchValues(this.patchContext(work, caller), before, body, decided.allowed));
          // Already so: nothing to write (a write that changed nothing would roll the whole unit back).
          if (!decided || !values || predictedFields(before, values).length === 0) return null;
          const gate = await this.approvalGate(work, caller, before, decided.action, values);
          if (gate.held) {
            // Taken, not written: the change waits at the school, the week reads as it was.
            result.held.push(before.id);
            return before;
          }
          const trip = await this.write(work, caller, before, audience, values, { action: decided.action });
          if (gate.submit) await this.submit(work, caller, trip, 'request', null);
          (trip.editRequest ? result.requested : result.changed).push(before.id);
          return trip;
        },
      );
      return { trips, ...result };
    });
  }

  /**
   * The frame of every call on the rest of a series: the weeks the caller sees from the week `from` on (404 when none,
   * 400 when `from` is not one of them), each locked in departure order (two calls on one series lock its weeks in the
   * same order) and handed to `act`, which writes it and answers it as it now is, or answers null to leave it. Answers
   * every week as it now is. When `act` took none, the call is refused: 403 when every week's rules refuse the caller
   * each of `actions` (finance cancels nothing), else 409 with `nothing` (its message, or what makes it).
   */
  private async eachWeekFrom(
    work: Work,
    caller: AuthUser,
    {
      seriesId,
      from,
      actions,
      nothing,
    }: { seriesId: string; from: number; actions: readonly TripAction[]; nothing: string | (() => string) },
    act: (before: TripDto, audience: TripAudienceFacts, ctx: TripRuleContext) => Promise<TripDto | null>,
  ): Promise<TripDto[]> {
    const weeks = await readTrips(seriesWeeks(visibleTrips(work.tx, caller), seriesId));
    if (weeks.length === 0) throw new NotFoundException(TripMessages.seriesNotFound);
    const start = weeks.findIndex((t) => t.id === from);
    if (start < 0) throw new BadRequestException({ message: SeriesMessages.notInSeries, field: 'from' });
    const trips: TripDto[] = [];
    let taken = 0;
    // A caller whom no week's rules let do it is refused (403), not told that none could be.
    const forbidden: string[] = [];
    for (const week of weeks.slice(start)) {
      const { trip: before, audience } = await this.lockVisible(work.tx, caller, week.id);
      const ctx = { isPartner: isPartner(caller, audience), now: this.fleet.now() };
      const after = await act(before, audience, ctx);
      trips.push(after ?? before);
      if (after) {
        taken += 1;
        continue;
      }
      const refusals = actions.map((a) => decideTripAction(caller, before, a, ctx));
      if (refusals.every((r) => !r.allowed && r.code === 403)) forbidden.push((refusals[0] as Refusal).message);
    }
    if (taken === 0) {
      if (forbidden.length === trips.length) throw new ForbiddenException(forbidden[0]);
      throw new ConflictException({ message: typeof nothing === 'string' ? nothing : nothing() });
    }
    return trips;
  }

  /**
   * Marks a trip paid in the caller's unit of work, as their own PATCH `{paid: true}` would (its history, its counts,
   * its live event): the payment that settles the trip's invoice does, so the trip and its invoice never disagree on
   * it. Nothing when the trip already reads paid, is gone, or its rules refuse the caller.
   */
  async markPaidIn(work: Work, caller: AuthUser, tripId: number): Promise<void> {
    const locked = await lockVisibleTrip(work.tx, caller, tripId);
    if (!locked || locked.trip.paid) return;
    const { audience } = locked;
    const [before] = await this.fleet.decorate(work.tx, [locked.trip]);
    const ctx = { isPartner: isPartner(caller, audience), now: this.fleet.now() };
    if (!decideTripAction(caller, before, 'markPaid', ctx).allowed) return;
    const body = updateTripSchema.parse({ paid: true });
    const decided = this.decide(caller, before, audience, body);
    if (!decided) return;
    const values = await patchValues(this.patchContext(work, caller), before, body, decided.allowed);
    await this.write(work, caller, before, audience, values, { action: decided.action });
  }

  /**
   * PATCH /trips/{id}: locks the trip, decides each action the body asks for (trip-rules.ts), writes only if the
   * version is still the one read, and records history. A PATCH that changes nothing rolls back and answers the trip.
   */
  async update(caller: AuthUser, id: number, body: UpdateTripBody): Promise<TripDto | HeldChangeBody> {
    const trip = await this.unitOfWork
      .run(async (work): Promise<TripDto | HeldChangeBody | null> => {
        const { trip: before, audience } = await this.lockVisible(work.tx, caller, id);
        const decided = this.decide(caller, before, audience, body);
        if (!decided) return null;
        const values = await patchValues(this.patchContext(work, caller), before, body, decided.allowed);
        if (Object.keys(values).length === 0) return null;
        const gate = await this.approvalGate(work, caller, before, decided.action, values);
        if (gate.held) return gate.held;
        const note = decided.action === 'assignBuses' ? (body.priceReason ?? null) : null;
        const trip = await this.write(work, caller, before, audience, values, { action: decided.action, note });
        if (gate.submit) await this.submit(work, caller, trip, 'request', null);
        return trip;
      })
      .catch((e: unknown) => {
        if (e instanceof NothingChanged) return null;
        throw e;
      });
    return trip ?? this.get(caller, id);
  }

  /**
   * Writes a change the rules allowed to the locked trip `before` (only while it is still at its version) with its
   * history row, settles the fleet's index and flags, and announces it after the commit. A change that turns out to
   * change nothing rolls the unit back (NothingChanged). Used by PATCH and by an approval's decisions.
   */
  async write(
    work: Work,
    caller: { id: number | null; name: string },
    before: TripDto,
    audience: TripAudienceFacts,
    values: Partial<Trip>,
    history: { action: TripHistoryAction; note?: string | null },
    /** Who the live event names, when not the caller: a held change approved is still its requester's change. */
    announcedBy: { id: number | null; name: string } = caller,
  ): Promise<TripDto> {
    const predicted = predictedFields(before, values);
    // The row is locked, so this matches; the version condition is the guarantee that no write is lost.
    const written = await writeTripPatch(work.tx, before.id, before.version, values, {
      action: history.action,
      fromStatus: before.status,
      fields: predicted,
      actorId: caller.id,
      actorName: caller.name,
      note: history.note,
    });
    if (!written) throw conflict(TripMessages.staleVersion, await this.mustRead(work.tx, before.id));
    const trip = await this.settle(work.tx, before, toTripDto(written.row));
    // The trip as written (with its computed flags) has the last word on what changed: nothing rolls back, a
    // prediction that missed is corrected. A move between statuses always counts.
    const fields = changedTripFields(before, trip);
    if (fields.length === 0 && trip.status === before.status) throw new NothingChanged();
    if (fields.join() !== predicted.join()) await correctHistoryFields(work.tx, written.historyId, fields);
    this.announce(work, announcedBy, before, trip, audience);
    return trip;
  }

  /**
   * What the school's approval policy makes of a change the trip rules allowed (docs/domain.md, "Approval at the
   * school"): a resubmission waits for the first step again; a request edited while it waits starts its steps again; a
   * request withdrawn closes its approval; and school staff's change of the dates or the passengers of a trip past
   * approval goes through it again: a trip no company holds yet waits at the school again (`submit`), while a change
   * to one a company holds is kept at the school, unwritten, until it is approved (`held`).
   */
  private async approvalGate(
    work: Work,
    caller: AuthUser,
    before: TripDto,
    action: TripAction,
    values: Partial<Trip>,
  ): Promise<{ submit?: true; held?: HeldChangeBody }> {
    const { tx } = work;
    if (action === 'resubmit') {
      const open = await lockOpenApproval(tx, before.id);
      if (open) {
        await moveApproval(tx, open.id, { state: 'waiting', step: 1, restart: 'all' });
        await this.announceApproval(work, caller, before, open.id, 'waiting', null);
        return {};
      }
      return { submit: true };
    }
    if (action === 'cancel' && AT_SCHOOL.includes(before.status)) {
      const open = await lockOpenApproval(tx, before.id);
      if (open) {
        await moveApproval(tx, open.id, { state: 'canceled' });
        await this.announceApproval(work, caller, before, open.id, 'canceled', null, open.step);
      }
      return {};
    }
    if (action !== 'edit' || caller.role === 'admin') return {};
    if (before.status === TripStatus.AwaitingApproval) {
      const open = await lockOpenApproval(tx, before.id);
      if (open && open.step !== 1) {
        await moveApproval(tx, open.id, { state: 'waiting', step: 1, restart: 'all' });
        await this.announceApproval(work, caller, before, open.id, 'waiting', null, open.step);
      }
      return {};
    }
    if (!PAST_APPROVAL.includes(before.status)) return {};
    const policy = await policyOf(tx, before.schoolOrgId);
    const after = { ...formSnapshot(before), ...pickForm(values) };
    // The price too: a new quote more than 10 % from the one approved goes through approval again.
    const priceFils = (e: TripDto['estimate'] | undefined) => e?.quote.total ?? null;
    const material = isMaterialChange(
      { ...before, priceFils: priceFils(before.estimate) },
      { ...after, priceFils: values.estimate !== undefined ? priceFils(values.estimate) : priceFils(before.estimate) },
    );
    if (policy.steps.length === 0 || !material) return {};
    if (before.busCompanyOrgId === null) {
      values.status = TripStatus.AwaitingApproval;
      return { submit: true };
    }
    // Only what it changes is kept: approved later, it goes over whatever else was edited meanwhile. Its new estimate
    // goes with it, for the approvers to read (and to count its steps by).
    const fields = changedFormFields(before, after);
    const proposed: ProposedChange = {
      ...(Object.fromEntries(fields.map((f) => [f, after[f]])) as Partial<TripFormFields>),
      ...(values.estimate !== undefined ? { estimate: values.estimate } : {}),
    };
    const approval = await this.submit(work, caller, before, 'change', proposed, policy);
    await recordHistory(
      tx,
      { tripId: before.id, action: 'submitChange', fromStatus: before.status, toStatus: before.status, fields },
      caller,
    );
    return { held: { message: ApprovalMessages.changeHeld, trip: before, approval } };
  }

  /** Opens an approval of the trip at step 1 and announces it to the step's approvers (the live count and the e-mail). */
  private async submit(
    work: Work,
    caller: AuthUser,
    trip: TripDto,
    kind: ApprovalKind,
    proposed: ProposedChange | null,
    known?: Awaited<ReturnType<typeof policyOf>>,
  ): Promise<ApprovalDto> {
    const policy = known ?? (await policyOf(work.tx, trip.schoolOrgId));
    const approval = await openApproval(work.tx, {
      tenantId: trip.tenantId,
      tripId: trip.id,
      schoolOrgId: trip.schoolOrgId,
      kind,
      // The second step's amount is the trip's estimate, where it has one (a trip without one goes through it); a
      // change's, the estimate it would quote.
      steps: approvalStepCount(policy, (proposed?.estimate !== undefined ? proposed.estimate : trip.estimate)?.quote.total ?? null),
      proposed,
      requestedBy: { id: caller.id, name: caller.name },
    });
    await this.announceApproval(work, caller, trip, approval.id, 'waiting', null);
    const names = await userNames(
      work.tx,
      policy.steps.flatMap((s) => s.approverIds),
    );
    return toApprovalDto(approval, trip, policy, names);
  }

  /**
   * Publishes an approval's move (after the commit): the approvers of the step it waits at now, and of `fromStep`
   * when it left one, get their new counts.
   */
  async announceApproval(
    work: Work,
    caller: { id: number; name: string } | null,
    trip: Pick<TripDto, 'id' | 'tenantId' | 'schoolOrgId' | 'createdById'>,
    approvalId: number,
    move: ApprovalChange['move'],
    comment: string | null,
    fromStep?: number,
  ): Promise<void> {
    const policy = await policyOf(work.tx, trip.schoolOrgId);
    const [row] = await work.tx.query<{ step: number; requested_by_id: number | null }[]>(
      'SELECT step, requested_by_id FROM trip_approvals WHERE id = $1',
      [approvalId],
    );
    const steps = new Set([row.step, ...(fromStep !== undefined ? [fromStep] : [])]);
    const approverIds = [...new Set([...steps].flatMap((s) => policy.steps[s - 1]?.approverIds ?? []))];
    work.publish('approval.changed', {
      tenantId: trip.tenantId,
      tripId: trip.id,
      approvalId,
      schoolOrgId: trip.schoolOrgId,
      requesterId: row.requested_by_id ?? trip.createdById,
      approverIds,
      move,
      by: caller ? { id: caller.id, name: caller.name } : null,
      comment,
    });
  }

  async history(caller: AuthUser, id: number): Promise<TripHistoryDto[]> {
    await this.get(caller, id);
    const history = await readTripHistory(this.db.manager, id);
    // A change held at the school is the school's business until approved: a bus company reads only the approval that
    // changed its trip (the last step's, with the fields), not the submission, the steps or a denial.
    return caller.role === 'bus_company' ? history.filter((h) => !hiddenFromCompanies(h)) : history;
  }

  /** GET /trips/{id}/subtrips, oldest first. */
  async subtrips(caller: AuthUser, id: number): Promise<SubtripDto[]> {
    await this.get(caller, id);
    return readSubtrips(this.db.manager, id);
  }

  /** Assign Bus sets the buses, then records a subtrip: the same parties as assigning buses may record one. */
  async addSubtrip(caller: AuthUser, id: number, body: CreateSubtripBody): Promise<SubtripDto> {
    return this.unitOfWork.run(async ({ tx }) => {
      const { trip, audience } = await this.lockVisible(tx, caller, id);
      refuseUnless(decideTripAction(caller, trip, 'assignBuses', { isPartner: isPartner(caller, audience) }), trip);
      // A record, not an assignment (no seats or clash check), but the fleet rows it names must be the company's own.
      await this.fleet.checkOwnership(tx, trip, body.buses);
      return recordSubtrip(tx, trip, body.buses, caller);
    });
  }

  async passengers(caller: AuthUser, id: number): Promise<PassengerDto[]> {
    await this.get(caller, id);
    return readPassengers(this.db.manager, id);
  }

  /** POST /trips/{id}/passengers: answers the passengers it added. */
  async addPassengers(caller: AuthUser, id: number, body: AddPassengersBody): Promise<PassengerDto[]> {
    return this.unitOfWork.run(async ({ tx }) => {
      const { trip } = await this.lockVisible(tx, caller, id);
      refuseUnless(decideTripAction(caller, trip, 'addPassengers', { isPartner: false }), trip);
      const added = await insertPassengers(tx, id, body.passengers, caller.id);
      await recordHistory(
        tx,
        { tripId: id, action: 'addPassengers', fromStatus: trip.status, toStatus: trip.status, fields: ['passengers'] },
        caller,
      );
      return added;
    });
  }

  // -------------------------------------------------------------------------------------------

  /** Locks and reads the trip if the caller may see it (else 404, exactly like a missing trip), flags included. */
  /** What patchValues needs of this unit of work and caller. */
  private patchContext(work: Work, caller: AuthUser): PatchContext {
    return { tx: work.tx, caller, fleet: this.fleet, distance: this.distance };
  }

  private async lockVisible(tx: EntityManager, caller: AuthUser, id: number): Promise<{ trip: TripDto; audience: TripAudienceFacts }> {
    const locked = await lockVisibleTrip(tx, caller, id);
    if (!locked) throw new NotFoundException(TripMessages.tripNotFound);
    return { trip: (await this.fleet.decorate(tx, [locked.trip]))[0], audience: locked.audience };
  }

  /**
   * The actions a PATCH asks for (classifyTripPatch), each decided for the caller (decideTripAction): null when it asks
   * for none; a stale version, a bad body or any refused action throws (a 403 refusal before a 409).
   */
  private decide(
    caller: AuthUser,
    before: TripDto,
    audience: TripAudienceFacts,
    body: UpdateTripBody,
  ): { allowed: AllowedAction[]; action: AllowedAction['action'] } | null {
    if (body.version !== undefined && body.version !== before.version) throw conflict(TripMessages.staleVersion, before);
    const reading = classifyTripPatch(body, before);
    if (reading.error !== undefined) throw new BadRequestException(reading.error);
    if (reading.actions.length === 0) return null;
    const ctx = { isPartner: isPartner(caller, audience), now: this.fleet.now() };
    const decisions = reading.actions.map((a) => decideTripAction(caller, before, a, ctx));
    const refusal = (decisions.find((d) => !d.allowed && d.code === 403) ?? decisions.find((d) => !d.allowed)) as Refusal | undefined;
    if (refusal) throw refusal.code === 403 ? new ForbiddenException(refusal.message) : conflict(refusal.message, before);
    // History names the action that is not only marking paid, when there is one.
    return { allowed: decisions as AllowedAction[], action: reading.actions.find((a) => a !== 'markPaid') ?? reading.actions[0] };
  }

  /** The fleet's index of the trip's buses and times follows a change in the same transaction; then its flags. */
  private async settle(tx: EntityManager, before: TripDto, written: TripDto): Promise<TripDto> {
    if (this.fleet.affects(before, written)) await this.fleet.sync(tx, written);
    return (await this.fleet.decorate(tx, [written]))[0];
  }

  /** What a committed PATCH announces: other trips whose clash with it began or ended, then the trip itself. */
  private announce(
    { publish, afterCommit }: Work,
    caller: { id: number | null; name: string },
    before: TripDto,
    trip: TripDto,
    audience: TripAudienceFacts,
  ): void {
    // Another trip whose clash with this one began or ended is announced too (its flags changed, not its row).
    afterCommit(() => this.fleet.announceClashChanges(before, trip));
    if (trip.deleted) {
      publish('trip.deleted', { tripId: trip.id, trip, tenantId: trip.tenantId });
      return;
    }
    publish('trip.updated', {
      trip,
      status: trip.status,
      tenantId: trip.tenantId,
      // The clock's moves (a request withdrawn past its expiry) are by nobody.
      by: caller.id === null ? null : { id: caller.id, name: caller.name },
      previous: { schoolOrgId: before.schoolOrgId, busCompanyOrgId: before.busCompanyOrgId, status: before.status },
      audience,
      formerDriverIds: before.buses.flatMap((b) => (b.driverId != null ? [b.driverId] : [])),
    });
  }

  /** A trip as the API answers it, flags included (TripFleet.decorate). */
  private async mustRead(tx: EntityManager, id: number): Promise<TripDto> {
    const trip = await readTrip(tx, id);
    if (!trip) throw new NotFoundException(TripMessages.tripNotFound);
    return (await this.fleet.decorate(tx, [trip]))[0];
  }
}

/** A history row of a change held at its school: a bus company reads only those that changed its trip (the last approval). */
function hiddenFromCompanies(h: TripHistoryDto): boolean {
  if (h.action === 'submitChange' || h.action === 'requestChangesToChange' || h.action === 'denyChange') return true;
  return (h.action === 'approveChange' || h.action === 'withdraw') && h.fields.length === 0;
}

/** A request still at its school, waiting for an approver or for its requester's changes. */
const AT_SCHOOL: readonly TripStatus[] = [TripStatus.AwaitingApproval, TripStatus.ChangesRequested];
/** A trip past its school's approval whose material change goes through it again. */
const PAST_APPROVAL: readonly TripStatus[] = [TripStatus.Pending, TripStatus.Accepted, TripStatus.Confirmed];

/** The form fields a write's values set. */
function pickForm(values: Partial<Trip>): Partial<TripFormFields> {
  return Object.fromEntries(TRIP_FORM_FIELDS.filter((f) => values[f] !== undefined).map((f) => [f, values[f]])) as Partial<TripFormFields>;
}

/** The wire names of the form fields `after` changes (history's `fields`). */
function changedFormFields(before: TripFormFields, after: TripFormFields): (keyof TripFormFields)[] {
  return TRIP_FORM_FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
}

/** A dispatcher of a bus company partnered with the trip's school. */
function isPartner(caller: AuthUser, audience: TripAudienceFacts): boolean {
  return caller.role === 'bus_company' && caller.activeOrgId !== null && audience.partnerCompanyIds.includes(caller.activeOrgId);
}

function conflict(message: string, trip: TripDto): ConflictException {
  const body: TripConflictBody = { message, trip };
  return new ConflictException(body);
}

/** Records the buses as sent for a trip (a subtrip) with its history line; the trip's status stays as it is. */
async function recordSubtrip(tx: EntityManager, trip: TripDto, buses: BusAssignment[], caller: AuthUser): Promise<SubtripDto> {
  const subtrip = await insertSubtrip(tx, trip.id, buses, caller);
  await recordHistory(
    tx,
    { tripId: trip.id, action: 'recordSubtrip', fromStatus: trip.status, toStatus: trip.status, fields: ['subtrips'] },
    caller,
  );
  return subtrip;
}

/**
 * The words of an assignment's refusal (400: a licence, seats, a price far from the quote; 409: a bus or driver out on
 * another trip then), or null for any other failure, which must fail the whole call.
 */
function refusalMessage(e: unknown): string | null {
  if (!(e instanceof HttpException) || (e.getStatus() !== 400 && e.getStatus() !== 409)) return null;
  const body = e.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : null;
}

function refuseUnless(decision: TripDecision, trip?: TripDto): void {
  if (decision.allowed) return;
  if (decision.code === 403 || !trip) throw new ForbiddenException(decision.message);
  throw conflict(decision.message, trip);
}
