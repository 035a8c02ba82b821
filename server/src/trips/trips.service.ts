import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { DomainEvents, type TripAudienceFacts } from '../common/domain-events';
import { TripMessages } from '../contracts/trip-messages';
import { TripFleet } from '../fleet/trip-fleet.service';
import { classifyTripPatch, decideTripAction, decideTripRequest, type TripDecision, tripFormProblem } from '../contracts/trip-rules';
import type {
  BusAssignment,
  PassengerDto,
  SubtripDto,
  TripConflictBody,
  TripDto,
  TripHistoryAction,
  TripHistoryDto,
  TripStatus,
} from '../contracts/trip-wire';
import { Organization } from '../tenancy/organization.entity';
import { Partnership } from '../tenancy/partnership.entity';
import { Passenger } from './passenger.entity';
import { Subtrip } from './subtrip.entity';
import { changedTripFields, formSnapshot, toPassengerDto, toSubtripDto, toTripDto, toTripHistoryDto, type TripRow } from './trip.mapper';
import { Trip } from './trip.entity';
import { TripHistory } from './trip-history.entity';
import { readTrip, readTrips, splitAudience, tripAudienceList, tripRowList, visibleTrips } from './trip-scope';
import { CREATE_TRIP_SQL, FIX_HISTORY_FIELDS_SQL, INSERT_HISTORY_SQL, updateTripStatement } from './trip-write-sql';
import type { AddPassengersBody, CreateSubtripBody, CreateTripBody, UpdateTripBody } from './trips.schemas';

type Refusal = Extract<TripDecision, { allowed: false }>;
type Allowed = Extract<TripDecision, { allowed: true }>;

/** Thrown inside a transaction to roll back a PATCH that turned out to change nothing. */
class NothingChanged extends Error {}

/** What a committed PATCH announces. */
interface TripChange {
  trip: TripDto;
  before: TripDto;
  deleted: boolean;
  audience: TripAudienceFacts;
}

/**
 * Trips, subtrips, passengers and history (DESIGN §3–§4). Each use case runs in one transaction that
 * also writes the history row; domain events go out only after it commits. Inside a transaction only
 * its EntityManager is used (PGlite has a single session).
 */
