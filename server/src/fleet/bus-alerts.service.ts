import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../common/domain-events';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { addDays } from '../contracts/fleet-rules';
import type { TripDto } from '../contracts/trip-wire';
import type { NotificationDto } from '../contracts/fleet-wire';
import { BackgroundWork } from '../database/background-work';
import { DatabaseBootstrap } from '../database/database-bootstrap';
import { UnitOfWork, type Work } from '../database/unit-of-work';
import { readTrips } from '../trips/repository/trip-read.repository';
import { Trip } from '../trips/trip.entity';
import { toNotification } from './dispatch.service';
import { type AlertRow, raiseBusUnavailableAlert, raiseNeedsBusAlerts, type RaisedAlert } from './repository/alert.repository';
import { TripFleet } from './trip-fleet.service';

/**
 * "Needs a bus" (docs/domain.md, "Needs a bus"): an accepted trip with no bus by NEEDS_BUS_DAYS before departure raises one
 * notification to its company's dispatchers and the tenant's admins. Every replica looks every
 * NEEDS_BUS_CHECK_SECONDS (an unref'd timer, stopped on shutdown), and again right after a trip changes into
 * that state; the alert row's unique key (trip, kind) lets exactly one replica's insert through, and only that
 * replica announces it. The trip's own `needsBus` flag is computed on every read (TripFleet.decorate); when it
 * turns on because a day passed, the announcing replica also sends the trip again so open boards show it.
 * NEEDS_BUS_CHECK_SECONDS=0 leaves only the check after each change (the tests' default: a periodic look would
 * raise other test files' alerts in the shared database).
 */
@Injectable()
export class BusAlerts implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Fleet');
  private readonly work = new BackgroundWork((e) => this.logger.error(`The needs-a-bus check failed: ${(e as Error).message}`));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
    private readonly bootstrap: DatabaseBootstrap,
    private readonly tripFleet: TripFleet,
  ) {}

  onApplicationBootstrap(): void {
    this.work.every(this.config.dispatch.needsBusCheckSeconds, this.bootstrap.ready, () => this.check({ announceTrips: true }));
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.work.stop();
  }

  /** Right after a change: a trip that now needs a bus is alerted at once (its event already carries the flag). */
  @OnEvent('trip.created')
  @OnEvent('trip.updated')
  tripChanged({ trip, by }: DomainEventMap['trip.updated']): void {
    if (!trip.needsBus) return;
    // The dispatcher who just accepted a trip leaving soon knows it has no bus: the e-mail goes to the others.
    const raisedById = by?.id ?? null;
    void this.work.run(() =>
      trip.buses.length === 0 ? this.check({ tripIds: [trip.id], announceTrips: false, raisedById }) : this.unavailable(trip, raisedById),
    );
  }

  /**
   * A trip with a bus that came to need another (its bus or driver clashes or went out of service): one alert per trip,
   * raised by whichever replica inserts it first, like "Needs a bus".
   */
  private unavailable(trip: TripDto, raisedById: number | null): Promise<void> {
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const alert = await raiseBusUnavailableAlert(tx, trip);
      if (alert) this.announce(publish, alert, trip, { unavailable: true, raisedById });
    });
  }

  /**
   * Sends the bell an alert this replica raised; `unavailable`: worded with why the trip's bus cannot go; `raisedById`:
   * the user whose change raised it.
   */
  private announce(
    publish: Work['publish'],
    alert: RaisedAlert,
    trip: TripDto,
    { unavailable = false, raisedById = null }: { unavailable?: boolean; raisedById?: number | null } = {},
  ): NotificationDto {
    const row: AlertRow = { ...trip, id: alert.id, tripId: trip.id, companyId: trip.busCompanyOrgId, raisedAt: alert.raised_at };
    const notification = toNotification(row, unavailable ? trip : undefined);
    const by = raisedById === null ? {} : { raisedById };
    publish('notification.created', { notification, tenantId: trip.tenantId, companyOrgId: trip.busCompanyOrgId, ...by });
    return notification;
  }

  /**
   * Raises the alerts now due (or only among `tripIds`) and announces those this replica raised. Answers them.
   * `announceTrips`: also send each trip again, for a flag that turned on with the date rather than a change;
   * `raisedById`: the user whose change is being checked.
   */
  async check(opts: { tripIds?: number[]; announceTrips?: boolean; raisedById?: number | null } = {}): Promise<NotificationDto[]> {
    const today = this.tripFleet.today();
    return this.unitOfWork.run(async ({ tx, publish }) => {
      const raised = await raiseNeedsBusAlerts(tx, today, addDays(today, this.config.dispatch.needsBusDays), opts.tripIds);
      if (raised.length === 0) return [];
      const trips = await this.tripFleet.decorate(
        tx,
        await readTrips(tx.createQueryBuilder(Trip, 'trip').where('trip.id IN (:...ids)', { ids: raised.map((r) => r.trip_id) })),
      );
      const byId = new Map(trips.map((t) => [t.id, t]));
      const notifications: NotificationDto[] = [];
      for (const alert of raised) {
        const trip = byId.get(alert.trip_id);
        if (!trip) continue;
        notifications.push(this.announce(publish, alert, trip, { raisedById: opts.raisedById }));
        if (opts.announceTrips) publish('trip.updated', { trip, status: trip.status, tenantId: trip.tenantId });
      }
      return notifications;
    });
  }
}
