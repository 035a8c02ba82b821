import { Module } from '@nestjs/common';
import { FleetModule } from '../fleet/fleet.module';
import { DriverController } from './driver.controller';
import { DriverDay } from './driver-day.service';
import { LateAlerts } from './late-alerts.service';
import { ProgressService } from './progress.service';
import { ReportingChanges } from './reporting-changes.listener';

/**
 * The day of travel (docs/domain.md, "The day of travel"): the driver's day and steps, late alerts. A trip's progress
 * is added to every trip the API answers by TripFleet.decorate (progress-read.repository.ts), so this module builds on
 * the fleet module and nothing imports it. See README.md in this folder.
 */
@Module({
  imports: [FleetModule],
  controllers: [DriverController],
  providers: [DriverDay, ProgressService, LateAlerts, ReportingChanges],
})
export class ProgressModule {}
