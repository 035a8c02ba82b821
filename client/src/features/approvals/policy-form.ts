import { type ApprovalPolicyBody, type ApprovalPolicyDto, approvalPolicyProblem, type ApprovalStep } from '@contracts/approvals';
import { formatMoney, parseMoney } from '@contracts/rates';

/**
 * The Approval policy form: what a person picks and types (approvers by id as the MultiSelect holds them, the amount in
 * AED with decimals), and the policy the server stores (contracts/approvals.ts: ids, fils). The rules are the server's
 * own: approvalPolicyProblem says what is wrong before anything is sent.
 */
export type PolicyStepCount = '0' | '1' | '2';

export interface PolicyForm {
  stepCount: PolicyStepCount;
  firstApprovers: string[];
  secondApprovers: string[];
  /** AED, as typed; empty: the second step always applies. */
  secondAbove: string;
  budgetCodeRequired: boolean;
  reminderDays: number | '';
  expiryDays: number | '';
}

export const STEP_CHOICES: { value: PolicyStepCount; label: string }[] = [
  { value: '0', label: 'None' },
  { value: '1', label: 'One step' },
  { value: '2', label: 'Two steps' },
];

export const ABOVE_INVALID = 'Enter the amount in AED, such as 1,500.00, or leave it empty.';

const ids = (list: readonly number[] | undefined) => (list ?? []).map(String);

export function policyFormOf(policy: ApprovalPolicyDto): PolicyForm {
  const [first, second] = policy.steps;
  return {
    stepCount: String(Math.min(policy.steps.length, 2)) as PolicyStepCount,
    firstApprovers: ids(first?.approverIds),
    secondApprovers: ids(second?.approverIds),
    secondAbove: second?.aboveFils == null ? '' : formatMoney(second.aboveFils),
    budgetCodeRequired: policy.budgetCodeRequired,
    reminderDays: policy.reminderDays,
    expiryDays: policy.expiryDays,
  };
}

/** The policy to send (with the version the form started from), or the first thing wrong with it. */
export function checkedPolicy(
  form: PolicyForm,
  version: number,
): { body: ApprovalPolicyBody; problem: null } | { body: null; problem: string } {
  const above = form.secondAbove.trim() === '' ? null : parseMoney(form.secondAbove);
  if (form.stepCount === '2' && above === null && form.secondAbove.trim() !== '') return { body: null, problem: ABOVE_INVALID };
  const steps: ApprovalStep[] = [{ approverIds: form.firstApprovers.map(Number), aboveFils: null }];
  if (form.stepCount === '2') steps.push({ approverIds: form.secondApprovers.map(Number), aboveFils: above });
  const body: ApprovalPolicyBody = {
    steps: form.stepCount === '0' ? [] : steps,
    budgetCodeRequired: form.budgetCodeRequired,
    // an empty box is no number of days: the rules' message says what is wanted
    reminderDays: form.reminderDays === '' ? NaN : form.reminderDays,
    expiryDays: form.expiryDays === '' ? NaN : form.expiryDays,
    version,
  };
  const problem = approvalPolicyProblem(body);
  return problem ? { body: null, problem } : { body, problem: null };
}
