/**
 * Approval at the school (docs/domain.md, "Approval at the school"): a school's policy (no approval, or one or two
 * steps, each naming the school's staff who may approve it), the approvals a request or a change goes through, and
 * the rules that decide them. Plain TypeScript, shared by the server (which enforces it) and the console (which only
 * offers what it allows). The trip statuses and who moves a trip between them are trip-rules.ts's.
 */
import type { TripActor } from './trip-rules';
import type { TripDto, TripFieldChange, TripFormFields, TripStatus } from './trip-wire';

/** One step of a policy: who may approve it, and (the second step only) the estimate above which it applies. */
export interface ApprovalStep {
  /** Users of the school (approved school staff) who may approve this step. At least one. */
  approverIds: number[];
  /**
   * The second step applies only to trips whose estimate is above this (fils); null: always. A trip without an
   * estimate always goes through it.
   */
  aboveFils: number | null;
}

/** The body of PUT /schools/{id}/approval-policy: the whole policy. No steps: requests go straight to the bus company. */
export interface ApprovalPolicyBody {
  steps: ApprovalStep[];
  budgetCodeRequired: boolean;
  /** A request waiting this many days for a step reminds that step's approvers once. */
  reminderDays: number;
  /** A request waiting this many days since it was submitted is withdrawn. */
  expiryDays: number;
  /** The version the editor saw: a stale one answers 409 with the current policy. */
  version?: number;
}

export interface ApprovalPolicyDto extends Required<Omit<ApprovalPolicyBody, 'version'>> {
  schoolOrgId: number;
  schoolName: string;
  /** The approvers' names, by id, for every step. */
  approvers: { id: number; name: string }[];
  /** 0 for a school that never had a policy (the defaults below). */
  version: number;
  updatedAt: string | null;
  updatedBy: { id: number | null; name: string } | null;
}

export const DEFAULT_REMINDER_DAYS = 3;
export const DEFAULT_EXPIRY_DAYS = 10;
export const MAX_APPROVAL_STEPS = 2;
export const MAX_APPROVERS_PER_STEP = 20;
export const MAX_APPROVAL_DAYS = 365;
export const MAX_BUDGET_CODE_LENGTH = 50;
export const MAX_APPROVAL_COMMENT_LENGTH = 500;
/** A change of the price beyond this share of it (basis points: 1000 = 10 %) goes through approval again. */
export const MATERIAL_PRICE_CHANGE_BASIS_POINTS = 1000;

/** What a school without a policy has: no steps, the default days. */
export function noApprovalPolicy(): ApprovalPolicyBody {
  return { steps: [], budgetCodeRequired: false, reminderDays: DEFAULT_REMINDER_DAYS, expiryDays: DEFAULT_EXPIRY_DAYS };
}

export const ApprovalMessages = {
  notObject: 'The approval policy must be a JSON object.',
  stepsInvalid: `steps must be a list of at most ${MAX_APPROVAL_STEPS} steps, each {approverIds, aboveFils}.`,
  approversRequired: 'Each step needs at least one approver.',
  tooManyApprovers: `A step may name at most ${MAX_APPROVERS_PER_STEP} approvers.`,
  approverIdsInvalid: 'approverIds must be a list of user ids.',
  aboveInvalid: 'aboveFils must be a whole number of fils from 0 to 100,000,000, or null.',
  aboveOnlySecond: 'Only the second step can apply above an amount.',
  budgetCodeRequiredInvalid: 'budgetCodeRequired must be true or false.',
  daysInvalid: `Reminder and expiry days must be whole numbers from 1 to ${MAX_APPROVAL_DAYS}.`,
  expiryBeforeReminder: 'The expiry must come after the reminder.',
  versionInvalid: 'version must be a whole number.',
  approversNotStaff: 'Approvers must be approved staff of this school.',
  staleVersion: 'This approval policy was changed by someone else in the meantime. Review it and try again.',
  schoolNotFound: 'School not found.',
  forbidden: "Only an admin or the school's approvers can change its approval policy.",
  forbiddenRead: "Only an admin, a trip manager or the school's staff can see its approval policy.",
  budgetCodeRequired: 'Budget code is required.',
  budgetCodeInvalid: `Budget code must be text of at most ${MAX_BUDGET_CODE_LENGTH} characters.`,
  decisionInvalid: 'decision must be approve, requestChanges or deny.',
  commentRequired: 'Please say why (comment).',
  commentInvalid: `The comment must be text of at most ${MAX_APPROVAL_COMMENT_LENGTH} characters.`,
  nothingWaiting: 'Nothing of this trip waits for approval.',
  seriesNothingWaiting: 'No week of this series waits for your approval.',
  changeMovedOn: 'This trip moved on (cancelled or completed) while the change waited: the change no longer applies and is closed.',
  /** A change of a trip a bus company holds, kept at the school until its approvers agree. */
  changeHeld: 'Your change is waiting for approval at your school. The bus company sees it once it is approved.',
} as const;

