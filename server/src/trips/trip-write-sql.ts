import type { EntityMetadata } from 'typeorm';
import type { Trip } from './trip.entity';
import { tripAudienceList, tripRowList } from './trip-scope';

/**
 * DESIGN §4 "request" in one statement, so one round trip (a single statement is atomic: trip and history commit
 * together or not at all): the school, if it is one the caller may name ($2 its tenant, unless $3 any tenant); the
 * Pending trip (spec §4: price 0, no company, no buses, both requests false: the columns' defaults); its history
 * row; and the trip as the API answers it, with the facts its live event needs (TripAudienceFacts). No row: no
 * such school for this caller, and nothing written.
 */
export const CREATE_TRIP_SQL = `
WITH school AS (
  SELECT o.id, o.tenant_id FROM organizations o
   WHERE o.id = $1::int AND o.type = 'school' AND ($3::boolean OR o.tenant_id = $2::int)
), created AS (
  INSERT INTO trips (tenant_id, school_org_id, created_by_id, created_by, created_by_email, trip_type, custom_type, origin,
                     destination, departure_date, departure_time, return_date, return_time, students, staff, notes,
                     booster_seats_requested, booster_seat_count, status)
  SELECT school.tenant_id, school.id, $4::int, $5::varchar, $6::varchar, $7::varchar, $8::varchar, $9::varchar,
         $10::varchar, $11::date, $12::varchar, $13::date, $14::varchar, $15::int, $16::int, $17::varchar,
         $18::boolean, $19::int, 'Pending'
    FROM school
  RETURNING *
), history AS (
  INSERT INTO trip_history (trip_id, action, from_status, to_status, fields, actor_id, actor_name)
  SELECT created.id, 'request', NULL, 'Pending', '[]'::jsonb, $4::int, $5::varchar FROM created
)
SELECT ${tripRowList('created')}, ${tripAudienceList('created')} FROM created`;

/** The history row a PATCH writes with its UPDATE (DESIGN §4 History): `fields` as predicted before the write. */
export interface PatchHistory {
  action: string;
  fromStatus: string | null;
  fields: string[];
  actorId: number;
  actorName: string;
}

/**
 * A PATCH as one statement: `values` (Trip properties, as TypeORM's update takes them; jsonb columns as JSON), the
 * version bumped and updated_at set as the entity's @VersionColumn and @UpdateDateColumn would, only while the row is
 * still at `version`; its history row; and the trip as written (tripRowList) with the history row's id. No row: the
 * version moved on, and nothing was written.
 */
export function updateTripStatement(
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
      INSERT INTO trip_history (trip_id, action, from_status, to_status, fields, actor_id, actor_name)
      SELECT updated.id, ${p(history.action)}::varchar, ${p(history.fromStatus)}::varchar, updated.status, ${p(JSON.stringify(history.fields))}::jsonb,
             ${p(history.actorId)}::int, ${p(history.actorName)}::varchar
        FROM updated
      RETURNING id
    )
    SELECT ${tripRowList('updated')}, (SELECT history.id FROM history) AS "historyId" FROM updated`;
  return [sql, params];
}

/** A history row's fields, when the prediction written with the change missed (jsonb's own key order, say). */
export const FIX_HISTORY_FIELDS_SQL = `UPDATE trip_history SET fields = $2::jsonb WHERE id = $1`;

/** One history row (DESIGN §4 History), in the caller's transaction. */
export const INSERT_HISTORY_SQL = `INSERT INTO trip_history (trip_id, action, from_status, to_status, fields, actor_id, actor_name)
  VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`;
