import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import {
  type ApprovalCountDto,
  type ApprovalDecision,
  type ApprovalDecisionBody,
  type ApprovalDto,
  ApprovalMessages,
  decideApproval,
  isStepApprover,
} from '../contracts/approvals';
import { TripMessages } from '../contracts/trip-messages';
import { decideTripAction } from '../contracts/trip-rules';
import { TRIP_FORM_FIELDS, type TripDto, type TripFormFields, type TripHistoryAction, TripStatus } from '../contracts/trip-wire';
import { UnitOfWork, type Work } from '../database/unit-of-work';
import { TripFleet } from '../fleet/trip-fleet.service';
import { lockVisibleTrip, readTrips, seriesWeeks, visibleTrips } from '../trips/repository/trip-read.repository';
import { recordHistory } from '../trips/repository/trip-write.repository';
import { quoteForm } from '../rates/estimate.repository';
import { formSnapshot } from '../trips/trip.mapper';
import type { Trip } from '../trips/trip.entity';
import { TripsService } from '../trips/trips.service';
import {
  countWaitingFor,
  currentApproval,
  lockOpenApproval,
  moveApproval,
  policyOf,
  toApprovalDto,
  userNames,
  waitingFor,
} from './approvals.repository';
import type { TripApproval } from './trip-approval.entity';

/** The most approvals one list answers (soonest departure first): far more than any school has waiting at once. */
const APPROVALS_LIST_LIMIT = 500;

/** The statuses a trip a company holds may have for its held change to be applied. */
const CHANGEABLE: readonly TripStatus[] = [TripStatus.Pending, TripStatus.Accepted, TripStatus.Confirmed];

/** A request's history action for each decision, and a held change's. */
const HISTORY: Record<ApprovalDecision, { request: TripHistoryAction; change: TripHistoryAction }> = {
  approve: { request: 'approve', change: 'approveChange' },
  requestChanges: { request: 'requestChanges', change: 'requestChangesToChange' },
  deny: { request: 'deny', change: 'denyChange' },
};

/**
 * A decision decideIn refused, with what its error says (a 409 of the trip rules carries the trip); `open`: the trip
 * had an open approval (a series counts a 403 only for a week that has one).
 */
interface Refusal {
  refused: 403 | 404 | 409;
  message: string;
  open: boolean;
  trip?: TripDto;
}

/** A refusal as the error the route answers: 404, 403, else 409 with its message (and the trip, when it names one). */
function refusalError({ refused, message, trip }: Refusal): Error {
  if (refused === 404) return new NotFoundException(message);
  if (refused === 403) return new ForbiddenException(message);
  return new ConflictException(trip ? { message, trip } : { message });
}

/**
 * The approvers' side of approval at the school (docs/domain.md, "Approval at the school"): what waits for whom, a
 * trip's approval, and the decisions. A request's decisions move the trip (trip-rules.ts decides them, as every trip
 * action); a held change's move only its approval until the last step applies it as school staff's edit.
 */
