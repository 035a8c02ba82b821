import { Module } from '@nestjs/common';
import { FleetModule } from '../fleet/fleet.module';
import { RatesModule } from '../rates/rates.module';
import { TripListController } from './trip-list.controller';
import { TripListService } from './trip-list.service';
import { TripsController } from './trips.controller';
import { TripsService } from './trips.service';

// TripListController first: its /trips/months, /stats, /totals, /export must be matched before /trips/{id}.
@Module({
  imports: [FleetModule, RatesModule],
  controllers: [TripListController, TripsController],
  providers: [TripsService, TripListService],
  // TripListService also for the dashboard figures the realtime module pushes (StatsPusher).
  exports: [TripsService, TripListService],
})
export class TripsModule {}