@Injectable()
export class TripsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: DomainEvents,
    private readonly fleet: TripFleet,
  ) {}

  async get(caller: AuthUser, id: number): Promise<TripDto> {
    const [trip] = await readTrips(visibleTrips(this.db.manager, caller).andWhere('trip.id = :id', { id }));
    if (!trip) throw new NotFoundException(TripMessages.tripNotFound);
    return (await this.fleet.decorate(this.db.manager, [trip]))[0];
  }

  /** DESIGN §4 "request": a new Pending trip of the caller's school (staff) or of the school named (admin, trip manager). */
  async create(caller: AuthUser, body: CreateTripBody): Promise<TripDto> {
    refuseUnless(decideTripRequest(caller));
    const { schoolOrgId, ...form } = body;
    // DESIGN §4: school staff's requests take their own school; admins and trip managers name a school of their tenant.
    const staff = caller.role === 'school_staff';
    const school = staff ? caller.activeOrgId : schoolOrgId;
    if (school === null) throw new BadRequestException(TripMessages.staffWithoutSchool);
    if (school === undefined) throw new BadRequestException(TripMessages.schoolRequired);
    const [row] = await this.db.query<(TripRow & TripAudienceFacts)[]>(CREATE_TRIP_SQL, [
      school,
      caller.tenantId,
      !staff && isPlatformAdmin(caller),
      caller.id,
      caller.name,
      caller.email,
      form.tripType,
      form.customType,
      form.origin,
      form.destination,
      form.departureDate,
      form.departureTime,
      form.returnDate,
      form.returnTime,
      form.students,
      form.staff,
      form.notes,
      form.boosterSeatsRequested,
      form.boosterSeatCount,
    ]);
    if (!row) throw new BadRequestException(staff ? TripMessages.staffWithoutSchool : TripMessages.schoolNotInTenant);
    const { trip: written, audience } = splitAudience(row);
    const [trip] = await this.fleet.decorate(this.db.manager, [written]);
    this.events.publish('trip.created', { trip, tenantId: trip.tenantId, by: { id: caller.id, name: caller.name }, audience });
    return trip;
  }

  /**
   * spec §7 PATCH /trips/{id}: reads what the body asks (classifyTripPatch), checks each action against
   * DESIGN §4 under a row lock, writes only if the version is still the one read, and records history.
   */
  async update(caller: AuthUser, id: number, body: UpdateTripBody): Promise<TripDto> {
    const change = await this.db
      .transaction(async (tx): Promise<TripChange | null> => {
        const { trip: before, audience } = await this.lockVisible(tx, caller, id);
        if (body.version !== undefined && body.version !== before.version) throw conflict(TripMessages.staleVersion, before);
        const reading = classifyTripPatch(body, before);
        if (reading.error !== undefined) throw new BadRequestException(reading.error);
        if (reading.actions.length === 0) return null;
        const ctx = { isPartner: isPartner(caller, audience), now: this.fleet.now() };
        const decisions = reading.actions.map((a) => decideTripAction(caller, before, a, ctx));
        const refusal = (decisions.find((d) => !d.allowed && d.code === 403) ?? decisions.find((d) => !d.allowed)) as Refusal | undefined;
        if (refusal) throw refusal.code === 403 ? new ForbiddenException(refusal.message) : conflict(refusal.message, before);

        const values = await this.changesFor(tx, caller, before, body, decisions as Allowed[]);
        if (Object.keys(values).length === 0) return null;
        // The row is locked, so this matches; the version condition is the guarantee that no write is lost.
        // RETURNING answers the trip as written (organization names included): no second read.
        // The history row goes in the same statement, with the fields the values should change; the trip as written
        // (with its computed flags) then decides, exactly as before: nothing changed rolls back, a miss is corrected.
        const action = reading.actions.find((a) => a !== 'markPaid') ?? reading.actions[0];
        const predicted = predictedFields(before, values);
        const [row] = rowsOf(
          await tx.query<unknown[]>(
            ...updateTripStatement(tx.connection.getMetadata(Trip), id, before.version, values, {
              action,
              fromStatus: before.status,
              fields: predicted,
              actorId: caller.id,
              actorName: caller.name,
            }),
          ),
        );
        if (!row) throw conflict(TripMessages.staleVersion, await this.mustRead(tx, id));
        const { historyId, ...tripRow } = row;
        const written = toTripDto(tripRow);
        // The fleet's index of this trip's buses and times follows them in the same transaction (DESIGN §9).
        if (this.fleet.affects(before, written)) await this.fleet.sync(tx, written);
        const [trip] = await this.fleet.decorate(tx, [written]);
        const fields = changedTripFields(before, trip);
        // Echoed values only: undo the version bump (and the history row) rather than record a change that is not one.
        if (fields.length === 0) throw new NothingChanged();
        if (fields.join() !== predicted.join()) await tx.query(FIX_HISTORY_FIELDS_SQL, [historyId, JSON.stringify(fields)]);
        return { trip, before, deleted: trip.deleted, audience };
      })
      .catch((e: unknown) => {
        if (e instanceof NothingChanged) return null;
        throw e;
      });
    if (!change) return this.get(caller, id);
    const { trip, before, audience } = change;
    // Another trip whose clash with this one began or ended is announced too (its flags changed, not its row).
    void this.fleet.announceClashChanges(before, trip);
    if (change.deleted) this.events.publish('trip.deleted', { tripId: trip.id, trip, tenantId: trip.tenantId });
    else {
      this.events.publish('trip.updated', {
        trip,
        status: trip.status,
        tenantId: trip.tenantId,
        by: { id: caller.id, name: caller.name },
        previous: { schoolOrgId: before.schoolOrgId, busCompanyOrgId: before.busCompanyOrgId },
        audience,
      });
    }
    return trip;
  }

  async history(caller: AuthUser, id: number): Promise<TripHistoryDto[]> {
    await this.get(caller, id);
    const rows = await this.db.getRepository(TripHistory).find({ where: { tripId: id }, order: { id: 'ASC' } });
    return rows.map(toTripHistoryDto);
  }

  /** spec §7 GET /trips/{id}/subtrips, sorted by createdAt. */
  async subtrips(caller: AuthUser, id: number): Promise<SubtripDto[]> {
    await this.get(caller, id);
    const rows = await this.db.getRepository(Subtrip).find({ where: { tripId: id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toSubtripDto);
  }

  /** spec §4 "Assign Bus patches buses with status Confirmed, then creates a subtrip record": the same parties as assigning buses. */
  async addSubtrip(caller: AuthUser, id: number, body: CreateSubtripBody): Promise<SubtripDto> {
    return this.db.transaction(async (tx) => {
      const { trip, audience } = await this.lockVisible(tx, caller, id);
      refuseUnless(decideTripAction(caller, trip, 'assignBuses', { isPartner: isPartner(caller, audience) }), trip);
      // A record, not an assignment (no seats or clash check), but the fleet rows it names must be the company's own.
      await this.fleet.checkOwnership(tx, trip, body.buses);
      const subtrip = await tx.save(tx.create(Subtrip, { tripId: id, buses: body.buses, createdById: caller.id, createdBy: caller.name }));
      await this.record(tx, caller, id, 'recordSubtrip', trip.status, trip.status, ['subtrips']);
      return toSubtripDto(subtrip);
    });
  }

  async passengers(caller: AuthUser, id: number): Promise<PassengerDto[]> {
    await this.get(caller, id);
    const rows = await this.db.getRepository(Passenger).find({ where: { tripId: id }, order: { id: 'ASC' } });
    return rows.map(toPassengerDto);
  }

  /** spec §7 POST /trips/{id}/passengers: answers the passengers it added. */
  async addPassengers(caller: AuthUser, id: number, body: AddPassengersBody): Promise<PassengerDto[]> {
    return this.db.transaction(async (tx) => {
      const { trip } = await this.lockVisible(tx, caller, id);
      refuseUnless(decideTripAction(caller, trip, 'addPassengers', { isPartner: false }), trip);
      const saved = await tx.save(body.passengers.map((p) => tx.create(Passenger, { ...p, tripId: id, createdById: caller.id })));
      await this.record(tx, caller, id, 'addPassengers', trip.status, trip.status, ['passengers']);
      return saved.map(toPassengerDto);
    });
  }

  // -------------------------------------------------------------------------------------------

  /**
   * Locks the trip's row if the caller may see it (else 404, exactly like a missing trip) and reads it, with the facts
   * its live event and the partner rule need, in one statement. Only the trip's row is locked, not its organizations'.
   */
  private async lockVisible(tx: EntityManager, caller: AuthUser, id: number): Promise<{ trip: TripDto; audience: TripAudienceFacts }> {
    // Names by subquery, not join: a read that waited for the lock sees the row as its holder left it, and a join
    // would keep the organization it matched before (PostgreSQL re-checks only the locked row).
    const row = await visibleTrips(tx, caller)
      .andWhere('trip.id = :id', { id })
      .select(tripRowList('trip'))
      .addSelect(tripAudienceList('trip'))
      .setLock('pessimistic_write', undefined, ['trip'])
      .getRawOne<TripRow & TripAudienceFacts>();
    if (!row) throw new NotFoundException(TripMessages.tripNotFound);
    const { trip, audience } = splitAudience(row);
    return { trip: (await this.fleet.decorate(tx, [trip]))[0], audience };
  }

  /** A trip as the API answers it, flags included (TripFleet.decorate). */
  private async mustRead(tx: EntityManager, id: number): Promise<TripDto> {
    return (await this.fleet.decorate(tx, [await mustRead(tx, id)]))[0];
  }

  /** The column values the allowed actions set (DESIGN §4's "to" column and its side effects). */
  private async changesFor(
    tx: EntityManager,
    caller: AuthUser,
    trip: TripDto,
    body: UpdateTripBody,
    decisions: Allowed[],
  ): Promise<Partial<Trip>> {
    const values: Partial<Trip> = {};
    for (const d of decisions) {
      switch (d.action) {
        case 'accept':
          Object.assign(values, {
            status: d.to,
            editRequest: false,
            editRequestBefore: null,
            busCompanyOrgId: await this.acceptingCompany(tx, caller, trip, body.busCompanyOrgId),
          });
          break;
        case 'reject':
        case 'complete':
          Object.assign(values, { status: d.to, editRequest: false, editRequestBefore: null });
          break;
        case 'cancel':
        case 'approveCancel':
        case 'declineCancel':
          // spec §4: decline returns to the status held before the request.
          Object.assign(values, { status: d.to, cancelRequest: false, statusBeforeCancelRequest: null });
          break;
        case 'requestCancel':
          Object.assign(values, { status: d.to, cancelRequest: true, statusBeforeCancelRequest: trip.status });
          break;
        case 'assignBuses': {
          // DESIGN §9: fleet buses and drivers are checked (company, active, licence, seats, clashes) under lock.
          const buses = body.buses?.length ? await this.fleet.checkAssignment(tx, trip, body.buses) : body.buses;
          Object.assign(values, { status: d.to, ...assignment(trip, { ...body, buses }) });
          break;
        }
        case 'edit':
          Object.assign(values, editedFields(trip, body));
          // DESIGN §4: school staff editing a Confirmed trip sends an edit request.
          // The fields as they were are kept (from the first change of a request) so the company reads what changed.
          if (d.editRequest) Object.assign(values, { status: d.to, editRequest: true, editRequestBefore: formSnapshot(trip) });
          break;
        case 'delete':
          values.deleted = true;
          break;
        case 'markPaid':
          values.paid = body.paid;
          break;
        case 'request':
        case 'addPassengers':
          break;
      }
    }
    return values;
  }

  /** DESIGN §4: a company accepting takes the trip; an admin names the company, by default the school's only partner. */
  private async acceptingCompany(tx: EntityManager, caller: AuthUser, trip: TripDto, named: number | undefined): Promise<number> {
    if (caller.role === 'bus_company' && caller.activeOrgId !== null) return caller.activeOrgId;
    if (named !== undefined) {
      const company = await tx.findOneBy(Organization, { id: named });
      if (!company || company.type !== 'bus_company' || company.tenantId !== trip.tenantId) {
        throw new BadRequestException(TripMessages.busCompanyNotInTenant);
      }
      return company.id;
    }
    if (trip.busCompanyOrgId !== null) return trip.busCompanyOrgId;
    const partners = await tx.find(Partnership, { where: { schoolOrgId: trip.schoolOrgId }, take: 2 });
    if (partners.length !== 1) throw new BadRequestException(TripMessages.busCompanyRequired);
    return partners[0].busCompanyOrgId;
  }

  private async record(
    tx: EntityManager,
    caller: AuthUser,
    tripId: number,
    action: TripHistoryAction,
    fromStatus: TripStatus | null,
    toStatus: TripStatus | null,
    fields: string[],
  ): Promise<void> {
    await tx.query(INSERT_HISTORY_SQL, [tripId, action, fromStatus, toStatus, JSON.stringify(fields), caller.id, caller.name]);
  }
}

/** spec §4 Assign Bus: the buses, and the summary fields (busInfo, driverInfo, price) that follow from them unless sent. */
function assignment(trip: TripDto, body: UpdateTripBody): Partial<Trip> {
  const buses = body.buses ?? trip.buses;
  if (buses.length === 0) throw new BadRequestException(TripMessages.atLeastOneBus);
  const values: Partial<Trip> = { buses };
  const fresh = body.buses !== undefined;
  if (body.busInfo !== undefined) values.busInfo = body.busInfo;
  else if (fresh) {
    values.busInfo = { busType: [...new Set(buses.map((b) => b.busType))].join(', '), seats: buses.reduce((n, b) => n + b.busSeats, 0) };
  }
  if (body.driverInfo !== undefined) values.driverInfo = body.driverInfo;
  else if (fresh) values.driverInfo = firstDriver(buses);
  if (body.price !== undefined) values.price = body.price.toFixed(2);
  else if (fresh && buses.some((b) => b.tripPrice != null)) values.price = buses.reduce((n, b) => n + (b.tripPrice ?? 0), 0).toFixed(2);
  return values;
}

function firstDriver(buses: BusAssignment[]): { name: string | null; mobile: string | null } | null {
  const bus = buses.find((b) => b.driverName || b.driverPhone);
  return bus ? { name: bus.driverName ?? null, mobile: bus.driverPhone ?? null } : null;
}

/** The form fields of an edit, checked together with the fields they do not change (spec §5). */
function editedFields(trip: TripDto, body: UpdateTripBody): Partial<Trip> {
  const merged = {
    tripType: body.tripType ?? trip.tripType,
    customType: body.customType !== undefined ? body.customType : trip.customType,
    origin: body.origin !== undefined ? body.origin : trip.origin,
    destination: body.destination ?? trip.destination,
    departureDate: body.departureDate ?? trip.departureDate,
    departureTime: body.departureTime ?? trip.departureTime,
    returnDate: body.returnDate ?? trip.returnDate,
    returnTime: body.returnTime ?? trip.returnTime,
    students: body.students ?? trip.students,
    staff: body.staff !== undefined ? body.staff : trip.staff,
    notes: body.notes !== undefined ? body.notes : trip.notes,
    boosterSeatsRequested: body.boosterSeatsRequested ?? trip.boosterSeatsRequested,
    boosterSeatCount: body.boosterSeatCount ?? trip.boosterSeatCount,
  };
  const problem = tripFormProblem(merged);
  if (problem) throw new BadRequestException(problem);
  // spec §5: the count is kept only when booster seats are requested.
  if (!merged.boosterSeatsRequested) merged.boosterSeatCount = 0;
  return merged;
}

/** DESIGN §4 "partnered": the caller is a dispatcher of a company partnered with the trip's school. */
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

/** An UPDATE … RETURNING's rows: TypeORM answers [rows, count] on PostgreSQL (by command tag) and the rows on PGlite. */
function rowsOf(result: unknown[]): (TripRow & { historyId: number })[] {
  return (Array.isArray(result[0]) ? result[0] : result) as (TripRow & { historyId: number })[];
}

/**
 * The wire fields `values` should change, in changedTripFields' order (the trip's): a guess made before the write so
 * the history row can go with it; the trip as written has the last word.
 */
function predictedFields(before: TripDto, values: Partial<Trip>): string[] {
  const set = values as Record<string, unknown>;
  return (Object.keys(before) as (keyof TripDto)[]).filter((k) => {
    if (!(k in set) || set[k] === undefined || k === 'version' || k === 'updatedAt') return false;
    const value = k === 'price' ? Number(set[k]) : set[k];
    return JSON.stringify(before[k]) !== JSON.stringify(value);
  });
}

async function mustRead(tx: EntityManager, id: number): Promise<TripDto> {
  const trip = await readTrip(tx, id);
  if (!trip) throw new NotFoundException(TripMessages.tripNotFound);
  return trip;
}
