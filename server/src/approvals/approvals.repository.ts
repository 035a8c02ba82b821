import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { type ApprovalDto, type ApprovalKind, type ApprovalPolicyBody, type ApprovalState, noApprovalPolicy } from '../contracts/approvals';
import { describeTripChanges } from '../contracts/trip-changes';
import { invoiceMoney } from '../contracts/invoices';
import type { TripDto, TripFieldChange } from '../contracts/trip-wire';
import { departureMinuteSql } from '../trips/repository/trip-list.repository';
import { formSnapshot } from '../trips/trip.mapper';
import { type ProposedChange, TripApproval } from './trip-approval.entity';

/**
 * The approval tables' reads and writes (docs/domain.md, "Approval at the school"), each in the caller's transaction or
 * on the pool. Who may do what is decided before these run (contracts/approvals.ts, contracts/trip-rules.ts).
 */

/** The school's policy, or none (no steps, default days) for a school that never had one. */
export async function policyOf(em: EntityManager, schoolOrgId: number): Promise<ApprovalPolicyBody & { version: number }> {
  // Plain SQL, not the ORM's findOneBy: every request a school files reads this, and building the ORM's statement took
  // more CPU than running it.
  const [row] = await em.query<(ApprovalPolicyBody & { version: number })[]>(
    `SELECT steps, budget_code_required AS "budgetCodeRequired", reminder_days AS "reminderDays", expiry_days AS "expiryDays", version
       FROM approval_policies WHERE school_org_id = $1`,
    [schoolOrgId],
  );
  return row ?? { ...noApprovalPolicy(), version: 0 };
}

/** What a new approval starts with. */
export interface NewApproval {
  tenantId: number;
  tripId: number;
  schoolOrgId: number;
  kind: ApprovalKind;
  steps: number;
  proposed: ProposedChange | null;
  requestedBy: { id: number; name: string };
}

/**
 * Opens an approval at step 1 (waiting), stamped with the transaction's time. An open one of the same trip is closed
 * first (a change made again replaces the one waiting): the partial unique index keeps one open per trip.
 */
export async function openApproval(tx: EntityManager, a: NewApproval): Promise<TripApproval> {
  await tx.query(`UPDATE trip_approvals SET state = 'canceled' WHERE trip_id = $1 AND state IN ('waiting', 'changesRequested')`, [
    a.tripId,
  ]);
  const [row] = await tx.query<TripApproval[]>(
    `INSERT INTO trip_approvals (tenant_id, trip_id, school_org_id, kind, state, step, steps, proposed, requested_by_id, requested_by,
                                 submitted_at, step_since)
     VALUES ($1, $2, $3, $4, 'waiting', 1, $5, $6::jsonb, $7, $8, now(), now()) RETURNING id`,
    [
      a.tenantId,
      a.tripId,
      a.schoolOrgId,
      a.kind,
      a.steps,
      a.proposed === null ? null : JSON.stringify(a.proposed),
      a.requestedBy.id,
      a.requestedBy.name,
    ],
  );
  return await tx.findOneByOrFail(TripApproval, { id: row.id });
}

/** The trip's open approval (waiting or sent back for changes), locked for the caller's transaction, or null. */
export function lockOpenApproval(tx: EntityManager, tripId: number): Promise<TripApproval | null> {
  return tx
    .createQueryBuilder(TripApproval, 'a')
    .where('a.tripId = :tripId', { tripId })
    .andWhere(`a.state IN ('waiting', 'changesRequested')`)
    .setLock('pessimistic_write')
    .getOne();
}

/** The trip's open approval, else its latest, else null. */
export function currentApproval(em: EntityManager, tripId: number): Promise<TripApproval | null> {
  return em
    .createQueryBuilder(TripApproval, 'a')
    .where('a.tripId = :tripId', { tripId })
    .orderBy(`CASE WHEN a.state IN ('waiting', 'changesRequested') THEN 0 ELSE 1 END`)
    .addOrderBy('a.id', 'DESC')
    .getOne();
}

/** What a decision or a resubmission changes of an approval. `stepStarts`: the step's clock starts now. */
export interface ApprovalMove {
  state: ApprovalState;
  step?: number;
  comment?: string | null;
  /** The step (or, on a resubmission, the whole approval) starts again now. */
  restart?: 'step' | 'all';
}

export async function moveApproval(tx: EntityManager, id: number, move: ApprovalMove): Promise<void> {
  await tx.query(
    `UPDATE trip_approvals SET state = $2, step = COALESCE($3, step), comment = CASE WHEN $4::boolean THEN $5 ELSE comment END,
            step_since = CASE WHEN $6::varchar IS NOT NULL THEN now() ELSE step_since END,
            submitted_at = CASE WHEN $6::varchar = 'all' THEN now() ELSE submitted_at END,
            reminded_step = CASE WHEN $6::varchar IS NOT NULL THEN NULL ELSE reminded_step END
      WHERE id = $1`,
    [id, move.state, move.step ?? null, move.comment !== undefined, move.comment ?? null, move.restart ?? null],
  );
}

