import type { EntityManager, EntityMetadata } from 'typeorm';
import type { TripAudienceFacts } from '../../common/domain-events';
import type { TripEstimate } from '../../contracts/pricing';
import type {
  BusAssignment,
  PassengerDto,
  SubtripDto,
  TripDto,
  TripFormFields,
  TripHistoryAction,
  TripStatus,
} from '../../contracts/trip-wire';
import { returnedRows } from '../../database/returned-rows';
import { Passenger } from '../passenger.entity';
import { Subtrip } from '../subtrip.entity';
import { toPassengerDto, toSubtripDto, type TripRow } from '../trip.mapper';
import { Trip } from '../trip.entity';
import { splitAudience, tripAudienceList, tripRowList } from './trip-read.repository';

/**
 * The "request" action (a new Pending trip) in one statement, so one round trip (a single statement is atomic: trip
 * and history commit together or not at all): the school, if it is one the caller may name ($2 its tenant, unless $3 any tenant); the
 * Pending trip (price 0, no company, no buses, both requests false: the columns' defaults); its history
 * row; and the trip as the API answers it, with the facts its live event needs (TripAudienceFacts). No row: no
 * such school for this caller, and nothing written.
 */
const CREATE_TRIP_SQL = `
WITH school AS (
  SELECT o.id, o.tenant_id FROM organizations o
   WHERE o.id = $1::int AND o.type = 'school' AND ($3::boolean OR o.tenant_id = $2::int)
), created AS (
  INSERT INTO trips (tenant_id, school_org_id, created_by_id, created_by, created_by_email, trip_type, custom_type, origin,
                     destination, departure_date, departure_time, return_date, return_time, students, staff, notes,
                     booster_seats_requested, booster_seat_count, status, budget_code, distance_km, estimate, series_id)
  SELECT school.tenant_id, school.id, $4::int, $5::varchar, $6::varchar, $7::varchar, $8::varchar, $9::varchar,
         $10::varchar, $11::date, $12::varchar, $13::date, $14::varchar, $15::int, $16::int, $17::varchar,
         $18::boolean, $19::int, $20::varchar, $21::varchar, $22::int, $23::jsonb, $24::uuid
    FROM school
  RETURNING *
), history AS (
  INSERT INTO trip_history (trip_id, action, from_status, to_status, fields, actor_id, actor_name)
  SELECT created.id, 'request', NULL, created.status, '[]'::jsonb, $4::int, $5::varchar FROM created
)
SELECT ${tripRowList('created')}, ${tripAudienceList('created')} FROM created`;

/** The history row a PATCH writes with its UPDATE (the trip's history): `fields` as predicted before the write. */
export interface PatchHistory {
  action: string;
  fromStatus: string | null;
  fields: string[];
  actorId: number | null;
  actorName: string;
  /** The approver's comment, or why the change happened when it tells no more by itself. */
  note?: string | null;
}

/**
 * A PATCH as one statement: `values` (Trip properties, as TypeORM's update takes them; jsonb columns as JSON), the
 * version bumped and updated_at set as the entity's @VersionColumn and @UpdateDateColumn would, only while the row is
 * still at `version`; its history row; and the trip as written (tripRowList) with the history row's id. No row: the
 * version moved on, and nothing was written.
 */
