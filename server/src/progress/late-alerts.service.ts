import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../common/domain-events';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ACKNOWLEDGE_LEAD_HOURS } from '../contracts/progress-rules';
import type { NotificationDto } from '../contracts/fleet-wire';
import type { TripDto } from '../contracts/trip-wire';
import { BackgroundWork } from '../database/background-work';
import { DatabaseBootstrap } from '../database/database-bootstrap';
import { UnitOfWork, type Work } from '../database/unit-of-work';
import { TripFleet } from '../fleet/trip-fleet.service';
import { readTrips } from '../trips/repository/trip-read.repository';
import { Trip } from '../trips/trip.entity';
import { type DueAlert, raiseProgressAlerts, tripsToWatch } from './progress-alerts.repository';
import { toProgressNotification } from './progress.mapper';

/** A bus still out this long after its planned return is no longer looked for (its alert went out long before). */
export const WATCH_AFTER_RETURN_MINUTES = 2 * 24 * 60;

/** A wall-clock time (`YYYY-MM-DDTHH:mm`) moved by `minutes`. */
export const shifted = (wall: string, minutes: number) => new Date(Date.parse(`${wall}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

/** The alerts a trip (its progress computed) calls for now: each late bus for its reason, and a departure count that differs. */
function dueAlerts(trip: TripDto): DueAlert[] {
  const due: DueAlert[] = trip.progress.flatMap((p) =>
    p.late ? [{ tripId: trip.id, tenantId: trip.tenantId, driverId: p.driverId, kind: p.late }] : [],
  );
  if (trip.departureCount) due.push({ tripId: trip.id, tenantId: trip.tenantId, driverId: 0, kind: 'departureCount' });
  return due;
}

/**
 * Late buses and departure counts (docs/domain.md, "The day of travel"): a bus that turns late, or a trip whose buses
 * departed with other than the list's count, raises one notification to the company's dispatchers and the tenant's
 * admins (late departures and returns and the count: the school's staff too). Every replica looks every
 * LATE_CHECK_SECONDS (an unref'd timer, stopped on shutdown), and right after each trip event; the alert row's unique
 * key (trip, bus, kind) lets exactly one replica's insert through, and only that replica announces it. A trip's buses
 * are late on every read (TripFleet.decorate); when one turns late by the clock, the announcing replica sends the trip
 * again so open boards show it. LATE_CHECK_SECONDS=0 leaves only the check after each change (the tests' default).
 */
@Injectable()
export class LateAlerts implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Progress');
  private readonly work = new BackgroundWork((e) => this.logger.error(`The late check failed: ${(e as Error).message}`));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
    private readonly bootstrap: DatabaseBootstrap,
    private readonly tripFleet: TripFleet,
  ) {}

  onApplicationBootstrap(): void {
    this.work.every(this.config.dispatch.lateCheckSeconds, this.bootstrap.ready, () => this.check({ announceTrips: true }));
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.work.stop();
  }

  /** Right after a change: a bus the trip's event shows late (or a count that differs) is alerted at once. */
  @OnEvent('trip.created')
  @OnEvent('trip.updated')
  tripChanged({ trip }: DomainEventMap['trip.updated']): void {
    if (dueAlerts(trip).length === 0) return;
    void this.work.run(() => this.unitOfWork.run((work) => this.raise(work, [trip], false)));
  }

  /**
   * Raises the alerts now due on the running trips being watched (or only among `tripIds`) and announces those this
   * replica raised. Answers them. `announceTrips`: also send each trip whose bus turned late, for a flag that turned on
   * with the clock rather than a change.
   */
  async check(opts: { tripIds?: number[]; announceTrips?: boolean } = {}): Promise<NotificationDto[]> {
    const now = this.tripFleet.now();
    return this.unitOfWork.run(async (work) => {
      const ids =
        opts.tripIds ?? (await tripsToWatch(work.tx, shifted(now, ACKNOWLEDGE_LEAD_HOURS * 60), shifted(now, -WATCH_AFTER_RETURN_MINUTES)));
      if (ids.length === 0) return [];
      const trips = await this.tripFleet.decorate(
        work.tx,
        await readTrips(work.tx.createQueryBuilder(Trip, 'trip').where('trip.id IN (:...ids) AND trip.deleted = false', { ids })),
      );
      return this.raise(work, trips, opts.announceTrips ?? false);
    });
  }

  /** Inserts the alerts the trips call for, and announces (after the commit) those this call raised. */
  private async raise({ tx, publish }: Work, trips: TripDto[], announceTrips: boolean): Promise<NotificationDto[]> {
    const due = trips.flatMap(dueAlerts);
    if (due.length === 0) return [];
    const raised = await raiseProgressAlerts(tx, due);
    const byId = new Map(trips.map((t) => [t.id, t]));
    const notifications: NotificationDto[] = [];
    const turnedLate = new Set<TripDto>();
    for (const alert of raised) {
      const trip = byId.get(alert.tripId);
      const notification = trip ? toProgressNotification(alert, trip) : null;
      if (!trip || !notification) continue;
      notifications.push(notification);
      // A driver yet to acknowledge is the company's business; a late bus and a differing count are the school's too.
      const schoolOrgId = alert.kind === 'acknowledge' ? null : trip.schoolOrgId;
      publish('notification.created', { notification, tenantId: trip.tenantId, companyOrgId: trip.busCompanyOrgId, schoolOrgId });
      if (alert.kind !== 'departureCount') turnedLate.add(trip);
    }
    if (announceTrips) for (const trip of turnedLate) publish('trip.updated', { trip, status: trip.status, tenantId: trip.tenantId });
    return notifications;
  }
}
