import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ApprovalChange, DomainEventMap } from '../common/domain-events';
import { proposedChanges } from '../approvals/approvals.repository';
import type { ProposedChange } from '../approvals/trip-approval.entity';
import { changeText } from '../contracts/trip-changes';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { type TripStatus, TripStatus as S } from '../contracts/trip-wire';
import { type PublishedEvent, UnitOfWork, type Work } from '../database/unit-of-work';
import { readTrip } from '../trips/repository/trip-read.repository';
import type { User } from '../users/user.entity';
import { emailNoticesOf } from '../users/user.mapper';
import type { EmailNotice } from '../contracts/notices';
import {
  type ApprovalFacts,
  type ApprovalNotice,
  approvalLetter,
  isSeriesNotice,
  seriesLetter,
  type TripFacts,
  tripLetter,
  type TripNotice,
} from './letters';
import { mailQueuedIn, type Outgoing, queueMail } from './outbox';
import { OutboxDrainer } from './outbox-drainer.service';

/** The requester's notice for a move between statuses (docs/domain.md, "Notifications"); none for the others. */
function noticeForMove(from: TripStatus | null, to: TripStatus | null): TripNotice | null {
  if (from === to) return null;
  if (from === S.Pending && to === S.Accepted) return 'tripAccepted';
  if (to === S.Rejected) return 'tripRejected';
  // Into Confirmed from before it: the buses are assigned. A declined cancellation returns to Confirmed: no notice.
  if (to === S.Confirmed && (from === S.Pending || from === S.Accepted)) return 'tripConfirmed';
  if (from === S.CancelRequested && to === S.Canceled) return 'cancellationApproved';
  return null;
}

/** The statuses a move must end in for noticeForMove to name a notice. */
const NOTICE_TARGETS: ReadonlySet<TripStatus> = new Set([S.Accepted, S.Rejected, S.Confirmed, S.Canceled]);

type Recipient = Pick<User, 'id' | 'name' | 'email' | 'emailNotices'>;

/** A trip as a notice tells it, with its weekly series (null for a trip requested alone). */
type NoticeTrip = TripFacts & { seriesId: string | null };

/**
 * One person's notice about one trip, before it is worded: the notices one change gives one person about several weeks
 * of a weekly series become one letter (isSeriesNotice), so approving twelve weeks at once is one e-mail, not twelve.
 */
interface Draft {
  notice: EmailNotice;
  to: Recipient;
  tenantId: number;
  trip: NoticeTrip;
  /** An approval notice's facts; null for a trip's. */
  approval: ApprovalFacts | null;
}

/** Which e-mail an approval's move sends (a cancel, the requester's own, sends none). */
const APPROVAL_MOVE_NOTICE: Record<ApprovalChange['move'], ApprovalNotice | null> = {
  waiting: 'approvalWaiting',
  reminded: 'approvalWaiting',
  approved: 'requestApproved',
  changesRequested: 'changesRequested',
  denied: 'requestDenied',
  withdrawn: 'requestWithdrawn',
  canceled: null,
};

/**
 * Turns a change's events into e-mail, inside the change's transaction (a before-commit hook of the unit of work): the
 * requester of a trip hears of its acceptance, rejection, confirmation and approved cancellation; the dispatchers of
 * a trip's company hear that it needs a bus. Only approved users of the trip's tenant, only for the notices they
 * chose; never the person who made the change. A change that queued mail asks the drainer to send after the commit.
 */
