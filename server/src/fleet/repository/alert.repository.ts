import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { NotificationDto } from '../../contracts/fleet-wire';
import type { TripDto } from '../../contracts/trip-wire';
import { Organization } from '../../tenancy/organization.entity';

/**
 * `trip_alerts`: one row per trip and kind of alert ("Needs a bus", a bus unavailable). The unique key (trip, kind)
 * lets exactly one replica's insert through, so only that replica announces the alert.
 */

/** An alert as read for the bell: the notification's facts, with the instant as either driver reads it. */
export type AlertRow = Omit<NotificationDto, 'kind' | 'title' | 'message' | 'raisedAt'> & { raisedAt: Date | string };

/** An alert row this replica inserted. */
export interface RaisedAlert {
  id: number;
  trip_id: number;
  raised_at: Date | string;
}

/** Raises "a bus unavailable" for the trip, unless already raised: the alert if this call raised it. */
export async function raiseBusUnavailableAlert(
  tx: EntityManager,
  trip: Pick<TripDto, 'id' | 'tenantId'>,
): Promise<RaisedAlert | undefined> {
  const [alert] = await tx.query<RaisedAlert[]>(
    `INSERT INTO trip_alerts (trip_id, tenant_id, kind) VALUES ($1, $2, 'busUnavailable')
     ON CONFLICT (trip_id, kind) DO NOTHING RETURNING id, trip_id, raised_at`,
    [trip.id, trip.tenantId],
  );
  return alert;
}

/**
 * Raises "Needs a bus" for the accepted trips with no bus departing from `today` to `until` (only among `tripIds` if
 * given) that do not have it yet: the alerts this call raised.
 */
export function raiseNeedsBusAlerts(tx: EntityManager, today: string, until: string, tripIds?: number[]): Promise<RaisedAlert[]> {
  const params: unknown[] = [today, until];
  if (tripIds) params.push(tripIds);
  return tx.query<RaisedAlert[]>(
    `INSERT INTO trip_alerts (trip_id, tenant_id, kind)
     SELECT t.id, t.tenant_id, 'needsBus' FROM trips t
      WHERE t.deleted = false AND t.status = 'Accepted' AND jsonb_array_length(t.buses) = 0
        AND t.departure_date BETWEEN $1::date AND $2::date ${tripIds ? 'AND t.id = ANY($3::int[])' : ''}
     ON CONFLICT (trip_id, kind) DO NOTHING
     RETURNING id, trip_id, raised_at`,
    params,
  );
}

/**
 * The alerts still open from `today` on, newest first (at most `limit`): "Needs a bus" while the trip is accepted with
 * no bus, a bus unavailable while it has buses (whether it still needs another only its computed flags tell).
 */
export function openAlertsQuery(db: DataSource, today: string, limit: number): SelectQueryBuilder<object> {
  return db
    .createQueryBuilder()
    .from('trip_alerts', 'alert')
    .innerJoin('trips', 'trip', 'trip.id = alert.trip_id')
    .innerJoin(Organization, 'school', 'school.id = trip.school_org_id')
    .select([
      'alert.id AS "id"',
      'alert.trip_id AS "tripId"',
      'alert.tenant_id AS "tenantId"',
      'trip.bus_company_org_id AS "companyId"',
      'trip.destination AS "destination"',
      'school.name AS "schoolName"',
      `to_char(trip.departure_date, 'YYYY-MM-DD') AS "departureDate"`,
      'trip.departure_time AS "departureTime"',
      'alert.raised_at AS "raisedAt"',
      'alert.kind AS "kind"',
    ])
    .where('trip.deleted = false AND trip.departure_date >= :today', { today })
    .andWhere(
      `((alert.kind = 'needsBus' AND trip.status = 'Accepted' AND jsonb_array_length(trip.buses) = 0)
        OR (alert.kind = 'busUnavailable' AND jsonb_array_length(trip.buses) > 0))`,
    )
    .orderBy('alert.id', 'DESC')
    .limit(limit);
}
