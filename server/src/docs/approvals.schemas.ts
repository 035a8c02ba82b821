import { z } from 'zod';
import {
  APPROVAL_KINDS,
  APPROVAL_STATES,
  type ApprovalCountDto,
  type ApprovalDto,
  type ApprovalPolicyDto,
  type HeldChangeBody,
} from '../contracts/approvals';
import { TRIP_STATUSES } from '../contracts/trip-wire';
import { tripSchema } from './wire.schemas';

/**
 * The approval calls' response bodies (docs/domain.md, "Approval at the school") as zod schemas for the OpenAPI
 * document, beside wire.schemas.ts: checked against their wire types at compile time below.
 */

const idNum = z.number().int().min(1);
const instant = z.iso.datetime({ offset: true });
const person = z.object({ id: idNum, name: z.string() });

export const approvalStepSchema = z
  .object({
    approverIds: z.array(idNum),
    aboveFils: z
      .number()
      .int()
      .min(0)
      .nullable()
      .meta({ description: 'Second step only: it applies above this estimate (fils); null: always.' }),
  })
  .meta({ id: 'ApprovalStep' });

export const approvalPolicySchema = z
  .object({
    schoolOrgId: idNum,
    schoolName: z.string(),
    steps: z.array(approvalStepSchema).max(2),
    budgetCodeRequired: z.boolean(),
    reminderDays: z.number().int().min(1),
    expiryDays: z.number().int().min(1),
    approvers: z.array(person),
    version: z.number().int().min(0).meta({ description: '0 for a school that never had a policy.' }),
    updatedAt: instant.nullable(),
    updatedBy: z.object({ id: idNum.nullable(), name: z.string() }).nullable(),
  })
  .meta({ id: 'ApprovalPolicy' });

export const schoolStaffSchema = z.object({ id: idNum, name: z.string(), email: z.string() }).meta({ id: 'SchoolStaff' });

export const approvalSchema = z
  .object({
    id: idNum,
    tripId: idNum,
    kind: z.enum(APPROVAL_KINDS),
    state: z.enum(APPROVAL_STATES),
    step: z.number().int().min(1),
    steps: z.number().int().min(1),
    approvers: z.array(person),
    requestedBy: z.object({ id: idNum.nullable(), name: z.string() }),
    submittedAt: instant,
    stepSince: instant,
    comment: z.string().nullable(),
    changes: z.array(z.object({ field: z.string(), label: z.string(), from: z.string(), to: z.string() })),
    trip: z.object({
      destination: z.string(),
      schoolOrgId: idNum,
      schoolName: z.string(),
      status: z.enum(TRIP_STATUSES),
      departureDate: z.string(),
      departureTime: z.string(),
      returnDate: z.string(),
      returnTime: z.string(),
      students: z.number().int(),
      staff: z.number().int().nullable(),
      budgetCode: z.string().nullable(),
      estimate: z
        .object({ total: z.number().int().meta({ description: 'VAT included, in minor units (fils).' }), currency: z.string() })
        .nullable()
        .meta({ description: "The trip's estimate: what its approvers approve the spending of; null without one." }),
      seriesId: z.string().nullable(),
      version: z.number().int(),
    }),
  })
  .meta({ id: 'Approval' });

export const approvalCountSchema = z.object({ waiting: z.number().int().min(0) }).meta({ id: 'ApprovalCount' });

export const heldChangeSchema = z
  .object({ message: z.string(), trip: tripSchema, approval: approvalSchema })
  .meta({ id: 'HeldChange', description: 'A change kept at the school until its approvers approve it.' });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checked<S extends z.ZodType, T> = Same<z.output<S>, T>;

// never read: it exists for the compile-time checks in its values
const _matches: Record<string, true> = {
  policy: true satisfies Checked<typeof approvalPolicySchema, ApprovalPolicyDto>,
  approval: true satisfies Checked<typeof approvalSchema, ApprovalDto>,
  count: true satisfies Checked<typeof approvalCountSchema, ApprovalCountDto>,
  held: true satisfies Checked<typeof heldChangeSchema, HeldChangeBody>,
};
