import { Brackets, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../../common/auth-user';
import type { TripAudienceFacts } from '../../common/domain-events';
import { type PassengerDto, SCHOOL_ONLY_STATUSES, type SubtripDto, type TripDto, type TripHistoryDto } from '../../contracts/trip-wire';
import { Organization } from '../../tenancy/organization.entity';
import { Partnership } from '../../tenancy/partnership.entity';
import { type CompiledQuery, runCompiled } from '../../database/compiled-query';
import { Passenger } from '../passenger.entity';
import { Subtrip } from '../subtrip.entity';
import { toPassengerDto, toSubtripDto, toTripDto, toTripHistoryDto, type TripRow } from '../trip.mapper';
import { Trip } from '../trip.entity';
import { TripHistory } from '../trip-history.entity';

/**
 * The visibility rule (docs/domain.md, "Who sees what") in SQL: the trips this user may see, as a query builder
 * (alias `trip`) that list, get, patch and the sub-resources all start from. `canSeeTrip` in contracts/trip-rules.ts
 * is the same rule as a predicate (for the realtime layer); trips.e2e.ts walks both against the same table.
 */
export function visibleTrips(em: EntityManager, user: AuthUser, opts: { tenantId?: number } = {}): SelectQueryBuilder<Trip> {
  const qb = em.createQueryBuilder(Trip, 'trip').where('trip.deleted = false');
  if (isPlatformAdmin(user)) {
    if (opts.tenantId !== undefined) qb.andWhere('trip.tenantId = :visTenantId', { visTenantId: opts.tenantId });
    return qb;
  }
  // The tenant always comes from the signed-in user, never from the request, so another tenant's trip is 404 like a missing one.
  qb.andWhere('trip.tenantId = :visTenantId', { visTenantId: user.tenantId ?? -1 });
  const org = user.activeOrgId;
  switch (user.role) {
    case 'admin':
    case 'finance':
      return qb;
    case 'school_staff':
      return org !== null
        ? qb.andWhere('trip.schoolOrgId = :visOrgId', { visOrgId: org })
        : qb.andWhere('trip.createdById = :visUserId', { visUserId: user.id });
    case 'bus_company':
      if (org === null) return qb.andWhere('1 = 0');
      // A request still at its school (an approval policy's statuses) is no bus company's, as another school's trip.
      qb.andWhere('trip.status NOT IN (:...schoolOnly)', { schoolOnly: SCHOOL_ONLY_STATUSES });
      // The partner schools as an array read once (not `IN (SELECT …)`, which PostgreSQL cannot use an index for
      // inside an OR), so both arms are index scans.
      return qb.andWhere(
        new Brackets((w) =>
          w
            .where('trip.busCompanyOrgId = :visOrgId')
            .orWhere('trip.schoolOrgId = ANY(ARRAY(SELECT p.school_org_id FROM partnerships p WHERE p.bus_company_org_id = :visOrgId))'),
        ),
        { visOrgId: org },
      );
    case 'trip_manager':
      return qb.andWhere('trip.createdById = :visUserId', { visUserId: user.id });
    default:
      return qb.andWhere('1 = 0');
  }
}

/**
 * Every fact the SQL text of `visibleTrips` depends on (its parameters' values aside): a statement compiled for one
 * caller serves every caller of the same shape (compiled-query.ts). A new branch in visibleTrips adds its fact here.
 */
export function visibilityShape(user: AuthUser, opts: { tenantId?: number } = {}): string {
  if (isPlatformAdmin(user)) return `platform:${opts.tenantId !== undefined}`;
  return `${user.role}:${user.activeOrgId === null ? 'no org' : 'org'}`;
}

/** [SQL expression, TripRow key]: a lean select of exactly what the DTO needs, dates as text. */
const COLUMNS: [string, keyof TripRow][] = [
  ['trip.id', 'id'],
  ['trip.tenant_id', 'tenantId'],
  ['trip.school_org_id', 'schoolOrgId'],
  ['school.name', 'schoolName'],
  ['trip.bus_company_org_id', 'busCompanyOrgId'],
  ['company.name', 'busCompanyName'],
  ['trip.created_by_id', 'createdById'],
  ['trip.created_by', 'createdBy'],
  ['trip.created_by_email', 'createdByEmail'],
  ['trip.budget_code', 'budgetCode'],
  ['trip.distance_km', 'distanceKm'],
  ['trip.estimate', 'estimate'],
  ['trip.cancellation_fee', 'cancellationFee'],
  ['trip.trip_type', 'tripType'],
  ['trip.custom_type', 'customType'],
  ['trip.origin', 'origin'],
  ['trip.destination', 'destination'],
  [`to_char(trip.departure_date, 'YYYY-MM-DD')`, 'departureDate'],
  ['trip.departure_time', 'departureTime'],
  [`to_char(trip.return_date, 'YYYY-MM-DD')`, 'returnDate'],
  ['trip.return_time', 'returnTime'],
  ['trip.students', 'students'],
  ['trip.staff', 'staff'],
  ['trip.notes', 'notes'],
  ['trip.booster_seats_requested', 'boosterSeatsRequested'],
  ['trip.booster_seat_count', 'boosterSeatCount'],
  ['trip.status', 'status'],
  ['trip.status_before_cancel_request', 'statusBeforeCancelRequest'],
  ['trip.bus_info', 'busInfo'],
  ['trip.driver_info', 'driverInfo'],
  ['trip.buses', 'buses'],
  ['trip.price', 'price'],
  ['trip.paid', 'paid'],
  ['trip.edit_request', 'editRequest'],
  ['trip.edit_request_before', 'editRequestBefore'],
  ['trip.cancel_request', 'cancelRequest'],
  ['trip.deleted', 'deleted'],
  ['trip.series_id', 'seriesId'],
  ['trip.version', 'version'],
  ['trip.created_at', 'createdAt'],
  ['trip.updated_at', 'updatedAt'],
];

/** Turns a trip builder into the lean select of TripRow: the two organization names joined, nothing else. */
export function selectTripRows(qb: SelectQueryBuilder<Trip>): SelectQueryBuilder<Trip> {
  return qb
    .innerJoin(Organization, 'school', 'school.id = trip.school_org_id')
    .leftJoin(Organization, 'company', 'company.id = trip.bus_company_org_id')
    .select(COLUMNS.map(([expr, key]) => `${expr} AS "${key}"`));
}

/** Reads the trips a builder selects as DTOs: one query, raw rows (no entity hydration, no N+1). */
export async function readTrips(qb: SelectQueryBuilder<Trip>): Promise<TripDto[]> {
  const rows = await selectTripRows(qb).getRawMany<TripRow>();
  return rows.map(toTripDto);
}

/** The weeks of a weekly series among the trips `qb` selects, first departure first. */
export function seriesWeeks(qb: SelectQueryBuilder<Trip>, seriesId: string): SelectQueryBuilder<Trip> {
  return qb.andWhere('trip.series_id = :seriesId', { seriesId }).orderBy('trip.departure_date', 'ASC').addOrderBy('trip.id', 'ASC');
}

/** One trip by id as a DTO, whatever its visibility (callers check that first), or null. */
export async function readTrip(em: EntityManager, id: number): Promise<TripDto | null> {
  const [trip] = await readTrips(em.createQueryBuilder(Trip, 'trip').where('trip.id = :id', { id }));
  return trip ?? null;
}

/**
 * The lean select list of TripRow over `table` (a trips row under that name: a CTE, or the UPDATE's own table in
 * RETURNING), with the organization names as subqueries instead of joins: one statement can write a trip and answer it.
 */
export function tripRowList(table: string): string {
  // Every change writes its statement with this list: made once per table name (a handful), not per change.
  let list = rowLists.get(table);
  if (list === undefined) {
    list = rowListOf(table);
    rowLists.set(table, list);
  }
  return list;
}
const rowLists = new Map<string, string>();

function rowListOf(table: string): string {
  return COLUMNS.map(([expr, key]) => {
    const sql =
      expr === 'school.name'
        ? `(SELECT o.name FROM organizations o WHERE o.id = ${table}.school_org_id)`
        : expr === 'company.name'
          ? `(SELECT o.name FROM organizations o WHERE o.id = ${table}.bus_company_org_id)`
          : expr.replace(/\btrip\./g, `${table}.`);
    return `${sql} AS "${key}"`;
  }).join(', ');
}

/** The TripAudienceFacts of the trip row `table` as two more columns (see tripRowList, readAudienceFacts). */
export function tripAudienceList(table: string): string {
  return `ARRAY(SELECT p.bus_company_org_id FROM partnerships p WHERE p.school_org_id = ${table}.school_org_id ORDER BY 1) AS "partnerCompanyIds",
    (SELECT json_build_object('id', a.id, 'role', a.role, 'tenantId', a.tenant_id, 'activeOrgId', a.active_org_id, 'status', a.status,
                              'name', a.name, 'email', a.email, 'emailNotices', a.email_notices)
       FROM users a WHERE a.id = ${table}.created_by_id) AS "author"`;
}

/** A row read with tripRowList and tripAudienceList: the trip as a DTO, and its audience facts. */
export function splitAudience(row: TripRow & TripAudienceFacts): { trip: TripDto; audience: TripAudienceFacts } {
  const { partnerCompanyIds, author, ...trip } = row;
  return { trip: toTripDto(trip), audience: { partnerCompanyIds: partnerCompanyIds.map(Number), author } };
}

/**
 * Locks the trip's row if the caller may see it and reads it, with the facts its live event and the partner rule need,
 * in one statement; null if there is no such trip for this caller. Only the trip's row is locked, not its organizations'.
 */
export async function lockVisibleTrip(
  tx: EntityManager,
  caller: AuthUser,
  id: number,
): Promise<{ trip: TripDto; audience: TripAudienceFacts } | null> {
  // Names by subquery, not join: a read that waited for the lock sees the row as its holder left it, and a join
  // would keep the organization it matched before (PostgreSQL re-checks only the locked row).
  // Compiled once per caller's shape: every change of a trip runs this, and building its SQL took more CPU than running it.
  const qb = visibleTrips(tx, caller)
    .andWhere('trip.id = :id', { id })
    .select(LOCK_SELECT)
    .setLock('pessimistic_write', undefined, ['trip']);
  const [row] = await runCompiled<TripRow & TripAudienceFacts>(tx, lockStatements, visibilityShape(caller), qb);
  return row ? splitAudience(row) : null;
}

/** lockVisibleTrip's select list (the builder is made on every change; its SQL only once per shape). */
const LOCK_SELECT = `${tripRowList('trip')}, ${tripAudienceList('trip')}`;
/** lockVisibleTrip's statement for each shape of caller. */
const lockStatements = new Map<string, CompiledQuery>();

/** A trip's history, oldest first. */
export async function readTripHistory(em: EntityManager, tripId: number): Promise<TripHistoryDto[]> {
  const rows = await em.getRepository(TripHistory).find({ where: { tripId }, order: { id: 'ASC' } });
  return rows.map(toTripHistoryDto);
}

/** A trip's subtrips, by creation. */
export async function readSubtrips(em: EntityManager, tripId: number): Promise<SubtripDto[]> {
  const rows = await em.getRepository(Subtrip).find({ where: { tripId }, order: { createdAt: 'ASC', id: 'ASC' } });
  return rows.map(toSubtripDto);
}

/** A trip's passengers, in the order they were added. */
export async function readPassengers(em: EntityManager, tripId: number): Promise<PassengerDto[]> {
  const rows = await em.getRepository(Passenger).find({ where: { tripId }, order: { id: 'ASC' } });
  return rows.map(toPassengerDto);
}

/** An organization by id, or null. */
export function findOrganization(em: EntityManager, id: number): Promise<Organization | null> {
  return em.findOneBy(Organization, { id });
}

/** The bus companies partnered with a school, at most `limit` of them. */
export async function partnerCompanyIds(em: EntityManager, schoolOrgId: number, limit: number): Promise<number[]> {
  const partners = await em.find(Partnership, { where: { schoolOrgId }, take: limit });
  return partners.map((p) => p.busCompanyOrgId);
}
