import { z } from 'zod';
import { text } from '../common/input';
import {
  APPROVAL_DECISIONS,
  ApprovalMessages as M,
  type ApprovalPolicyBody,
  approvalPolicyProblem,
  MAX_APPROVAL_COMMENT_LENGTH,
} from '../contracts/approvals';

/**
 * Input shapes of the approval calls, with the messages of contracts/approvals.ts. A policy goes whole through
 * `approvalPolicyProblem`, the rule the policy editor shows too; unknown keys are dropped.
 */

export const approvalPolicySchema = z.unknown().transform((body, ctx): ApprovalPolicyBody => {
  const problem = approvalPolicyProblem(body);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  const b = body as ApprovalPolicyBody;
  return {
    steps: b.steps.map((s) => ({ approverIds: s.approverIds, aboveFils: s.aboveFils ?? null })),
    budgetCodeRequired: b.budgetCodeRequired,
    reminderDays: b.reminderDays,
    expiryDays: b.expiryDays,
    version: b.version,
  };
});

export const approvalDecisionSchema = z
  .object(
    {
      decision: z.enum(APPROVAL_DECISIONS, { error: M.decisionInvalid }),
      comment: text({ error: M.commentInvalid, max: MAX_APPROVAL_COMMENT_LENGTH, tooLong: M.commentInvalid }).trim().optional(),
    },
    { error: M.decisionInvalid },
  )
  .superRefine((b, ctx) => {
    if (b.decision !== 'approve' && !b.comment) ctx.addIssue({ code: 'custom', message: M.commentRequired, path: ['comment'] });
  });
export type ApprovalDecisionInput = z.infer<typeof approvalDecisionSchema>;

/** POST /approvals/series/{seriesId}: approving every week of a series that waits for the caller, with a comment or none. */
export const seriesApprovalSchema = z.object(
  { comment: text({ error: M.commentInvalid, max: MAX_APPROVAL_COMMENT_LENGTH, tooLong: M.commentInvalid }).trim().optional() },
  { error: M.commentInvalid },
);
export type SeriesApprovalInput = z.infer<typeof seriesApprovalSchema>;