@Injectable()
export class TripNotices implements OnModuleInit, OnModuleDestroy {
  private unregister?: () => void;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
    private readonly drainer: OutboxDrainer,
  ) {}

  onModuleInit(): void {
    this.unregister = this.unitOfWork.beforeCommit((tx, events, unit) => this.queue(tx, events, unit.afterCommit));
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }

  private async queue(tx: EntityManager, events: readonly PublishedEvent[], afterCommit: Work['afterCommit']): Promise<void> {
    const drafts: Draft[] = [];
    for (const event of events) {
      if (event.name === 'trip.updated') drafts.push(...(await this.tripMoved(tx, event.payload)));
      if (event.name === 'approval.changed') drafts.push(...(await this.approvalMoved(tx, event.payload)));
      if (event.name === 'notification.created' && event.payload.notification.kind === 'needsBus') {
        drafts.push(...(await this.needsBus(tx, event.payload)));
      }
    }
    await queueMail(tx, this.letters(drafts));
    // Also mail the work queued itself (a driver's invitation).
    if (mailQueuedIn(tx)) afterCommit(() => this.drainer.soon());
  }

  /**
   * A trip whose status moved in this transaction. A write through the trips' one write path names the status before it
   * (`previous.status`); for the others, its history rows written now (stamped with the transaction's start, `now()`)
   * say from what to what. Other pushes of the trip (a clash, a flag) wrote no history and send nothing.
   */
  private async tripMoved(tx: EntityManager, { trip, by, previous, audience }: DomainEventMap['trip.updated']): Promise<Draft[]> {
    if (trip.createdById === null || (by && by.id === trip.createdById)) return [];
    // A change moves a trip once: a notice is for a move into one of these, so a trip now in none of them (an edit, a
    // completion, a cancel request) reads nothing more.
    if (!NOTICE_TARGETS.has(trip.status)) return [];
    const moves: Array<{ from_status: TripStatus | null; to_status: TripStatus | null }> =
      previous?.status !== undefined
        ? [{ from_status: previous.status, to_status: trip.status }]
        : await tx.query('SELECT from_status, to_status FROM trip_history WHERE trip_id = $1 AND at = now() ORDER BY id', [trip.id]);
    const notices = [...new Set(moves.map((m) => noticeForMove(m.from_status, m.to_status)).filter((n) => n !== null))];
    if (notices.length === 0) return [];
    // The write read its requester with the trip, in its locking statement (TripAudienceFacts): the same row the query
    // below reads, unless the change gave the trip another requester, or the event came from another writer.
    const author = audience?.author;
    const [requester] =
      author?.id === trip.createdById
        ? author.tenantId === trip.tenantId && author.status === 'approved'
          ? [author]
          : []
        : await this.recipients(tx, trip.tenantId, { id: trip.createdById });
    if (!requester) return [];
    return notices.flatMap((notice) => drafts(notice, [requester], trip, trip.tenantId));
  }

  /**
   * An approval's move: the approvers of the step it now waits at hear that it waits (again, for a reminder); the
   * requester hears where it ended. Never the person who moved it; a cancel (the requester's own) tells nobody.
   */
  private async approvalMoved(tx: EntityManager, change: ApprovalChange): Promise<Draft[]> {
    const notice = APPROVAL_MOVE_NOTICE[change.move];
    if (!notice) return [];
    const trip = await readTrip(tx, change.tripId);
    const [approval] = await tx.query<
      {
        kind: 'request' | 'change';
        step: number;
        steps: number;
        requested_by: string;
        requested_by_id: number | null;
        proposed: ProposedChange | null;
      }[]
    >('SELECT kind, step, steps, requested_by, requested_by_id, proposed FROM trip_approvals WHERE id = $1', [change.approvalId]);
    if (!trip || !approval || trip.tenantId !== change.tenantId) return [];
    let to: Recipient[];
    if (notice === 'approvalWaiting') {
      // The approvers of the step it waits at: staff of the school still (the policy may name someone since moved).
      const [policy] = await tx.query<{ ids: number[] | null }[]>(
        `SELECT ARRAY(SELECT jsonb_array_elements_text(steps -> ($2::int - 1) -> 'approverIds')::int) AS ids FROM approval_policies WHERE school_org_id = $1`,
        [change.schoolOrgId, approval.step],
      );
      const ids = (policy?.ids ?? []).map(Number);
      const staff = await this.recipients(tx, change.tenantId, { role: 'school_staff', activeOrgId: change.schoolOrgId });
      to = staff.filter((u) => ids.includes(u.id));
    } else {
      const requesterId = approval.requested_by_id ?? change.requesterId;
      to = requesterId === null ? [] : await this.recipients(tx, change.tenantId, { id: requesterId });
    }
    const facts: ApprovalFacts = {
      kind: approval.kind,
      step: approval.step,
      steps: approval.steps,
      requestedBy: approval.requested_by,
      decidedBy: change.by?.name ?? null,
      comment: change.comment,
      reminder: change.move === 'reminded',
      budgetCode: trip.budgetCode,
      changes: approval.kind === 'change' && approval.proposed ? proposedChanges(trip, approval.proposed).map(changeText) : [],
    };
    return drafts(
      notice,
      to.filter((u) => u.id !== change.by?.id),
      trip,
      change.tenantId,
      facts,
    );
  }

  /** "Needs a bus": every dispatcher of the trip's company, in the trip's tenant, but the one whose change raised it. */
  private async needsBus(
    tx: EntityManager,
    { notification, tenantId, companyOrgId, raisedById }: DomainEventMap['notification.created'],
  ): Promise<Draft[]> {
    if (companyOrgId === null) return [];
    const trip = await readTrip(tx, notification.tripId);
    if (!trip || trip.tenantId !== tenantId) return [];
    const dispatchers = await this.recipients(tx, tenantId, { role: 'bus_company', activeOrgId: companyOrgId });
    return drafts(
      'needsBus',
      dispatchers.filter((d) => d.id !== raisedById),
      trip,
      tenantId,
    );
  }

  /** Approved users of the tenant, by id or by role at an organization, oldest account first. */
  private recipients(
    tx: EntityManager,
    tenantId: number,
    where: { id: number } | { role: User['role']; activeOrgId: number },
  ): Promise<Recipient[]> {
    // Plain SQL, not the ORM's find: an accepted or confirmed trip asks this inside its transaction, and building the
    // ORM's statement took more CPU than running it.
    const [filter, params] =
      'id' in where ? ['id = $2', [where.id]] : ['role = $2 AND active_org_id = $3', [where.role, where.activeOrgId]];
    return tx.query<Recipient[]>(
      `SELECT id, name, email, email_notices AS "emailNotices" FROM users
        WHERE tenant_id = $1 AND status = 'approved' AND ${filter} ORDER BY id`,
      [tenantId, ...params],
    );
  }

  /**
   * The drafts worded, one message each, but those of one person about several weeks of one series with the same facts
   * (the notice, the step, who decided, what they said), which become one letter listing the weeks.
   */
  private letters(all: readonly Draft[]): Outgoing[] {
    const groups = new Map<string, Draft[]>();
    all.forEach((d, i) => {
      const key =
        d.trip.seriesId !== null && isSeriesNotice(d.notice)
          ? JSON.stringify([d.to.id, d.notice, d.tenantId, d.trip.seriesId, d.trip.busCompanyName, d.approval])
          : String(i);
      groups.set(key, [...(groups.get(key) ?? []), d]);
    });
    const baseUrl = this.config.mail.publicUrl;
    return [...groups.values()].map((group) => {
      const [d] = group;
      const letter =
        group.length > 1 && isSeriesNotice(d.notice)
          ? seriesLetter(
              d.notice,
              d.to.name,
              group.map((g) => ({ ...g.trip, seriesId: g.trip.seriesId! })),
              d.approval,
              baseUrl,
            )
          : d.approval
            ? approvalLetter(d.notice as ApprovalNotice, d.to.name, d.trip, d.approval, baseUrl)
            : tripLetter(d.notice as TripNotice, d.to.name, d.trip, baseUrl);
      return { letter, to: d.to.email, notice: d.notice, tenantId: d.tenantId, userId: d.to.id };
    });
  }
}

/** A notice's drafts for those of `to` who take it (their choice in Account Settings). */
function drafts(
  notice: EmailNotice,
  to: readonly Recipient[],
  trip: NoticeTrip,
  tenantId: number,
  approval: ApprovalFacts | null = null,
): Draft[] {
  return to.filter((u) => emailNoticesOf(u.emailNotices)[notice]).map((u) => ({ notice, to: u, tenantId, trip, approval }));
}
