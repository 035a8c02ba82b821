import {
  ApprovalMessages as M,
  type ApprovalPolicyBody,
  type ApprovalState,
  approvalPolicyProblem,
  approvalStepCount,
  decideApproval,
  isMaterialChange,
  isStepApprover,
  MAX_APPROVAL_DAYS,
  MAX_APPROVERS_PER_STEP,
} from './approvals';
import type { Role } from './roles';
import type { TripActor } from './trip-rules';

const TENANT = 7;
const SCHOOL = 20;
const OTHER_SCHOOL = 21;
const TEACHER = 101;
const PRINCIPAL = 102;

const policy = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  steps: [
    { approverIds: [TEACHER], aboveFils: null },
    { approverIds: [PRINCIPAL], aboveFils: 500_000 },
  ],
  budgetCodeRequired: false,
  reminderDays: 3,
  expiryDays: 10,
  ...over,
});
const oneStep = (step: Record<string, unknown>) => policy({ steps: [{ approverIds: [TEACHER], aboveFils: null }, step] });

describe('approvalPolicyProblem', () => {
  it.each<[string, unknown]>([
    ['two steps, the second above an amount', policy()],
    ['no steps (requests go straight to the bus company)', policy({ steps: [] })],
    ['one step without aboveFils', policy({ steps: [{ approverIds: [TEACHER] }] })],
    ['a second step always applying (aboveFils null)', oneStep({ approverIds: [PRINCIPAL], aboveFils: null })],
    ['the largest amount', oneStep({ approverIds: [PRINCIPAL], aboveFils: 100_000_000 })],
    ['an amount of 0', oneStep({ approverIds: [PRINCIPAL], aboveFils: 0 })],
    [
      `${MAX_APPROVERS_PER_STEP} approvers`,
      policy({ steps: [{ approverIds: Array.from({ length: MAX_APPROVERS_PER_STEP }, (_, i) => i + 1) }] }),
    ],
    ['one day to remind, two to expire', policy({ reminderDays: 1, expiryDays: 2 })],
    [`expiry at ${MAX_APPROVAL_DAYS} days`, policy({ expiryDays: MAX_APPROVAL_DAYS })],
    ['a version', policy({ version: 0 })],
  ])('passes %s', (_name, body) => {
    expect(approvalPolicyProblem(body)).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ['null', null, M.notObject],
    ['a list', [policy()], M.notObject],
    ['text', 'steps', M.notObject],
    ['steps missing', policy({ steps: undefined }), M.stepsInvalid],
    ['steps not a list', policy({ steps: { approverIds: [TEACHER] } }), M.stepsInvalid],
    [
      'more than 2 steps',
      policy({ steps: [{ approverIds: [1] }, { approverIds: [2], aboveFils: null }, { approverIds: [3], aboveFils: null }] }),
      M.stepsInvalid,
    ],
    ['a step that is not an object', policy({ steps: [null] }), M.stepsInvalid],
    ['a step that is a list', policy({ steps: [[TEACHER]] }), M.stepsInvalid],
    ['empty approvers', policy({ steps: [{ approverIds: [] }] }), M.approversRequired],
    ['empty approvers on step 2', oneStep({ approverIds: [], aboveFils: null }), M.approversRequired],
    [
      `more than ${MAX_APPROVERS_PER_STEP} approvers`,
      policy({ steps: [{ approverIds: Array.from({ length: MAX_APPROVERS_PER_STEP + 1 }, (_, i) => i + 1) }] }),
      M.tooManyApprovers,
    ],
    ['approverIds missing', policy({ steps: [{ aboveFils: null }] }), M.approverIdsInvalid],
    ['an approver id as text', policy({ steps: [{ approverIds: [String(TEACHER)] }] }), M.approverIdsInvalid],
    ['an approver id of 0', policy({ steps: [{ approverIds: [0] }] }), M.approverIdsInvalid],
    ['a fractional approver id', policy({ steps: [{ approverIds: [1.5] }] }), M.approverIdsInvalid],
    ['aboveFils on step 1', policy({ steps: [{ approverIds: [TEACHER], aboveFils: 1_000 }] }), M.aboveOnlySecond],
    ['aboveFils 0 on step 1', policy({ steps: [{ approverIds: [TEACHER], aboveFils: 0 }] }), M.aboveOnlySecond],
    ['a negative amount', oneStep({ approverIds: [PRINCIPAL], aboveFils: -1 }), M.aboveInvalid],
    ['an amount as text', oneStep({ approverIds: [PRINCIPAL], aboveFils: '500000' }), M.aboveInvalid],
    ['a fractional amount', oneStep({ approverIds: [PRINCIPAL], aboveFils: 10.5 }), M.aboveInvalid],
    ['an amount above 100,000,000', oneStep({ approverIds: [PRINCIPAL], aboveFils: 100_000_001 }), M.aboveInvalid],
    ['budgetCodeRequired missing', policy({ budgetCodeRequired: undefined }), M.budgetCodeRequiredInvalid],
    ['budgetCodeRequired as text', policy({ budgetCodeRequired: 'true' }), M.budgetCodeRequiredInvalid],
    ['reminder days 0', policy({ reminderDays: 0 }), M.daysInvalid],
    ['expiry days 0', policy({ expiryDays: 0 }), M.daysInvalid],
    ['reminder days as text', policy({ reminderDays: '3' }), M.daysInvalid],
    ['fractional days', policy({ reminderDays: 2.5 }), M.daysInvalid],
    [`expiry beyond ${MAX_APPROVAL_DAYS} days`, policy({ expiryDays: MAX_APPROVAL_DAYS + 1 }), M.daysInvalid],
    ['days missing', policy({ reminderDays: undefined }), M.daysInvalid],
    ['expiry equal to the reminder', policy({ reminderDays: 5, expiryDays: 5 }), M.expiryBeforeReminder],
    ['expiry before the reminder', policy({ reminderDays: 5, expiryDays: 4 }), M.expiryBeforeReminder],
    ['a version as text', policy({ version: '1' }), M.versionInvalid],
    ['a negative version', policy({ version: -1 }), M.versionInvalid],
  ])('refuses %s', (_name, body, message) => {
    expect(approvalPolicyProblem(body)).toBe(message);
  });
});

