import { Injectable, Logger } from '@nestjs/common';
import type { LiveServer } from '../live-server';
import { Rooms } from '../rooms';
import { TripAudience, type TripPlace } from '../trip-audience.service';
import { tripPayload, userPayload } from './presence-payloads';
import type { PresenceChanges, TripState, UserChange } from './presence-store';

/**
 * Presence's way out to the consoles: a trip's whole list of viewers to the rooms of the users who may see the trip
 * (TripAudience, the trip events' own audience, read fresh at each push), and who came online or went offline to the
 * admins who see that user's tenant.
 */
@Injectable()
export class PresencePushes {
  private readonly logger = new Logger('Presence');
  private server?: LiveServer;

  constructor(private readonly audience: TripAudience) {}

  /** Called once the Socket.IO server exists; until then nothing is pushed. */
  attach(server: LiveServer): void {
    this.server = server;
  }

  /** The trip's viewers, to everyone who may see the trip now (nobody, when it was deleted). */
  async trip(state: TripState, known?: TripPlace): Promise<void> {
    if (!this.server) return;
    try {
      const place = known ?? (await this.audience.placeOf(state.tripId));
      if (!place || place.tenantId !== state.tenantId) return;
      const rooms = await this.audience.roomsOf(place);
      this.server.to(rooms).emit('presence:trip', tripPayload(state));
    } catch (e) {
      this.logger.error(`Presence of trip ${state.tripId} was not delivered: ${(e as Error).message}`);
    }
  }

  /** A user who came online or went offline, to their tenant's admins and the platform admins (platform accounts: platform admins only). */
  user(change: UserChange): void {
    const rooms = change.scope === 'platform' ? [Rooms.platform] : [Rooms.role('admin', change.scope), Rooms.platform];
    this.server?.to(rooms).emit('presence:user', userPayload(change));
  }

  /** Everything a sweep, a rewrite or a departure changed. */
  async all(changes: PresenceChanges): Promise<void> {
    for (const u of changes.users) this.user(u);
    await Promise.all(changes.trips.map((t) => this.trip(t)));
  }
}