/**
 * The SQL condition "the approval `a` waits for this user": admins every waiting one of their tenant (platform admins,
 * every tenant's); school staff those of their school whose current step names them (`p`: the school's policy).
 */
function waitingForSql(user: Pick<AuthUser, 'id' | 'role' | 'tenantId' | 'activeOrgId'>, params: unknown[]): string {
  const p = (v: unknown) => `$${params.push(v)}`;
  if (user.role === 'admin') return user.tenantId === null ? 'TRUE' : `a.tenant_id = ${p(user.tenantId)}`;
  if (user.role !== 'school_staff' || user.activeOrgId === null || user.tenantId === null) return 'FALSE';
  return `a.tenant_id = ${p(user.tenantId)} AND a.school_org_id = ${p(user.activeOrgId)}
          AND (p.steps -> (a.step - 1) -> 'approverIds') @> to_jsonb(${p(user.id)}::int)`;
}

/** How many approvals wait for this user (the sidebar's badge and the dashboard's card). */
export async function countWaitingFor(
  em: EntityManager,
  user: Pick<AuthUser, 'id' | 'role' | 'tenantId' | 'activeOrgId'>,
): Promise<number> {
  const params: unknown[] = [];
  const [row] = await em.query<{ n: string | number }[]>(
    `SELECT count(*) AS n FROM trip_approvals a JOIN approval_policies p ON p.school_org_id = a.school_org_id
      WHERE a.state = 'waiting' AND ${waitingForSql(user, params)}`,
    params,
  );
  return Number(row.n);
}

/**
 * The approvals waiting for this user, the trip that departs soonest first (at most `limit`): a request for this
 * afternoon is decided before one for next month, whichever came first. Then the oldest first.
 */
export async function waitingFor(em: EntityManager, user: AuthUser, limit: number): Promise<TripApproval[]> {
  const params: unknown[] = [];
  const where = waitingForSql(user, params);
  params.push(limit);
  const ids = await em.query<{ id: number }[]>(
    `SELECT a.id FROM trip_approvals a JOIN approval_policies p ON p.school_org_id = a.school_org_id JOIN trips t ON t.id = a.trip_id
      WHERE a.state = 'waiting' AND ${where}
      ORDER BY t.departure_date, ${departureMinuteSql('t.departure_time')}, a.submitted_at, a.id LIMIT $${params.length}`,
    params,
  );
  if (ids.length === 0) return [];
  const rows = await em.getRepository(TripApproval).findBy(ids.map((r) => ({ id: r.id })));
  const order = new Map(ids.map((r, i) => [r.id, i]));
  return rows.sort((x, y) => order.get(x.id)! - order.get(y.id)!);
}

/** Names of users by id (approvers), in one read. */
export async function userNames(em: EntityManager, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await em.query<{ id: number; name: string }[]>(`SELECT id, name FROM users WHERE id = ANY($1::int[])`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** An approval as the wire shows it, with its trip and the names of its step's approvers. */
/** What a held change would change, in words: its fields, then its estimate where it moves the price. */
export function proposedChanges(trip: TripDto, proposed: ProposedChange): TripFieldChange[] {
  const { estimate, ...fields } = proposed;
  const changes = describeTripChanges(formSnapshot(trip), { ...formSnapshot(trip), ...fields });
  if (estimate === undefined) return changes;
  const money = (e: TripDto['estimate']) => (e ? invoiceMoney(e.quote.total, e.quote.currency) : 'none');
  const [from, to] = [money(trip.estimate), money(estimate)];
  return from === to ? changes : [...changes, { field: 'estimate', label: 'Estimate', from, to }];
}

export function toApprovalDto(
  a: TripApproval,
  trip: TripDto,
  policy: Pick<ApprovalPolicyBody, 'steps'>,
  names: Map<number, string>,
): ApprovalDto {
  const approverIds = a.state === 'waiting' ? (policy.steps[a.step - 1]?.approverIds ?? []) : [];
  return {
    id: a.id,
    tripId: a.tripId,
    kind: a.kind,
    state: a.state,
    step: a.step,
    steps: a.steps,
    approvers: approverIds.map((id) => ({ id, name: names.get(id) ?? 'A former user' })),
    requestedBy: { id: a.requestedById, name: a.requestedBy },
    submittedAt: iso(a.submittedAt),
    stepSince: iso(a.stepSince),
    comment: a.comment,
    changes: a.kind === 'change' && a.proposed ? proposedChanges(trip, a.proposed) : [],
    trip: {
      destination: trip.destination,
      schoolOrgId: trip.schoolOrgId,
      schoolName: trip.schoolName,
      status: trip.status,
      departureDate: trip.departureDate,
      departureTime: trip.departureTime,
      returnDate: trip.returnDate,
      returnTime: trip.returnTime,
      students: trip.students,
      staff: trip.staff,
      budgetCode: trip.budgetCode,
      estimate: trip.estimate ? { total: trip.estimate.quote.total, currency: trip.estimate.quote.currency } : null,
      seriesId: trip.seriesId,
      version: trip.version,
    },
  };
}
