import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { REALTIME_STATUS } from '../health/realtime-status';
import { BookingsListener } from './bookings.listener';
import { FleetListener } from './fleet.listener';
import { LiveAccess } from './live-access.service';
import { LivePublisher } from './live-publisher.service';
import { LiveSeqService } from './live-seq.service';
import { PresenceAccess } from './presence-access.service';
import { PresenceListener } from './presence.listener';
import { PresenceService } from './presence.service';
import { RealtimeGateway } from './realtime.gateway';
import { RedisLink } from './redis-link.service';
import { TenancyListener } from './tenancy.listener';
import { TripAudience } from './trip-audience.service';
import { TripsListener } from './trips.listener';
import { UsersListener } from './users.listener';

/**
 * Live events (DESIGN §6): the Socket.IO gateway, the Redis link between replicas, and one listener
 * per feature turning its domain events into pushes. See README.md in this folder.
 */
@Module({
  imports: [AuthModule],
  providers: [
    RedisLink,
    { provide: REALTIME_STATUS, useExisting: RedisLink },
    LiveSeqService,
    LiveAccess,
    LivePublisher,
    // presence (issue 16)
    TripAudience,
    PresenceAccess,
    PresenceService,
    PresenceListener,
    RealtimeGateway,
    UsersListener,
    TenancyListener,
    TripsListener,
    BookingsListener,
    FleetListener,
  ],
  exports: [REALTIME_STATUS, RedisLink],
})
export class RealtimeModule {}