describe('approvalStepCount', () => {
  const steps = (aboveFils: number | null): Pick<ApprovalPolicyBody, 'steps'> => ({
    steps: [
      { approverIds: [TEACHER], aboveFils: null },
      { approverIds: [PRINCIPAL], aboveFils },
    ],
  });

  it.each<[string, Pick<ApprovalPolicyBody, 'steps'>, number | null, number]>([
    ['no policy', { steps: [] }, 1_000, 0],
    ['one step', { steps: [{ approverIds: [TEACHER], aboveFils: null }] }, 1_000_000, 1],
    ['a second step that always applies', steps(null), 0, 2],
    ['no estimate: the second step always applies', steps(500_000), null, 2],
    ['an estimate above the threshold', steps(500_000), 500_001, 2],
    ['an estimate equal to the threshold', steps(500_000), 500_000, 1],
    ['an estimate below the threshold', steps(500_000), 499_999, 1],
  ])('%s', (_name, p, estimate, count) => {
    expect(approvalStepCount(p, estimate)).toBe(count);
  });
});

describe('isMaterialChange', () => {
  const before = { departureDate: '2031-03-04', returnDate: '2031-03-04', students: 30, staff: null as number | null, priceFils: 100_000 };

  it.each<[string, Partial<typeof before>, boolean]>([
    ['nothing that matters', {}, false],
    ['the departure date', { departureDate: '2031-03-05' }, true],
    ['the return date', { returnDate: '2031-03-05' }, true],
    ['the students', { students: 31 }, true],
    ['staff from none to 0 (the same)', { staff: 0 }, false],
    ['staff from none to 1', { staff: 1 }, true],
    ['the price up by exactly 10 %', { priceFils: 110_000 }, false],
    ['the price up by just over 10 %', { priceFils: 110_001 }, true],
    ['the price down by exactly 10 %', { priceFils: 90_000 }, false],
    ['the price down by just over 10 %', { priceFils: 89_999 }, true],
    ['the price forgotten (no price after)', { priceFils: null as unknown as number }, false],
  ])('%s: %s', (_name, change, material) => {
    expect(isMaterialChange(before, { ...before, ...change })).toBe(material);
  });

  it('compares staff of 2 and 3, and ignores a price where there was none', () => {
    expect(isMaterialChange({ ...before, staff: 2 }, { ...before, staff: 3 })).toBe(true);
    expect(isMaterialChange({ ...before, staff: 0 }, { ...before, staff: null })).toBe(false);
    expect(isMaterialChange({ ...before, priceFils: null }, { ...before, priceFils: 999_999 })).toBe(false);
    expect(isMaterialChange({ ...before, priceFils: undefined }, { ...before, priceFils: undefined })).toBe(false);
  });
});

