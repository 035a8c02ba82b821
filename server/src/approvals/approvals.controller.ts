import { Body, Controller, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/decorators';
import { IdPipe, UuidPipe, ZodPipe } from '../common/zod.pipe';
import type { ApprovalCountDto, ApprovalDto, ApprovalPolicyBody, ApprovalPolicyDto } from '../contracts/approvals';
import { ApiDoc } from '../docs/api-doc';
import { approvalCountSchema, approvalPolicySchema as policyDoc, approvalSchema, schoolStaffSchema } from '../docs/approvals.schemas';
import { errorSchema } from '../docs/wire.schemas';
import { ApprovalPolicyService, type SchoolStaffDto } from './approval-policy.service';
import {
  type ApprovalDecisionInput,
  approvalDecisionSchema,
  approvalPolicySchema,
  type SeriesApprovalInput,
  seriesApprovalSchema,
} from './approvals.schemas';
import { ApprovalsService } from './approvals.service';

/**
 * Approval at the school (docs/domain.md, "Approval at the school"): each school's policy, what waits for whom, and
 * the approvers' decisions. Bus companies have no part in it: a trip at its school is 404 to them, its approval null.
 */
@Controller()
export class ApprovalsController {
  constructor(
    private readonly policies: ApprovalPolicyService,
    private readonly approvals: ApprovalsService,
  ) {}

  @Get('schools/:id/approval-policy')
  @ApiDoc({
    summary: "The school's approval policy (version 0, no steps, for a school that never had one).",
    response: policyDoc,
    errors: { 403: 'Not an admin, a trip manager or staff of this school.', 404: 'No such school in the tenant.' },
  })
  policy(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<ApprovalPolicyDto> {
    return this.policies.get(caller, id);
  }

  @Put('schools/:id/approval-policy')
  @ApiDoc({
    summary: "Replace the school's approval policy (no steps: requests go straight to the bus company).",
    response: policyDoc,
    errors: {
      403: "Not an admin or one of the school's approvers.",
      404: 'No such school in the tenant.',
      409: { description: 'A stale `version`, with the policy as it is.', schema: z.object({ message: z.string(), policy: policyDoc }) },
    },
  })
  replacePolicy(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(approvalPolicySchema)) body: ApprovalPolicyBody,
  ): Promise<ApprovalPolicyDto> {
    return this.policies.replace(caller, id, body);
  }

  @Get('schools/:id/staff')
  @ApiDoc({
    summary: "The school's approved staff: whom its policy may name as approvers.",
    response: z.array(schoolStaffSchema),
    errors: { 403: 'Not an admin, a trip manager or staff of this school.', 404: 'No such school in the tenant.' },
  })
  staff(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<SchoolStaffDto[]> {
    return this.policies.staff(caller, id);
  }

  @Get('approvals')
  @ApiDoc({
    summary: "What waits for the caller's approval, the trip departing soonest first (admins: every waiting approval of the tenant).",
    response: z.array(approvalSchema),
  })
  waiting(@CurrentUser() caller: AuthUser): Promise<ApprovalDto[]> {
    return this.approvals.waiting(caller);
  }

  @Post('approvals/series/:seriesId')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Approve every week of a weekly series whose approval waits at a step the caller decides, first departure first.',
    response: z.array(approvalSchema),
    errors: {
      403: 'Not an approver of any step those weeks wait at, nor an admin.',
      404: 'No week of such a series for the caller.',
      409: { description: 'No week of the series waits for approval.', schema: errorSchema },
    },
  })
  approveSeries(
    @CurrentUser() caller: AuthUser,
    @Param('seriesId', UuidPipe) seriesId: string,
    @Body(new ZodPipe(seriesApprovalSchema)) body: SeriesApprovalInput,
  ): Promise<ApprovalDto[]> {
    return this.approvals.approveSeries(caller, seriesId, body.comment);
  }

  @Get('approvals/count')
  @ApiDoc({ summary: "How many approvals wait for the caller (the sidebar's badge).", response: approvalCountSchema })
  count(@CurrentUser() caller: AuthUser): Promise<ApprovalCountDto> {
    return this.approvals.count(caller);
  }

  /** The JSON text itself: Nest sends an empty body for null, and a trip without an approval is an ordinary state. */
  @Get('trips/:id/approval')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiDoc({
    summary: "The trip's approval: the open one, else its last, else null (always null for a bus company).",
    response: approvalSchema.nullable(),
    errors: { 404: 'No such trip for the caller.' },
  })
  async ofTrip(@CurrentUser() caller: AuthUser, @Param('id', IdPipe) id: number): Promise<string> {
    return JSON.stringify(await this.approvals.ofTrip(caller, id));
  }

  @Post('trips/:id/approval')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Approve the step the trip waits at, request changes or deny it (a comment says why).',
    response: approvalSchema,
    errors: {
      403: "Not an approver of this step of the school's policy, nor an admin.",
      404: 'No such trip for the caller.',
      409: { description: 'Nothing of this trip waits for approval.', schema: errorSchema },
    },
  })
  decide(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(approvalDecisionSchema)) body: ApprovalDecisionInput,
  ): Promise<ApprovalDto> {
    return this.approvals.decide(caller, id, body);
  }
}
