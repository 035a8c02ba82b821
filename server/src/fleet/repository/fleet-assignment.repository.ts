import type { EntityManager } from 'typeorm';
import { FLEET_HOLDING_STATUSES, type TripTimes, tripWindow } from '../../contracts/fleet-rules';
import type { FleetConflict } from '../../contracts/fleet-wire';
import type { BusAssignment, TripClash, TripDto, TripFleetGap } from '../../contracts/trip-wire';

/**
 * `fleet_assignments`, the index of which trip holds which fleet bus and driver when, and the SQL side of
 * contracts/fleet-rules.ts, for the queries that cannot call it row by row: `holdsFleet` and
 * `windowsOverlap` as conditions. fleet-rules.spec.ts holds the pure rule; dispatch.e2e.ts proves both agree.
 */

/** `holdsFleet(trip)` for a `trips` alias: not deleted, and Accepted, Confirmed, Cancel Requested or an edit request. */
export const holdsFleetSql = (t: string): string =>
  `(${t}.deleted = false AND (${t}.status IN (${FLEET_HOLDING_STATUSES.map((s) => `'${s}'`).join(', ')}) OR (${t}.status = 'Pending' AND ${t}.edit_request)))`;

/** `windowsOverlap` for a fleet_assignments alias against a window given as two timestamp parameters. */
const overlapsSql = (fa: string, start: string, end: string): string =>
  `(${fa}.ends_at > ${start}::timestamp AND ${fa}.starts_at < ${end}::timestamp)`;

/** The columns of a trip a clash names, as text (dates YYYY-MM-DD). */
const clashTripColumns = (t: string): string =>
  `${t}.destination AS "destination", ${t}.status AS "status", to_char(${t}.departure_date, 'YYYY-MM-DD') AS "departureDate",
   ${t}.departure_time AS "departureTime", to_char(${t}.return_date, 'YYYY-MM-DD') AS "returnDate", ${t}.return_time AS "returnTime"`;

/**
 * The clash check of an assignment: other trips that hold one of these buses ($1) or drivers ($2) at a time overlapping
 * the window $4–$5, other than the trip being assigned ($3), with what they hold.
 */
export const CONFLICTS_SQL = `
  SELECT fa.trip_id AS "tripId", 'bus' AS "resource", fa.bus_id AS "resourceId", b.name AS "resourceName", ${clashTripColumns('t')}
    FROM fleet_assignments fa
    JOIN trips t ON t.id = fa.trip_id AND t.bus_company_org_id = fa.company_org_id
    JOIN fleet_buses b ON b.id = fa.bus_id
   WHERE fa.bus_id = ANY($1::int[]) AND fa.trip_id <> $3 AND ${overlapsSql('fa', '$4', '$5')} AND ${holdsFleetSql('t')}
  UNION
  SELECT fa.trip_id, 'driver', fa.driver_id, d.name, ${clashTripColumns('t')}
    FROM fleet_assignments fa
    JOIN trips t ON t.id = fa.trip_id AND t.bus_company_org_id = fa.company_org_id
    JOIN fleet_drivers d ON d.id = fa.driver_id
   WHERE fa.driver_id = ANY($2::int[]) AND fa.trip_id <> $3 AND ${overlapsSql('fa', '$4', '$5')} AND ${holdsFleetSql('t')}
   ORDER BY "departureDate", "tripId", "resource"`;

/**
 * For each of the trips $1: the other trips it clashes with, over which bus or driver. The overlapping pairs come first
 * from the fleet index alone (index lookups per bus and driver); only those few pairs are then checked against their
 * trips (by primary key), so a board of hundreds of trips never scans the trips table.
 */
const CLASHES_SQL = `
  WITH pairs AS MATERIALIZED (
    SELECT a.trip_id AS for_trip, b.trip_id AS other, 'bus' AS resource, a.bus_id AS resource_id, a.company_org_id AS company_a, b.company_org_id AS company_b
      FROM fleet_assignments a
      JOIN fleet_assignments b ON b.bus_id = a.bus_id AND b.trip_id <> a.trip_id AND b.ends_at > a.starts_at AND b.starts_at < a.ends_at
     WHERE a.trip_id = ANY($1::int[]) AND a.bus_id IS NOT NULL
    UNION
    SELECT a.trip_id, b.trip_id, 'driver', a.driver_id, a.company_org_id, b.company_org_id
      FROM fleet_assignments a
      JOIN fleet_assignments b ON b.driver_id = a.driver_id AND b.trip_id <> a.trip_id AND b.ends_at > a.starts_at AND b.starts_at < a.ends_at
     WHERE a.trip_id = ANY($1::int[]) AND a.driver_id IS NOT NULL
  )
  SELECT p.for_trip AS "forTripId", p.other AS "tripId", p.resource AS "resource", p.resource_id AS "resourceId",
         COALESCE(fb.name, fd.name) AS "resourceName"
    FROM pairs p
    JOIN trips ta ON ta.id = p.for_trip AND ta.bus_company_org_id = p.company_a AND ${holdsFleetSql('ta')}
    JOIN trips tb ON tb.id = p.other AND tb.bus_company_org_id = p.company_b AND ${holdsFleetSql('tb')}
    LEFT JOIN fleet_buses fb ON p.resource = 'bus' AND fb.id = p.resource_id
    LEFT JOIN fleet_drivers fd ON p.resource = 'driver' AND fd.id = p.resource_id`;

