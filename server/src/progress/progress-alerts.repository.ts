import type { EntityManager } from 'typeorm';
import type { NotificationDto } from '../contracts/fleet-wire';
import type { TripDto } from '../contracts/trip-wire';
import { readTrips } from '../trips/repository/trip-read.repository';
import { Trip } from '../trips/trip.entity';
import { openProgressNotification, type ProgressAlertRow } from './progress.mapper';

/**
 * `progress_alerts`: one row per trip, bus (its fleet driver; 0 for the trip as a whole) and kind, ever. The unique key
 * lets exactly one replica's insert through, so only that replica announces the alert.
 */

/** The alerts a check found due, as they are inserted. */
export interface DueAlert {
  tripId: number;
  tenantId: number;
  driverId: number;
  kind: ProgressAlertRow['kind'];
}

/** Inserts the alerts not raised yet, in one statement: the rows this call raised (those another replica raised are not). */
export function raiseProgressAlerts(tx: EntityManager, due: DueAlert[]): Promise<ProgressAlertRow[]> {
  return tx.query<ProgressAlertRow[]>(
    `INSERT INTO progress_alerts (trip_id, tenant_id, driver_id, kind)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::varchar[])
     ON CONFLICT (trip_id, driver_id, kind) DO NOTHING
     RETURNING id, trip_id AS "tripId", driver_id AS "driverId", kind, raised_at AS "raisedAt"`,
    [due.map((d) => d.tripId), due.map((d) => d.tenantId), due.map((d) => d.driverId), due.map((d) => d.kind)],
  );
}

/**
 * The running trips a bus of which may be late around `now`: a fleet driver on them, departing by `departsBy` (12 hours
 * ahead: the acknowledgement) and not back before `backAfter` (a bus still out long after is alerted by then). Wall-clock
 * timestamps, like fleet_assignments'.
 */
export async function tripsToWatch(tx: EntityManager, departsBy: string, backAfter: string): Promise<number[]> {
  const rows = await tx.query<{ tripId: number }[]>(
    `SELECT DISTINCT fa.trip_id AS "tripId"
       FROM fleet_assignments fa
       JOIN trips t ON t.id = fa.trip_id AND t.bus_company_org_id = fa.company_org_id
      WHERE fa.driver_id IS NOT NULL AND fa.starts_at <= $1::timestamp AND fa.ends_at >= $2::timestamp
        AND t.deleted = false AND t.status IN ('Confirmed', 'Cancel Requested')`,
    [departsBy, backAfter],
  );
  return rows.map((r) => r.tripId);
}

/**
 * The running trips whose buses name the fleet driver of account `userId`, not back before `backAfter` (wall clock, like
 * fleet_assignments'): those whose progress an account made, deactivated or given another role changes.
 */
export async function runningTripsOfAccount(tx: EntityManager, userId: number, backAfter: string): Promise<number[]> {
  const rows = await tx.query<{ tripId: number }[]>(
    `SELECT DISTINCT fa.trip_id AS "tripId"
       FROM users u
       JOIN fleet_assignments fa ON fa.driver_id = u.fleet_driver_id
       JOIN trips t ON t.id = fa.trip_id AND t.bus_company_org_id = fa.company_org_id
      WHERE u.id = $1 AND fa.ends_at >= $2::timestamp
        AND t.deleted = false AND t.status IN ('Confirmed', 'Cancel Requested')`,
    [userId, backAfter],
  );
  return rows.map((r) => r.tripId);
}

/** Whose alerts a caller reads: a tenant's (admins), a company's (dispatchers), a school's (staff); none: every tenant's. */
export interface AlertScope {
  tenantId?: number;
  companyId?: number;
  /** School staff are told of late departures and returns and of the count, not of a driver yet to acknowledge. */
  schoolId?: number;
}

/**
 * The day-of-travel alerts still open for `scope`, newest first (at most `limit`): a bus still late for the same reason
 * (its trip still running), a departure count that still differs, on trips not back before `since`. `decorate` computes
 * the trips' progress (TripFleet.decorate), which alone tells whether a bus is still late.
 */
export async function openProgressNotifications(
  em: EntityManager,
  scope: AlertScope,
  since: string,
  limit: number,
  decorate: (trips: TripDto[]) => Promise<TripDto[]>,
): Promise<NotificationDto[]> {
  const params: unknown[] = [since, limit];
  const where: string[] = [];
  if (scope.tenantId !== undefined) where.push(`a.tenant_id = $${params.push(scope.tenantId)}`);
  if (scope.companyId !== undefined) where.push(`t.bus_company_org_id = $${params.push(scope.companyId)}`);
  if (scope.schoolId !== undefined) where.push(`t.school_org_id = $${params.push(scope.schoolId)} AND a.kind <> 'acknowledge'`);
  const rows = await em.query<ProgressAlertRow[]>(
    `SELECT a.id, a.trip_id AS "tripId", a.driver_id AS "driverId", a.kind, a.raised_at AS "raisedAt"
       FROM progress_alerts a JOIN trips t ON t.id = a.trip_id
      WHERE t.deleted = false AND t.return_date >= $1::date
        AND (t.status IN ('Confirmed', 'Cancel Requested') OR a.kind = 'departureCount')
        ${where.map((w) => `AND ${w}`).join(' ')}
      ORDER BY a.id DESC LIMIT $2`,
    params,
  );
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.tripId))];
  const trips = await decorate(await readTrips(em.createQueryBuilder(Trip, 'trip').where('trip.id IN (:...ids)', { ids })));
  const byId = new Map(trips.map((t) => [t.id, t]));
  return rows.flatMap((r) => {
    const trip = byId.get(r.tripId);
    const open = trip ? openProgressNotification(r, trip) : null;
    return open ? [open] : [];
  });
}