@Injectable()
export class ApprovalsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly fleet: TripFleet,
    private readonly trips: TripsService,
  ) {}

  async waiting(caller: AuthUser): Promise<ApprovalDto[]> {
    const rows = await waitingFor(this.db.manager, caller, APPROVALS_LIST_LIMIT);
    if (rows.length === 0) return [];
    const trips = await readTrips(
      visibleTrips(this.db.manager, caller).andWhere('trip.id IN (:...ids)', { ids: rows.map((r) => r.tripId) }),
    );
    const byId = new Map(trips.map((t) => [t.id, t]));
    const policies = new Map<number, Awaited<ReturnType<typeof policyOf>>>();
    for (const schoolOrgId of new Set(rows.map((r) => r.schoolOrgId))) {
      policies.set(schoolOrgId, await policyOf(this.db.manager, schoolOrgId));
    }
    const names = await userNames(
      this.db.manager,
      [...policies.values()].flatMap((p) => p.steps.flatMap((s) => s.approverIds)),
    );
    return rows.flatMap((a) => {
      const trip = byId.get(a.tripId);
      return trip ? [toApprovalDto(a, trip, policies.get(a.schoolOrgId)!, names)] : [];
    });
  }

  async count(caller: AuthUser): Promise<ApprovalCountDto> {
    return { waiting: await countWaitingFor(this.db.manager, caller) };
  }

  /** The trip's open approval, else its last one, else null; a bus company's is always null (the school's business). */
  async ofTrip(caller: AuthUser, tripId: number): Promise<ApprovalDto | null> {
    const trip = await this.trips.get(caller, tripId);
    if (caller.role === 'bus_company') return null;
    const approval = await currentApproval(this.db.manager, tripId);
    return approval ? this.dto(approval, trip) : null;
  }

  /** POST /trips/{id}/approval: the step's approver (or an admin) approves, asks for changes or denies. */
  async decide(caller: AuthUser, tripId: number, body: ApprovalDecisionBody): Promise<ApprovalDto> {
    const decided = await this.unitOfWork.run((work) => this.decideIn(work, caller, tripId, body));
    if (decided === 'moved on') throw new ConflictException({ message: ApprovalMessages.changeMovedOn });
    if ('refused' in decided) throw refusalError(decided);
    return decided;
  }

  /**
   * POST /approvals/series/{seriesId}: approves, in one unit of work, every week of a weekly series whose approval waits
   * at a step the caller decides (the step's approver, or an admin), first departure first, each as its own approval
   * would be (decideIn, which refuses a week whose approval the caller may not decide now, writing nothing for it); the
   * approvals as they now are. 404 when the caller sees no week of it; 403 when they decide none of the waiting steps;
   * 409 when none waits.
   */
  async approveSeries(caller: AuthUser, seriesId: string, comment: string | undefined): Promise<ApprovalDto[]> {
    return this.unitOfWork.run(async (work) => {
      const weeks = await readTrips(seriesWeeks(visibleTrips(work.tx, caller), seriesId));
      if (weeks.length === 0) throw new NotFoundException(TripMessages.seriesNotFound);
      const approved: ApprovalDto[] = [];
      let forbidden: string | null = null;
      for (const week of weeks) {
        const decided = await this.decideIn(work, caller, week.id, { decision: 'approve', comment });
        if (decided === 'moved on') continue;
        if (!('refused' in decided)) approved.push(decided);
        else if (decided.refused === 403 && decided.open) forbidden ??= decided.message;
      }
      if (approved.length > 0) return approved;
      if (forbidden) throw new ForbiddenException(forbidden);
      throw new ConflictException({ message: ApprovalMessages.seriesNothingWaiting });
    });
  }

  /**
   * A decision on the trip's open approval, in the caller's unit of work ('moved on': a held change closed instead). A
   * decision the caller may not make now is answered as a refusal, before anything is written: the trip and its
   * approval stay locked to the end of the unit, as every decision locks them.
   */
  private async decideIn(
    work: Work,
    caller: AuthUser,
    tripId: number,
    body: ApprovalDecisionBody,
  ): Promise<ApprovalDto | 'moved on' | Refusal> {
    const locked = await lockVisibleTrip(work.tx, caller, tripId);
    if (!locked) return { refused: 404, message: TripMessages.tripNotFound, open: false };
    const approval = await lockOpenApproval(work.tx, tripId);
    const policy = await policyOf(work.tx, locked.trip.schoolOrgId);
    const facts = {
      state: approval?.state ?? 'approved',
      step: approval?.step ?? 1,
      tenantId: locked.trip.tenantId,
      schoolOrgId: locked.trip.schoolOrgId,
    };
    const verdict = decideApproval(caller, facts, policy);
    if (!verdict.allowed) return { refused: verdict.code, message: verdict.message, open: approval !== null };
    const [before] = await this.fleet.decorate(work.tx, [locked.trip]);
    const open = approval!;
    const comment = body.comment?.trim() || null;
    const last = open.step >= open.steps;
    const next = body.decision === 'approve' && !last;
    if (open.kind === 'request') {
      // The trip rules have the last word on a request: its status must still be Awaiting Approval.
      const isApprover = isStepApprover(caller, policy, before.schoolOrgId, open.step);
      const d = decideTripAction(caller, before, body.decision, { isPartner: false, isApprover, lastStep: last });
      if (!d.allowed) return { refused: d.code, message: d.message, open: true, trip: before };
      if (next) {
        await recordHistory(
          work.tx,
          { tripId, action: 'approve', fromStatus: before.status, toStatus: d.to, fields: [], note: comment },
          caller,
        );
      } else {
        await this.trips.write(
          work,
          caller,
          before,
          locked.audience,
          { status: d.to },
          { action: HISTORY[body.decision].request, note: comment },
        );
      }
    } else if (body.decision === 'approve' && last) {
      if (!CHANGEABLE.includes(before.status)) {
        // The trip moved on (cancelled, completed) while its change waited: the change no longer applies.
        // It is closed (committed), and the approver told so.
        await moveApproval(work.tx, open.id, { state: 'canceled' });
        await this.trips.announceApproval(work, caller, before, open.id, 'canceled', null, open.step);
        return 'moved on';
      }
      // History says who approved it; the live event, whose change it is (the company reads "asked to change" by them).
      const requester = open.requestedById === null ? caller : { id: open.requestedById, name: open.requestedBy };
      await this.trips.write(
        work,
        caller,
        before,
        locked.audience,
        await this.changeValues(work, before, open),
        { action: 'approveChange', note: comment },
        requester,
      );
    } else {
      await recordHistory(
        work.tx,
        { tripId, action: HISTORY[body.decision].change, fromStatus: before.status, toStatus: before.status, fields: [], note: comment },
        caller,
      );
    }
    const move = next ? 'waiting' : body.decision === 'approve' ? 'approved' : body.decision === 'deny' ? 'denied' : 'changesRequested';
    await moveApproval(work.tx, open.id, {
      state: move === 'waiting' ? 'waiting' : move,
      step: next ? open.step + 1 : undefined,
      comment,
      restart: next ? 'step' : undefined,
    });
    await this.trips.announceApproval(work, caller, before, open.id, move, comment, open.step);
    const after = (await currentApproval(work.tx, tripId))!;
    const [trip] = await readTrips(visibleTrips(work.tx, caller).andWhere('trip.id = :id', { id: tripId }));
    return this.dto(after, trip ?? before, work);
  }

  /**
   * A held change, approved: written as school staff's edit would have been. On a Confirmed trip it becomes the edit
   * request its company accepts or rejects, with the fields as they were kept (from the first change of a request).
   */
  private async changeValues(work: Work, before: TripDto, approval: TripApproval): Promise<Partial<Trip>> {
    const proposed = { ...formSnapshot(before), ...approval.proposed };
    const form = Object.fromEntries(TRIP_FORM_FIELDS.map((f) => [f, proposed[f]])) as unknown as TripFormFields;
    const values: Partial<Trip> = { ...form };
    // Quoted again on the card current now, as the edit would have been; no distance, no estimate.
    if (before.distanceKm !== null || form.distanceKm !== null) values.estimate = await quoteForm(work.tx, before.schoolOrgId, form);
    if (before.status === TripStatus.Confirmed) {
      Object.assign(values, { status: TripStatus.Pending, editRequest: true, editRequestBefore: formSnapshot(before) });
    }
    return values;
  }

  private async dto(approval: TripApproval, trip: TripDto, work?: Work): Promise<ApprovalDto> {
    const em = work?.tx ?? this.db.manager;
    const policy = await policyOf(em, trip.schoolOrgId);
    const names = await userNames(
      em,
      policy.steps.flatMap((s) => s.approverIds),
    );
    return toApprovalDto(approval, trip, policy, names);
  }
}