const actor = (role: Role, id: number, activeOrgId: number | null = SCHOOL, tenantId: number | null = TENANT): TripActor => ({
  id,
  role,
  tenantId,
  activeOrgId,
});
const twoSteps: Pick<ApprovalPolicyBody, 'steps'> = {
  steps: [
    { approverIds: [TEACHER], aboveFils: null },
    { approverIds: [PRINCIPAL], aboveFils: null },
  ],
};

describe('isStepApprover', () => {
  it.each<[string, TripActor, number, boolean]>([
    ['the teacher at step 1', actor('school_staff', TEACHER), 1, true],
    ['the principal at step 2', actor('school_staff', PRINCIPAL), 2, true],
    ['the teacher at step 2', actor('school_staff', TEACHER), 2, false],
    ['the principal at step 1', actor('school_staff', PRINCIPAL), 1, false],
    ['the teacher at a step the policy does not have', actor('school_staff', TEACHER), 3, false],
    ['the teacher now at another school', actor('school_staff', TEACHER, OTHER_SCHOOL), 1, false],
    ['the teacher with no school', actor('school_staff', TEACHER, null), 1, false],
    ['an admin who happens to have a named id', actor('admin', TEACHER, null), 1, false],
    ['someone not named', actor('school_staff', 999), 1, false],
  ])('%s: %s', (_name, who, step, yes) => {
    expect(isStepApprover(who, twoSteps, SCHOOL, step)).toBe(yes);
  });

  it('names nobody under no policy', () => {
    expect(isStepApprover(actor('school_staff', TEACHER), { steps: [] }, SCHOOL, 1)).toBe(false);
  });
});

describe('decideApproval', () => {
  const approval = (state: ApprovalState = 'waiting', step = 1) => ({ state, step, tenantId: TENANT, schoolOrgId: SCHOOL });
  const forbidden = {
    allowed: false,
    code: 403,
    message: "Only the approvers of this step of the school's approval policy or an admin can decide it.",
  };
  const notWaiting = { allowed: false, code: 409, message: M.nothingWaiting };

  it.each<[string, TripActor, ReturnType<typeof approval>, object]>([
    ['the step-1 approver at step 1', actor('school_staff', TEACHER), approval(), { allowed: true }],
    ['the step-2 approver at step 2', actor('school_staff', PRINCIPAL), approval('waiting', 2), { allowed: true }],
    ['the step-2 approver at step 1 (wrong step)', actor('school_staff', PRINCIPAL), approval(), forbidden],
    ['the step-1 approver at step 2 (wrong step)', actor('school_staff', TEACHER), approval('waiting', 2), forbidden],
    ['the approver as staff of another school', actor('school_staff', TEACHER, OTHER_SCHOOL), approval(), forbidden],
    ['the approver in another tenant', actor('school_staff', TEACHER, SCHOOL, 99), approval(), forbidden],
    ['school staff not named', actor('school_staff', 555), approval(), forbidden],
    ['a bus company', actor('bus_company', TEACHER, 30), approval(), forbidden],
    ['finance', actor('finance', 556, null), approval(), forbidden],
    ["the tenant's admin", actor('admin', 1, null), approval(), { allowed: true }],
    ["the tenant's admin at step 2", actor('admin', 1, null), approval('waiting', 2), { allowed: true }],
    ['a platform admin', actor('admin', 2, null, null), approval(), { allowed: true }],
    ["another tenant's admin", actor('admin', 3, null, 99), approval(), forbidden],
    ['the approver when changes were requested', actor('school_staff', TEACHER), approval('changesRequested'), notWaiting],
    ['the admin when it was approved', actor('admin', 1, null), approval('approved'), notWaiting],
    ['the approver when it was denied', actor('school_staff', TEACHER), approval('denied'), notWaiting],
    ['the approver when it was withdrawn', actor('school_staff', TEACHER), approval('withdrawn'), notWaiting],
    ['someone not named, on one no longer waiting (403 first)', actor('school_staff', 555), approval('denied'), forbidden],
  ])('%s', (_name, who, a, verdict) => {
    expect(decideApproval(who, a, twoSteps)).toEqual(verdict);
  });
});
