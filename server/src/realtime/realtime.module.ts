import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RedisModule } from '../infrastructure/redis/redis.module';
import { TripsModule } from '../trips/trips.module';
import { ApprovalsListener } from './approvals.listener';
import { BookingsListener } from './bookings.listener';
import { FleetListener } from './fleet.listener';
import { InvoicesListener } from './invoices.listener';
import { LiveAccess } from './live-access.service';
import { LiveChannel } from './live-channel.service';
import { LivePublisher } from './live-publisher.service';
import { LiveSeqService } from './live-seq.service';
import { PRESENCE_PROVIDERS } from './presence/presence.providers';
import { RatesListener } from './rates.listener';
import { RealtimeGateway } from './realtime.gateway';
import { StatsPusher } from './stats-pusher.service';
import { TenancyListener } from './tenancy.listener';
import { TripAudience } from './trip-audience.service';
import { TripsListener } from './trips.listener';
import { UsersListener } from './users.listener';

/**
 * Live events: the Socket.IO gateway, the channel between replicas over the shared Redis link, presence, and one
 * listener per feature turning its domain events into pushes. See README.md in this folder and docs/architecture.md
 * for how a change reaches every console.
 */
@Module({
  // TripsModule: its TripListService counts the dashboard's figures for StatsPusher, as GET /trips/stats does.
  imports: [AuthModule, RedisModule, TripsModule],
  providers: [
    LiveChannel,
    LiveSeqService,
    LiveAccess,
    LivePublisher,
    TripAudience,
    ...PRESENCE_PROVIDERS,
    RealtimeGateway,
    UsersListener,
    TenancyListener,
    TripsListener,
    BookingsListener,
    FleetListener,
    RatesListener,
    InvoicesListener,
    ApprovalsListener,
    StatsPusher,
  ],
})
export class RealtimeModule {}