/** For each of the trips $1: the fleet buses and drivers it names that are out of service (deactivated). */
const OUT_OF_SERVICE_SQL = `
  SELECT fa.trip_id AS "forTripId", 'bus' AS "resource", b.id AS "resourceId", b.name AS "resourceName"
    FROM fleet_assignments fa JOIN fleet_buses b ON b.id = fa.bus_id AND b.active = false
   WHERE fa.trip_id = ANY($1::int[])
  UNION
  SELECT fa.trip_id, 'driver', d.id, d.name
    FROM fleet_assignments fa JOIN fleet_drivers d ON d.id = fa.driver_id AND d.active = false
   WHERE fa.trip_id = ANY($1::int[])
   ORDER BY "forTripId", "resource", "resourceId"`;

/**
 * A condition on a `trip` alias (use inside EXISTS): one of its fleet rows names a bus or driver out of service, or one
 * another assignment holds at an overlapping time. A superset: whether the other trip holds it is TripFleet.decorate's.
 */
export const FLEET_TROUBLE_SQL = `
  SELECT 1 FROM fleet_assignments fa
    LEFT JOIN fleet_buses fb ON fb.id = fa.bus_id
    LEFT JOIN fleet_drivers fd ON fd.id = fa.driver_id
   WHERE fa.trip_id = trip.id AND (fb.active = false OR fd.active = false OR EXISTS (
     SELECT 1 FROM fleet_assignments o
      WHERE o.trip_id <> fa.trip_id AND o.ends_at > fa.starts_at AND o.starts_at < fa.ends_at
        AND ((fa.bus_id IS NOT NULL AND o.bus_id = fa.bus_id) OR (fa.driver_id IS NOT NULL AND o.driver_id = fa.driver_id))))`;

export const isFleetItem = (b: BusAssignment): boolean => b.busId != null || b.driverId != null;

/** Distinct ids, sorted (the order rows are locked in). */
export const distinctIds = (values: (number | null | undefined)[]): number[] =>
  [...new Set(values.filter((v): v is number => v != null))].sort((a, b) => a - b);

/** The clash check of an assignment (CONFLICTS_SQL): what other trips hold these buses or drivers in the window. */
export function findConflicts(
  tx: EntityManager,
  busIds: number[],
  driverIds: number[],
  tripId: number,
  window: { start: string; end: string },
): Promise<FleetConflict[]> {
  return tx.query<FleetConflict[]>(CONFLICTS_SQL, [busIds, driverIds, tripId, window.start, window.end]);
}

/** For each trip: the other trips it clashes with (CLASHES_SQL). */
export function findClashes(em: EntityManager, tripIds: number[]): Promise<(TripClash & { forTripId: number })[]> {
  return em.query<(TripClash & { forTripId: number })[]>(CLASHES_SQL, [tripIds]);
}

/** For each trip: its fleet buses and drivers out of service (OUT_OF_SERVICE_SQL). */
export function findOutOfService(em: EntityManager, tripIds: number[]): Promise<(TripFleetGap & { forTripId: number })[]> {
  return em.query<(TripFleetGap & { forTripId: number })[]>(OUT_OF_SERVICE_SQL, [tripIds]);
}

/** The trips a bus or driver is assigned to that are not yet back at `now`. */
export async function tripsAssigned(em: EntityManager, resource: 'bus' | 'driver', id: number, now: string): Promise<number[]> {
  const column = resource === 'bus' ? 'bus_id' : 'driver_id';
  const rows = await em.query<{ tripId: number }[]>(
    `SELECT DISTINCT trip_id AS "tripId" FROM fleet_assignments WHERE ${column} = $1 AND ends_at > $2::timestamp`,
    [id, now],
  );
  return rows.map((r) => r.tripId);
}

/**
 * Rebuilds a trip's rows in `fleet_assignments` from its buses and times. Each row belongs to the company whose
 * fleet it names (normally the trip's; kept if the trip later moves to another company, which then does not hold it).
 */
export async function syncFleetAssignments(tx: EntityManager, trip: Pick<TripDto, 'id' | 'buses'> & TripTimes): Promise<void> {
  await tx.query('DELETE FROM fleet_assignments WHERE trip_id = $1', [trip.id]);
  const items = trip.buses.filter(isFleetItem);
  if (items.length === 0) return;
  const [busCompanies, driverCompanies] = await Promise.all([
    companiesOf(tx, 'fleet_buses', distinctIds(items.map((b) => b.busId))),
    companiesOf(tx, 'fleet_drivers', distinctIds(items.map((b) => b.driverId))),
  ]);
  const params: unknown[] = [trip.id, tripWindow(trip).start, tripWindow(trip).end];
  const values: string[] = [];
  for (const b of items) {
    const busId = b.busId != null && busCompanies.has(b.busId) ? b.busId : null;
    const driverId = b.driverId != null && driverCompanies.has(b.driverId) ? b.driverId : null;
    const company =
      (busId !== null ? busCompanies.get(busId) : undefined) ?? (driverId !== null ? driverCompanies.get(driverId) : undefined);
    if (company === undefined) continue;
    params.push(company, busId, driverId);
    const n = params.length;
    values.push(`($1, $${n - 2}, $${n - 1}, $${n}, $2::timestamp, $3::timestamp)`);
  }
  if (values.length === 0) return;
  await tx.query(
    `INSERT INTO fleet_assignments (trip_id, company_org_id, bus_id, driver_id, starts_at, ends_at) VALUES ${values.join(', ')}`,
    params,
  );
}

async function companiesOf(tx: EntityManager, table: 'fleet_buses' | 'fleet_drivers', wanted: number[]): Promise<Map<number, number>> {
  if (wanted.length === 0) return new Map();
  const rows = await tx.query<{ id: number; company: number }[]>(
    `SELECT id, company_org_id AS company FROM ${table} WHERE id = ANY($1::int[])`,
    [wanted],
  );
  return new Map(rows.map((r) => [r.id, r.company]));
}
