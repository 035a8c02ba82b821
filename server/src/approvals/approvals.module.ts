import { Module } from '@nestjs/common';
import { FleetModule } from '../fleet/fleet.module';
import { TripsModule } from '../trips/trips.module';
import { ApprovalClock } from './approval-clock.service';
import { ApprovalPolicyService } from './approval-policy.service';
import { ApprovalsController } from './approvals.controller';
import { ApprovalsService } from './approvals.service';

/** Approval at the school (docs/domain.md, "Approval at the school"). See README.md in this folder. */
@Module({
  imports: [FleetModule, TripsModule],
  controllers: [ApprovalsController],
  providers: [ApprovalPolicyService, ApprovalsService, ApprovalClock],
})
export class ApprovalsModule {}
