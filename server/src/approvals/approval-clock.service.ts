import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { TripStatus } from '../contracts/trip-wire';
import { BackgroundWork } from '../database/background-work';
import { DatabaseBootstrap } from '../database/database-bootstrap';
import { returnedRows } from '../database/returned-rows';
import { UnitOfWork } from '../database/unit-of-work';
import { TripFleet } from '../fleet/trip-fleet.service';
import { lockVisibleTrip } from '../trips/repository/trip-read.repository';
import { recordHistory } from '../trips/repository/trip-write.repository';
import { TripsService } from '../trips/trips.service';
import type { AuthUser } from '../common/auth-user';

/** What withdrew a request: nobody's action, the policy's expiry. */
const CLOCK = { id: null, name: 'Approval policy' } as const;
const WITHDRAWN_NOTE = 'Withdrawn: it waited for approval past the school’s expiry days.';

/**
 * Reminders and expiry (docs/domain.md, "Approval at the school"): an approval waiting at its step longer than its
 * school's reminder days reminds that step's approvers once; one waiting longer than the expiry days since it was
 * submitted is withdrawn (a request's trip becomes Withdrawn; a held change is dropped) and its requester is told.
 * Every replica looks every APPROVAL_CHECK_SECONDS; each reminder and withdrawal is claimed by one conditional UPDATE,
 * so exactly one replica sends it. `check(now)` takes the time, so tests move the clock instead of waiting days.
 */
@Injectable()
export class ApprovalClock implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Approvals');
  private readonly work = new BackgroundWork((e) => this.logger.error(`The approval check failed: ${(e as Error).message}`));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
    private readonly bootstrap: DatabaseBootstrap,
    private readonly fleet: TripFleet,
    private readonly trips: TripsService,
  ) {}

  onApplicationBootstrap(): void {
    this.work.every(this.config.dispatch.approvalCheckSeconds, this.bootstrap.ready, () => this.check(new Date()));
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.work.stop();
  }

  /** Withdraws what is past its expiry, then reminds what is past its reminder; answers how many of each. */
  async check(now: Date): Promise<{ reminded: number; withdrawn: number }> {
    const withdrawn = await this.withdrawExpired(now);
    const reminded = await this.remind(now);
    return { reminded, withdrawn };
  }

  private async withdrawExpired(now: Date): Promise<number> {
    const due = await this.unitOfWork.run(({ tx }) =>
      tx.query<{ id: number }[]>(
        `SELECT a.id FROM trip_approvals a JOIN approval_policies p ON p.school_org_id = a.school_org_id
          WHERE a.state = 'waiting' AND a.submitted_at <= $1::timestamptz - make_interval(days => p.expiry_days)
          ORDER BY a.id LIMIT 500`,
        [now.toISOString()],
      ),
    );
    let count = 0;
    for (const { id } of due) if (await this.withdraw(id, now)) count++;
    return count;
  }

  /** One approval, withdrawn in its own transaction (a failure leaves the others be); false if another replica did it first. */
  private withdraw(id: number, now: Date): Promise<boolean> {
    return this.unitOfWork.run(async (work) => {
      const { tx } = work;
      const [claimed] = returnedRows<{ trip_id: number; kind: string; step: number; tenant_id: number }>(
        await tx.query(
          `UPDATE trip_approvals a SET state = 'withdrawn'
           FROM approval_policies p
          WHERE a.id = $1 AND p.school_org_id = a.school_org_id AND a.state = 'waiting'
            AND a.submitted_at <= $2::timestamptz - make_interval(days => p.expiry_days)
        RETURNING a.trip_id, a.kind, a.step, a.tenant_id`,
          [id, now.toISOString()],
        ),
      );
      if (!claimed) return false;
      // The clock sees every trip of the approval's tenant, as the tenant's admin would.
      const system: AuthUser = {
        ...{
          id: 0,
          name: CLOCK.name,
          email: '',
          role: 'admin',
          status: 'approved',
          activeOrgId: null,
          fleetDriverId: null,
          jti: '',
          exp: 0,
        },
        tenantId: claimed.tenant_id,
      };
      const locked = await lockVisibleTrip(tx, system, claimed.trip_id);
      if (!locked) return true;
      const [before] = await this.fleet.decorate(tx, [locked.trip]);
      if (claimed.kind === 'request' && before.status === TripStatus.AwaitingApproval) {
        await this.trips.write(
          work,
          CLOCK,
          before,
          locked.audience,
          { status: TripStatus.Withdrawn },
          { action: 'withdraw', note: WITHDRAWN_NOTE },
        );
      } else {
        await recordHistory(
          tx,
          { tripId: before.id, action: 'withdraw', fromStatus: before.status, toStatus: before.status, fields: [], note: WITHDRAWN_NOTE },
          CLOCK,
        );
      }
      await this.trips.announceApproval(work, null, before, id, 'withdrawn', null, claimed.step);
      return true;
    });
  }

  private async remind(now: Date): Promise<number> {
    return this.unitOfWork.run(async (work) => {
      const claimed = returnedRows<{ id: number; trip_id: number; tenant_id: number; school_org_id: number; step: number }>(
        await work.tx.query(
          `UPDATE trip_approvals a SET reminded_step = a.step
           FROM approval_policies p
          WHERE p.school_org_id = a.school_org_id AND a.state = 'waiting' AND a.reminded_step IS DISTINCT FROM a.step
            AND a.step_since <= $1::timestamptz - make_interval(days => p.reminder_days)
        RETURNING a.id, a.trip_id, a.tenant_id, a.school_org_id, a.step`,
          [now.toISOString()],
        ),
      );
      for (const a of claimed) {
        const [trip] = await work.tx.query<{ created_by_id: number | null }[]>('SELECT created_by_id FROM trips WHERE id = $1', [
          a.trip_id,
        ]);
        await this.trips.announceApproval(
          work,
          null,
          { id: a.trip_id, tenantId: a.tenant_id, schoolOrgId: a.school_org_id, createdById: trip?.created_by_id ?? null },
          a.id,
          'reminded',
          null,
        );
      }
      return claimed.length;
    });
  }
}
