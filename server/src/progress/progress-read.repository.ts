import type { EntityManager } from 'typeorm';
import { departureCountMismatch } from '../contracts/progress-rules';
import type { DriverPassengerDto } from '../contracts/driver-wire';
import type { TripDto } from '../contracts/trip-wire';
import { busProgressOf, departedCount, type DriverFacts, type StoredStep } from './progress.mapper';

/**
 * Reads of the day of travel (docs/domain.md, "The day of travel"): every trip's steps for its `progress`, a driver and
 * their assignments. Each read takes one statement for any number of trips.
 */

/** An instant as the wire writes it (ISO 8601, UTC, milliseconds), the same whichever database driver reads it. */
const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * For each trip of $1: how many passengers its list holds, and its steps in the order received (undone ones too), as
 * one JSON array per trip. The steps come by the (trip_id, received_at) index. On every row, the same: which of the fleet
 * drivers $2 have an approved driver account (by the users' unique fleet driver index), that is, who reports.
 */
const PROGRESS_SQL = `
  WITH reporting AS (
    SELECT COALESCE(jsonb_agg(u.fleet_driver_id), '[]'::jsonb) AS ids
      FROM users u
     WHERE u.fleet_driver_id = ANY($2::int[]) AND u.role = 'driver' AND u.status = 'approved')
  SELECT t.id AS "tripId",
         (SELECT ids FROM reporting) AS "reporting",
         (SELECT count(*)::int FROM trip_passengers p WHERE p.trip_id = t.id) AS "listed",
         COALESCE((
           SELECT jsonb_agg(jsonb_build_object(
                    'id', s.id, 'driverId', s.driver_id, 'step', s.step, 'at', ${isoSql('s.device_at')},
                    'receivedAt', ${isoSql('s.received_at')}, 'passengers', s.passengers, 'note', s.note,
                    'by', jsonb_build_object('id', s.actor_id, 'name', s.actor_name),
                    'undoneAt', CASE WHEN s.undone_at IS NULL THEN NULL ELSE ${isoSql('s.undone_at')} END)
                  ORDER BY s.received_at, s.device_at)
             FROM trip_progress_steps s WHERE s.trip_id = t.id), '[]'::jsonb) AS "steps"
    FROM unnest($1::int[]) AS t(id)`;

/**
 * Fills in `progress` and `departureCount` on trips read for an answer or an event (TripFleet.decorate calls it): one
 * read for all the trips whose buses name a fleet driver, and which of those drivers report (busProgressOf); the others
 * carry none. `now` (the server's wall clock) and `lateMinutes` decide which buses are late.
 */
export async function addProgress(em: EntityManager, trips: TripDto[], now: string, lateMinutes: number): Promise<void> {
  const driven = trips.filter((t) => t.buses.some((b) => b.driverId != null));
  for (const t of trips) {
    t.progress = [];
    t.departureCount = null;
  }
  if (driven.length === 0) return;
  const drivers = new Set(driven.flatMap((t) => t.buses.flatMap((b) => (b.driverId == null ? [] : [b.driverId]))));
  const rows = await em.query<{ tripId: number; reporting: number[]; listed: number; steps: StoredStep[] }[]>(PROGRESS_SQL, [
    [...new Set(driven.map((t) => t.id))],
    [...drivers],
  ]);
  const byTrip = new Map(rows.map((r) => [r.tripId, r]));
  const reporting = new Set(rows[0]?.reporting ?? []);
  // The same trip may come twice (a board's bar and its lane): each copy gets its own.
  for (const t of driven) {
    const row = byTrip.get(t.id);
    t.progress = busProgressOf(t, row?.steps ?? [], reporting, now, lateMinutes);
    t.departureCount = departureCountMismatch(t.progress.map(departedCount), Number(row?.listed ?? 0));
  }
}

/** The fleet driver a driver account stands for, with their company's name; null when there is none in `tenantId`. */
export async function findDriver(em: EntityManager, driverId: number, tenantId: number | null): Promise<DriverFacts | null> {
  const [driver] = await em.query<DriverFacts[]>(
    `SELECT d.id, d.name, d.tenant_id AS "tenantId", d.company_org_id AS "companyOrgId", o.name AS "companyName"
       FROM fleet_drivers d JOIN organizations o ON o.id = d.company_org_id
      WHERE d.id = $1 AND d.tenant_id = $2`,
    [driverId, tenantId ?? -1],
  );
  return driver ?? null;
}

/**
 * The trips a fleet driver is on whose window overlaps [$2, $3) (wall-clock timestamps): those their company holds
 * (Accepted, Confirmed, Cancel Requested), and those completed with one of their steps received since $4 (an instant:
 * the day's finished trips stay on the driver's list). By the (driver_id, ends_at) index of fleet_assignments.
 */
export async function assignedTripIds(
  em: EntityManager,
  driverId: number,
  from: string,
  until: string,
  stepsSince: string,
): Promise<number[]> {
  const rows = await em.query<{ tripId: number }[]>(
    `SELECT DISTINCT fa.trip_id AS "tripId"
       FROM fleet_assignments fa
       JOIN trips t ON t.id = fa.trip_id AND t.bus_company_org_id = fa.company_org_id
      WHERE fa.driver_id = $1 AND fa.ends_at > $2::timestamp AND fa.starts_at < $3::timestamp AND t.deleted = false
        AND (t.status IN ('Accepted', 'Confirmed', 'Cancel Requested')
             OR (t.status = 'Completed' AND EXISTS (
               SELECT 1 FROM trip_progress_steps s WHERE s.trip_id = t.id AND s.driver_id = $1 AND s.received_at >= $4)))`,
    [driverId, from, until, stepsSince],
  );
  return rows.map((r) => r.tripId);
}

/** The passenger lists of the trips, each in the order its passengers were added. */
export async function passengerLists(em: EntityManager, tripIds: number[]): Promise<Map<number, DriverPassengerDto[]>> {
  const lists = new Map<number, DriverPassengerDto[]>(tripIds.map((id) => [id, []]));
  if (tripIds.length === 0) return lists;
  const rows = await em.query<(DriverPassengerDto & { tripId: number })[]>(
    `SELECT trip_id AS "tripId", full_name AS "fullName", pickup_point AS "pickupPoint", dropoff_point AS "dropoffPoint", notes
       FROM trip_passengers WHERE trip_id = ANY($1::int[]) ORDER BY trip_id, id`,
    [tripIds],
  );
  for (const { tripId, ...passenger } of rows) lists.get(tripId)?.push(passenger);
  return lists;
}
