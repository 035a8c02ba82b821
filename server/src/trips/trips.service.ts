import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import type { TripAudienceFacts } from '../common/domain-events';
import { TripMessages } from '../contracts/trip-messages';
import { decideTripAction, decideTripRequest, type TripDecision } from '../contracts/trip-rules';
import { classifyTripPatch } from '../contracts/trip-patch-rules';
import type { PassengerDto, SubtripDto, TripConflictBody, TripDto, TripHistoryDto } from '../contracts/trip-wire';
import { UnitOfWork, type Work } from '../database/unit-of-work';
import { TripFleet } from '../fleet/trip-fleet.service';
import {
  lockVisibleTrip,
  readPassengers,
  readSubtrips,
  readTrip,
  readTripHistory,
  readTrips,
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
import { changedTripFields, toTripDto } from './trip.mapper';
import { type AllowedAction, patchValues, predictedFields } from './trip-patch';
import type { AddPassengersBody, CreateSubtripBody, CreateTripBody, UpdateTripBody } from './trips.schemas';

type Refusal = Extract<TripDecision, { allowed: false }>;

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
  ) {}

  async get(caller: AuthUser, id: number): Promise<TripDto> {
    const [trip] = await readTrips(visibleTrips(this.db.manager, caller).andWhere('trip.id = :id', { id }));
    if (!trip) throw new NotFoundException(TripMessages.tripNotFound);
    return (await this.fleet.decorate(this.db.manager, [trip]))[0];
  }

  /** A request: a new Pending trip of the caller's school (school staff) or of the school named (admin, trip manager). */
  async create(caller: AuthUser, body: CreateTripBody): Promise<TripDto> {
    refuseUnless(decideTripRequest(caller));
    const { schoolOrgId, ...form } = body;
    // School staff's requests take their own school; admins and trip managers name a school of their tenant.
    const staff = caller.role === 'school_staff';
    const school = staff ? caller.activeOrgId : schoolOrgId;
    if (school === null) throw new BadRequestException(TripMessages.staffWithoutSchool);
    if (school === undefined) throw new BadRequestException(TripMessages.schoolRequired);
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const created = await insertTrip(
        tx,
        { schoolOrgId: school, tenantId: caller.tenantId, anyTenant: !staff && isPlatformAdmin(caller) },
        { id: caller.id, name: caller.name, email: caller.email },
        form,
      );
      if (!created) throw new BadRequestException(staff ? TripMessages.staffWithoutSchool : TripMessages.schoolNotInTenant);
      const [trip] = await this.fleet.decorate(tx, [created.trip]);
      publish('trip.created', { trip, tenantId: trip.tenantId, by: { id: caller.id, name: caller.name }, audience: created.audience });
      return trip;
    });
  }

  /**
   * PATCH /trips/{id}: locks the trip, decides each action the body asks for (trip-rules.ts), writes only if the
   * version is still the one read, and records history. A PATCH that changes nothing rolls back and answers the trip.
   */
  async update(caller: AuthUser, id: number, body: UpdateTripBody): Promise<TripDto> {
    const trip = await this.unitOfWork
      .run(async (work): Promise<TripDto | null> => {
        const { trip: before, audience } = await this.lockVisible(work.tx, caller, id);
        const decided = this.decide(caller, before, audience, body);
        if (!decided) return null;
        const values = await patchValues({ tx: work.tx, caller, fleet: this.fleet }, before, body, decided.allowed);
        if (Object.keys(values).length === 0) return null;
        const predicted = predictedFields(before, values);
        // The row is locked, so this matches; the version condition is the guarantee that no write is lost.
        const written = await writeTripPatch(work.tx, id, before.version, values, {
          action: decided.action,
          fromStatus: before.status,
          fields: predicted,
          actorId: caller.id,
          actorName: caller.name,
        });
        if (!written) throw conflict(TripMessages.staleVersion, await this.mustRead(work.tx, id));
        const trip = await this.settle(work.tx, before, toTripDto(written.row));
        // The trip as written (with its computed flags) has the last word on what changed: nothing rolls back, a
        // prediction that missed is corrected.
        const fields = changedTripFields(before, trip);
        if (fields.length === 0) throw new NothingChanged();
        if (fields.join() !== predicted.join()) await correctHistoryFields(work.tx, written.historyId, fields);
        this.announce(work, caller, before, trip, audience);
        return trip;
      })
      .catch((e: unknown) => {
        if (e instanceof NothingChanged) return null;
        throw e;
      });
    return trip ?? this.get(caller, id);
  }

  async history(caller: AuthUser, id: number): Promise<TripHistoryDto[]> {
    await this.get(caller, id);
    return readTripHistory(this.db.manager, id);
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
      const subtrip = await insertSubtrip(tx, id, body.buses, caller);
      await recordHistory(
        tx,
        { tripId: id, action: 'recordSubtrip', fromStatus: trip.status, toStatus: trip.status, fields: ['subtrips'] },
        caller,
      );
      return subtrip;
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
  private announce({ publish, afterCommit }: Work, caller: AuthUser, before: TripDto, trip: TripDto, audience: TripAudienceFacts): void {
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
      by: { id: caller.id, name: caller.name },
      previous: { schoolOrgId: before.schoolOrgId, busCompanyOrgId: before.busCompanyOrgId },
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

/** A dispatcher of a bus company partnered with the trip's school. */
function isPartner(caller: AuthUser, audience: TripAudienceFacts): boolean {
  return caller.role === 'bus_company' && caller.activeOrgId !== null && audience.partnerCompanyIds.includes(caller.activeOrgId);
}

function conflict(message: string, trip: TripDto): ConflictException {
  const body: TripConflictBody = { message, trip };
  return new ConflictException(body);
}

function refuseUnless(decision: TripDecision, trip?: TripDto): void {
  if (decision.allowed) return;
  if (decision.code === 403 || !trip) throw new ForbiddenException(decision.message);
  throw conflict(decision.message, trip);
}
