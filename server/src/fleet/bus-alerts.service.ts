import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type DomainEventMap, DomainEvents } from '../common/domain-events';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { addDays } from '../contracts/fleet-rules';
import type { TripDto } from '../contracts/trip-wire';
import type { NotificationDto } from '../contracts/fleet-wire';
import { DatabaseBootstrap } from '../database/database-bootstrap';
import { readTrips } from '../trips/trip-scope';
import { Trip } from '../trips/trip.entity';
import { type AlertRow, toNotification } from './dispatch.service';
import { TripFleet } from './trip-fleet.service';

/**
 * "Needs a bus" (issue 15 item 5): an accepted trip with no bus by NEEDS_BUS_DAYS before departure raises one
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
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();
  private busy = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly bootstrap: DatabaseBootstrap,
    private readonly tripFleet: TripFleet,
  ) {}

  onApplicationBootstrap(): void {
    // The schema exists only once migrations have run (after the app is initialised).
    const seconds = this.config.dispatch.needsBusCheckSeconds;
    if (seconds === 0) return;
    void this.bootstrap.ready.then(() => {
      if (this.stopped) return;
      this.timer = setInterval(() => void this.tick(), seconds * 1000);
      this.timer.unref();
      void this.tick();
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Right after a change: a trip that now needs a bus is alerted at once (its event already carries the flag). */
  @OnEvent('trip.created')
  @OnEvent('trip.updated')
  tripChanged({ trip }: DomainEventMap['trip.updated']): void {
    if (!trip.needsBus || this.stopped) return;
    const raise = (): Promise<unknown> =>
      trip.buses.length === 0 ? this.check({ tripIds: [trip.id], announceTrips: false }) : this.unavailable(trip);
    this.running = this.running.then(raise).catch((e: unknown) => this.failed(e));
  }

  /**
   * A trip with a bus that came to need another (its bus or driver clashes or went out of service): one alert per trip,
   * raised by whichever replica inserts it first, like "Needs a bus".
   */
  private async unavailable(trip: TripDto): Promise<void> {
    const [alert] = await this.db.query<{ id: number; raised_at: Date | string }[]>(
      `INSERT INTO trip_alerts (trip_id, tenant_id, kind) VALUES ($1, $2, 'busUnavailable')
       ON CONFLICT (trip_id, kind) DO NOTHING RETURNING id, raised_at`,
      [trip.id, trip.tenantId],
    );
    if (alert) this.announce(alert, trip, true);
  }

  /** Sends the bell an alert this replica raised; `unavailable`: worded with why the trip's bus cannot go. */
  private announce(alert: { id: number; raised_at: Date | string }, trip: TripDto, unavailable = false): NotificationDto {
    const row: AlertRow = { ...trip, id: alert.id, tripId: trip.id, companyId: trip.busCompanyOrgId, raisedAt: alert.raised_at };
    const notification = toNotification(row, unavailable ? trip : undefined);
    this.events.publish('notification.created', { notification, tenantId: trip.tenantId, companyOrgId: trip.busCompanyOrgId });
    return notification;
  }

  /**
   * Raises the alerts now due (or only among `tripIds`) and announces those this replica raised. Answers them.
   * `announceTrips`: also send each trip again, for a flag that turned on with the date rather than a change.
   */
  async check(opts: { tripIds?: number[]; announceTrips?: boolean } = {}): Promise<NotificationDto[]> {
    const today = this.tripFleet.today();
    const params: unknown[] = [today, addDays(today, this.config.dispatch.needsBusDays)];
    if (opts.tripIds) params.push(opts.tripIds);
    const raised = await this.db.query<{ id: number; trip_id: number; raised_at: Date | string }[]>(
      `INSERT INTO trip_alerts (trip_id, tenant_id, kind)
       SELECT t.id, t.tenant_id, 'needsBus' FROM trips t
        WHERE t.deleted = false AND t.status = 'Accepted' AND jsonb_array_length(t.buses) = 0
          AND t.departure_date BETWEEN $1::date AND $2::date ${opts.tripIds ? 'AND t.id = ANY($3::int[])' : ''}
       ON CONFLICT (trip_id, kind) DO NOTHING
       RETURNING id, trip_id, raised_at`,
      params,
    );
    if (raised.length === 0) return [];
    const trips = await this.tripFleet.decorate(
      this.db.manager,
      await readTrips(
        this.db.manager.createQueryBuilder(Trip, 'trip').where('trip.id IN (:...ids)', { ids: raised.map((r) => r.trip_id) }),
      ),
    );
    const byId = new Map(trips.map((t) => [t.id, t]));
    const notifications: NotificationDto[] = [];
    for (const alert of raised) {
      const trip = byId.get(alert.trip_id);
      if (!trip) continue;
      notifications.push(this.announce(alert, trip));
      if (opts.announceTrips) this.events.publish('trip.updated', { trip, status: trip.status, tenantId: trip.tenantId });
    }
    return notifications;
  }

  private tick(): Promise<unknown> {
    if (this.busy || this.stopped) return this.running;
    this.busy = true;
    this.running = this.running
      .then(() => this.check({ announceTrips: true }))
      .catch((e: unknown) => this.failed(e))
      .finally(() => (this.busy = false));
    return this.running;
  }

  private failed(e: unknown): void {
    if (!this.stopped) this.logger.error(`The needs-a-bus check failed: ${(e as Error).message}`);
  }
}