const isWhole = (n: unknown, min: number, max: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** What is wrong with a policy body (the 400's message), or null. Who the approvers are is the server's to check. */
export function approvalPolicyProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ApprovalMessages.notObject;
  const b = body as Record<string, unknown>;
  if (!Array.isArray(b.steps) || b.steps.length > MAX_APPROVAL_STEPS) return ApprovalMessages.stepsInvalid;
  for (const [i, step] of (b.steps as unknown[]).entries()) {
    if (typeof step !== 'object' || step === null || Array.isArray(step)) return ApprovalMessages.stepsInvalid;
    const { approverIds, aboveFils } = step as Record<string, unknown>;
    if (!Array.isArray(approverIds) || !approverIds.every((id) => isWhole(id, 1, 2_147_483_647))) {
      return ApprovalMessages.approverIdsInvalid;
    }
    if (approverIds.length === 0) return ApprovalMessages.approversRequired;
    if (approverIds.length > MAX_APPROVERS_PER_STEP) return ApprovalMessages.tooManyApprovers;
    if (aboveFils !== undefined && aboveFils !== null) {
      if (!isWhole(aboveFils, 0, 100_000_000)) return ApprovalMessages.aboveInvalid;
      if (i === 0) return ApprovalMessages.aboveOnlySecond;
    }
  }
  if (typeof b.budgetCodeRequired !== 'boolean') return ApprovalMessages.budgetCodeRequiredInvalid;
  if (!isWhole(b.reminderDays, 1, MAX_APPROVAL_DAYS) || !isWhole(b.expiryDays, 1, MAX_APPROVAL_DAYS)) return ApprovalMessages.daysInvalid;
  if (b.expiryDays <= b.reminderDays) return ApprovalMessages.expiryBeforeReminder;
  if (b.version !== undefined && !isWhole(b.version, 0, 2_147_483_647)) return ApprovalMessages.versionInvalid;
  return null;
}

/** How many steps a request goes through under `policy`: the second only above its amount, or when there is no estimate. */
export function approvalStepCount(policy: Pick<ApprovalPolicyBody, 'steps'>, estimateFils: number | null): number {
  const [first, second] = policy.steps;
  if (!first) return 0;
  if (!second) return 1;
  if (second.aboveFils === null || estimateFils === null) return 2;
  return estimateFils > second.aboveFils ? 2 : 1;
}

/** Does a request by this actor wait for approval under `policy`? Admins' requests do not (an admin may approve any step). */
export function requestAwaitsApproval(actor: Pick<TripActor, 'role'>, policy: Pick<ApprovalPolicyBody, 'steps'>): boolean {
  return actor.role !== 'admin' && policy.steps.length > 0;
}

/** Is the actor named for `step` (1-based) of the school's policy, as staff of that school? */
export function isStepApprover(
  actor: Pick<TripActor, 'id' | 'role' | 'activeOrgId'>,
  policy: Pick<ApprovalPolicyBody, 'steps'>,
  schoolOrgId: number,
  step: number,
): boolean {
  const named = policy.steps[step - 1]?.approverIds ?? [];
  return actor.role === 'school_staff' && actor.activeOrgId === schoolOrgId && named.includes(actor.id);
}

/**
 * Does an edit of a trip that already went past approval go through it again? A change of the dates, of the
 * passengers, or of the price by more than 10 % does; anything else (the destination's spelling, the notes) does not.
 */
export function isMaterialChange(
  before: Pick<TripFormFields, 'departureDate' | 'returnDate' | 'students' | 'staff'> & { priceFils?: number | null },
  after: Pick<TripFormFields, 'departureDate' | 'returnDate' | 'students' | 'staff'> & { priceFils?: number | null },
): boolean {
  if (before.departureDate !== after.departureDate || before.returnDate !== after.returnDate) return true;
  if (before.students !== after.students || (before.staff ?? 0) !== (after.staff ?? 0)) return true;
  const was = before.priceFils ?? null;
  const is = after.priceFils ?? null;
  if (was === null || is === null || was === is) return false;
  return Math.abs(is - was) * 10_000 > was * MATERIAL_PRICE_CHANGE_BASIS_POINTS;
}

/** An approval: of a new request (the trip waits at its school) or of a change to a trip a bus company already holds. */
export const APPROVAL_KINDS = ['request', 'change'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** Where an approval stands. Only `waiting` counts for approvers; `changesRequested` waits for the requester. */
export const APPROVAL_STATES = ['waiting', 'changesRequested', 'approved', 'denied', 'withdrawn', 'canceled'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** An approver's decision (POST /trips/{id}/approval). */
export const APPROVAL_DECISIONS = ['approve', 'requestChanges', 'deny'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export interface ApprovalDecisionBody {
  decision: ApprovalDecision;
  /** Required to request changes or deny (the reason); optional to approve. */
  comment?: string;
}

/** An approval, as the approvals list and the trip's details show it. */
export interface ApprovalDto {
  id: number;
  tripId: number;
  kind: ApprovalKind;
  state: ApprovalState;
  /** The step it waits at (1-based), and how many there are. */
  step: number;
  steps: number;
  /** Who may act on this step now. */
  approvers: { id: number; name: string }[];
  requestedBy: { id: number | null; name: string };
  submittedAt: string;
  /** Since when it waits at this step. */
  stepSince: string;
  /** The last approver's comment (the changes asked for, the reason for a denial). */
  comment: string | null;
  /** For a change: what it would change, in words ("Students: 40 → 52"); for a request: empty. */
  changes: TripFieldChange[];
  /** The trip, as the approver needs it to decide. */
  trip: {
    destination: string;
    schoolOrgId: number;
    schoolName: string;
    status: TripStatus;
    departureDate: string;
    departureTime: string;
    returnDate: string;
    returnTime: string;
    students: number;
    staff: number | null;
    budgetCode: string | null;
    /** The trip's estimate (VAT included, in fils), what its approvers approve the spending of; null without one. */
    estimate: { total: number; currency: string } | null;
    /** The weekly series the trip is a week of (its weeks may be approved together), or null. */
    seriesId: string | null;
    version: number;
  };
}

/** GET /approvals/count and the `approvals:count` event: how many approvals wait for the receiver. */
export interface ApprovalCountDto {
  waiting: number;
}

/** May this actor decide this approval now? Approvers of its step and admins; only while it waits. */
export function decideApproval(
  actor: Pick<TripActor, 'id' | 'role' | 'tenantId' | 'activeOrgId'>,
  approval: { state: ApprovalState; step: number; tenantId: number; schoolOrgId: number },
  policy: Pick<ApprovalPolicyBody, 'steps'>,
): { allowed: true } | { allowed: false; code: 403 | 409; message: string } {
  const admin = actor.role === 'admin' && (actor.tenantId === null || actor.tenantId === approval.tenantId);
  const approver = actor.tenantId === approval.tenantId && isStepApprover(actor, policy, approval.schoolOrgId, approval.step);
  if (!admin && !approver) {
    return {
      allowed: false,
      code: 403,
      message: "Only the approvers of this step of the school's approval policy or an admin can decide it.",
    };
  }
  if (approval.state !== 'waiting') return { allowed: false, code: 409, message: ApprovalMessages.nothingWaiting };
  return { allowed: true };
}

/**
 * The answer (202) of a PATCH /trips/{id} whose change of a trip a bus company holds waits for the school's approval:
 * the trip as it still is (the company sees no change yet), and the approval the change now waits in.
 */
export interface HeldChangeBody {
  message: string;
  trip: TripDto;
  approval: ApprovalDto;
}
