import type { ApprovalDecision, ApprovalDto, ApprovalKind, ApprovalState } from '@contracts/approvals';
import type { ProfileDto } from '@contracts/wire';

export const KIND_LABELS: Record<ApprovalKind, string> = { request: 'New request', change: 'Change' };

/** The same, for the weeks of a weekly series shown as one card. */
export const WEEKLY_KIND_LABELS: Record<ApprovalKind, string> = { request: 'Weekly request', change: 'Weekly change' };

export const STATE_LABELS: Record<ApprovalState, string> = {
  waiting: 'Waiting for approval',
  changesRequested: 'Changes requested',
  approved: 'Approved',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
  canceled: 'Canceled',
};

export const DECISION_LABELS: Record<ApprovalDecision, string> = { approve: 'Approve', requestChanges: 'Request changes', deny: 'Deny' };

/** "1 of 2": the step an approval waits at, of how many. */
export const stepText = (approval: Pick<ApprovalDto, 'step' | 'steps'>) => `${approval.step} of ${approval.steps}`;

/**
 * May this user decide the approval now? The approvers of its step and admins, while it waits (contracts/approvals.ts
 * `decideApproval`; the console knows the step's approvers from the approval itself, not from the policy).
 */
export function canDecide(profile: Pick<ProfileDto, 'id' | 'role'> | null, approval: Pick<ApprovalDto, 'state' | 'approvers'>): boolean {
  if (!profile || approval.state !== 'waiting') return false;
  return profile.role === 'admin' || approval.approvers.some((a) => a.id === profile.id);
}

/** "Hana Saleh, Omar Khan": the people named, in order. */
export const namesOf = (people: readonly { name: string }[]) => people.map((p) => p.name).join(', ');
