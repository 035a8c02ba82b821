import { Module } from '@nestjs/common';
import { BusAlerts } from './bus-alerts.service';
import { DispatchController } from './dispatch.controller';
import { DispatchService } from './dispatch.service';
import { FleetController } from './fleet.controller';
import { FleetService } from './fleet.service';
import { TripFleet } from './trip-fleet.service';

/**
 * Fleet registry, dispatch board and "Needs a bus" alerts (docs/domain.md, "Fleet"). `TripFleet` is what the trips
 * module uses to check and index assignments; this module imports nothing of the trips module but its entity
 * and its read helpers, so the two never import each other. See README.md in this folder.
 */
@Module({
  controllers: [FleetController, DispatchController],
  providers: [TripFleet, FleetService, DispatchService, BusAlerts],
  exports: [TripFleet],
})
export class FleetModule {}
