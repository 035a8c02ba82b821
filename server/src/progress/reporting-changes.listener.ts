import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../common/domain-events';
import { BackgroundWork } from '../database/background-work';
import { UnitOfWork } from '../database/unit-of-work';
import { TripFleet } from '../fleet/trip-fleet.service';
import { shifted, WATCH_AFTER_RETURN_MINUTES } from './late-alerts.service';
import { runningTripsOfAccount } from './progress-alerts.repository';

/**
 * A fleet driver's bus reports once the driver has an approved driver account (docs/domain.md, "The day of travel").
 * An account made through the invitation, deactivated, approved again or given another role changes, without a change
 * to any trip, which buses of the driver's running trips report: their progress, whether they can be late, the
 * departure count. Each such trip is sent again (`trip.updated`, no actor, at its version), so open boards and trip
 * pages show it at once, and the late check that follows every trip event raises what is now due.
 */
@Injectable()
export class ReportingChanges implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Progress');
  private readonly work = new BackgroundWork((e) => this.logger.error(`The driver's trips were not sent again: ${(e as Error).message}`));

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tripFleet: TripFleet,
  ) {}

  @OnEvent('user.changed')
  accountChanged({ user, previous, created }: DomainEventMap['user.changed']): void {
    // A name, a password or the e-mail notices (the owner's own settings, or an admin's edit) change nothing a bus reports.
    const moved = previous !== undefined && (previous.role !== user.role || previous.status !== user.status);
    if ((created || moved) && (user.role === 'driver' || previous?.role === 'driver')) void this.work.run(() => this.resend(user.id));
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.work.stop();
  }

  /** Sends each running trip of the account's driver again, as it reads now. */
  async resend(userId: number): Promise<void> {
    const backAfter = shifted(this.tripFleet.now(), -WATCH_AFTER_RETURN_MINUTES);
    const ids = await this.unitOfWork.run(({ tx }) => runningTripsOfAccount(tx, userId, backAfter));
    await this.tripFleet.announceFlags(ids, `the trips of driver account ${userId}`);
  }
}