function updateTripStatement(
  meta: EntityMetadata,
  id: number,
  version: number,
  values: Partial<Trip>,
  history: PatchHistory,
): [string, unknown[]] {
  const params: unknown[] = [];
  const sets: string[] = [];
  for (const [property, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = meta.findColumnWithPropertyName(property);
    if (!column) throw new Error(`trips has no column for ${property}`);
    params.push(column.type === 'jsonb' && value !== null ? JSON.stringify(value) : value);
    sets.push(`"${column.databaseName}" = $${params.length}`);
  }
  const p = (value: unknown) => `$${params.push(value)}`;
  const sql = `WITH updated AS (
      UPDATE trips SET ${sets.join(', ')}, version = version + 1, updated_at = CURRENT_TIMESTAMP
       WHERE id = ${p(id)}::int AND version = ${p(version)}::int
      RETURNING *
    ), history AS (
      INSERT INTO trip_history (trip_id, action, from_status, to_status, fields, actor_id, actor_name, note)
      SELECT updated.id, ${p(history.action)}::varchar, ${p(history.fromStatus)}::varchar, updated.status, ${p(JSON.stringify(history.fields))}::jsonb,
             ${p(history.actorId)}::int, ${p(history.actorName)}::varchar, ${p(history.note ?? null)}::varchar
        FROM updated
      RETURNING id
    )
    SELECT ${tripRowList('updated')}, (SELECT history.id FROM history) AS "historyId" FROM updated`;
  return [sql, params];
}

/** A history row's fields, when the prediction written with the change missed (jsonb's own key order, say). */
const FIX_HISTORY_FIELDS_SQL = `UPDATE trip_history SET fields = $2::jsonb WHERE id = $1`;

/** One history row (who, when, from, to, which fields), in the caller's transaction. */
const INSERT_HISTORY_SQL = `INSERT INTO trip_history (trip_id, action, from_status, to_status, fields, actor_id, actor_name, note)
  VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)`;

/** Who a write is by, as history and the trip's requester columns record it. */
export interface TripActor {
  id: number;
  name: string;
  email: string;
}

/** The new trip's school and the checks on it: `tenantId` the caller's, `anyTenant` for a platform admin. */
export interface NewTripSchool {
  schoolOrgId: number;
  tenantId: number | null;
  anyTenant: boolean;
}

/**
 * Writes a new trip in `start.status` (Pending, or Awaiting Approval under the school's policy) and its history row
 * (CREATE_TRIP_SQL); null if the school is not one the caller may name.
 */
export async function insertTrip(
  tx: EntityManager,
  school: NewTripSchool,
  actor: TripActor,
  form: TripFormFields,
  start: {
    status: TripStatus;
    budgetCode: string | null;
    estimate: TripEstimate | null;
    /** The weekly series it is a week of, or null. */
    seriesId: string | null;
  },
): Promise<{ trip: TripDto; audience: TripAudienceFacts } | null> {
  const [row] = await tx.query<(TripRow & TripAudienceFacts)[]>(CREATE_TRIP_SQL, [
    school.schoolOrgId,
    school.tenantId,
    school.anyTenant,
    actor.id,
    actor.name,
    actor.email,
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
    start.status,
    start.budgetCode,
    form.distanceKm,
    start.estimate === null ? null : JSON.stringify(start.estimate),
    start.seriesId,
  ]);
  return row ? splitAudience(row) : null;
}

/**
 * Writes a PATCH's values and its history row (updateTripStatement) while the trip is still at `version`. Answers the
 * trip as written with the history row's id, or null when the version moved on (nothing written).
 */
export async function writeTripPatch(
  tx: EntityManager,
  id: number,
  version: number,
  values: Partial<Trip>,
  history: PatchHistory,
): Promise<{ row: TripRow; historyId: number } | null> {
  const result = await tx.query<unknown[]>(...updateTripStatement(tx.connection.getMetadata(Trip), id, version, values, history));
  const [written] = returnedRows<TripRow & { historyId: number }>(result);
  if (!written) return null;
  const { historyId, ...row } = written;
  return { row, historyId };
}

/** Corrects a history row's fields, when the prediction written with the change missed (jsonb's own key order, say). */
export async function correctHistoryFields(tx: EntityManager, historyId: number, fields: string[]): Promise<void> {
  await tx.query(FIX_HISTORY_FIELDS_SQL, [historyId, JSON.stringify(fields)]);
}

/** One history row for a change that is not a PATCH of the trip's own columns (a subtrip, passengers). */
export async function recordHistory(
  tx: EntityManager,
  entry: {
    tripId: number;
    action: TripHistoryAction;
    fromStatus: TripStatus | null;
    toStatus: TripStatus | null;
    fields: string[];
    note?: string | null;
  },
  actor: { id: number | null; name: string },
): Promise<void> {
  await tx.query(INSERT_HISTORY_SQL, [
    entry.tripId,
    entry.action,
    entry.fromStatus,
    entry.toStatus,
    JSON.stringify(entry.fields),
    actor.id,
    actor.name,
    entry.note ?? null,
  ]);
}

export async function insertSubtrip(
  tx: EntityManager,
  tripId: number,
  buses: BusAssignment[],
  actor: Pick<TripActor, 'id' | 'name'>,
): Promise<SubtripDto> {
  const subtrip = await tx.save(tx.create(Subtrip, { tripId, buses, createdById: actor.id, createdBy: actor.name }));
  return toSubtripDto(subtrip);
}

export async function insertPassengers(
  tx: EntityManager,
  tripId: number,
  passengers: Partial<Passenger>[],
  actorId: number,
): Promise<PassengerDto[]> {
  const saved = await tx.save(passengers.map((p) => tx.create(Passenger, { ...p, tripId, createdById: actorId })));
  return saved.map(toPassengerDto);
}
