import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { Messages } from '../../contracts/messages';
import { type PresenceAck, PresenceMessages, type PresenceSyncAck } from '../../contracts/presence';
import { TripMessages } from '../../contracts/trip-messages';
import type { LiveSocket } from '../live-server';
import { PresenceAccess } from './presence-access.service';
import { PresenceLedger } from './presence-ledger.service';
import { PRESENCE_MAX_TRIPS_PER_SOCKET, PRESENCE_RATE_PERIOD_MS } from './presence-limits';
import { TokenBucket } from './presence-rate';
import { parsePresence, presenceClearSchema, presenceSetSchema, presenceSyncSchema } from './presence.schemas';
import { type HeldSocket, PresenceSockets } from './presence-sockets.service';
import type { TripEntry } from './presence-store';
import { PresenceUserRate } from './presence-user-rate.service';
import { PresenceViews } from './presence-views.service';

type Ack<T> = (answer: T) => void;

/**
 * The commands a socket sends (`presence:set`, `presence:clear`, `presence:sync`): each rate-limited, validated, run
 * on the socket's queue in the order sent, and always answered through the acknowledgement.
 *
 * Two limits, both before anything else is read or written: the connection's own bucket (in memory, so a single
 * socket's flood costs nothing at all), then its user's across all their connections and replicas (one round trip
 * to Redis), which is what keeps many tabs or scripted sockets of one account from flooding the database.
 */
@Injectable()
export class PresenceCommands {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sockets: PresenceSockets,
    private readonly views: PresenceViews,
    private readonly access: PresenceAccess,
    private readonly ledger: PresenceLedger,
    private readonly userRate: PresenceUserRate,
  ) {}

  /** A socket has connected: it may send presence commands from now on. */
  listen(socket: LiveSocket): void {
    const limit = this.config.presenceRateLimit;
    const held = this.sockets.add(socket, new TokenBucket(limit, (limit * 1000) / PRESENCE_RATE_PERIOD_MS));
    socket.on('presence:set', (a: unknown, b: unknown) => this.command(held, a, b, true, (r) => this.set(held, r)));
    // Clearing is never refused by the limit: only announcements add to what others receive.
    socket.on('presence:clear', (a: unknown, b: unknown) => this.command(held, a, b, false, (r) => this.clear(held, r)));
    socket.on('presence:sync', (a: unknown, b: unknown) => this.command(held, a, b, true, (r) => this.sync(held, r)));
  }

  private command<T extends PresenceAck | PresenceSyncAck>(
    held: HeldSocket,
    a: unknown,
    b: unknown,
    limited: boolean,
    run: (request: unknown) => Promise<T>,
  ): void {
    // The acknowledgement is the last argument; a client may leave the request out.
    const ack = (typeof b === 'function' ? b : typeof a === 'function' ? a : undefined) as Ack<T | PresenceAck> | undefined;
    const request = typeof a === 'function' ? undefined : a;
    if (limited && !held.bucket.take()) {
      ack?.({ ok: false, message: PresenceMessages.rateLimited });
      return;
    }
    // Asked at once (the user's other commands need not wait for it), answered in the order sent.
    const allowed = limited ? this.userRate.take(held.socket.data.userId) : true;
    void this.sockets.enqueue(held, async () => {
      if (!(await allowed)) {
        ack?.({ ok: false, message: PresenceMessages.rateLimited });
        return;
      }
      let answer: T | PresenceAck;
      try {
        answer = await run(request);
      } catch (e) {
        this.ledger.unavailable(e);
        answer = { ok: false, message: PresenceMessages.unavailable };
      }
      ack?.(answer);
    });
  }

  private async set(held: HeldSocket, request: unknown): Promise<PresenceAck> {
    const parsed = parsePresence(presenceSetSchema, request);
    if (!parsed.ok) return parsed;
    const { tripId, activity } = parsed.data;
    if (held.gone) return { ok: false, message: Messages.sessionEnded };
    const current = held.trips.get(tripId);
    if (!current && held.trips.size >= PRESENCE_MAX_TRIPS_PER_SOCKET) {
      return { ok: false, message: PresenceMessages.tooManyTrips(PRESENCE_MAX_TRIPS_PER_SOCKET) };
    }
    const user = await this.access.caller(held.socket.data);
    if (!user) return { ok: false, message: Messages.sessionEnded };
    const place = await this.access.visibleTrip(user, tripId);
    if (!place) {
      // Not found, another tenant's, deleted, or not theirs to see: one answer for all, and nobody hears of it.
      if (current) await this.sockets.withdraw(held, current);
      return { ok: false, message: TripMessages.tripNotFound };
    }
    if (current && current.activity === activity && current.name === user.name && current.role === user.role) return { ok: true };
    const entry: TripEntry = {
      replica: this.ledger.replica,
      socketId: held.socket.id,
      tenantId: place.tenantId,
      tripId,
      userId: user.id,
      name: user.name,
      role: user.role,
      activity,
      since: current?.activity === activity ? current.since : new Date().toISOString(),
    };
    await this.sockets.announce(held, entry, place);
    return { ok: true };
  }

  private async clear(held: HeldSocket, request: unknown): Promise<PresenceAck> {
    const parsed = parsePresence(presenceClearSchema, request);
    if (!parsed.ok) return parsed;
    const { tripId } = parsed.data;
    const entries = tripId === undefined ? [...held.trips.values()] : [held.trips.get(tripId)].filter((e) => e !== undefined);
    for (const entry of entries) await this.sockets.withdraw(held, entry);
    return { ok: true };
  }

  private async sync(held: HeldSocket, request: unknown): Promise<PresenceSyncAck> {
    const parsed = parsePresence(presenceSyncSchema, request);
    if (!parsed.ok) return parsed;
    const user = await this.access.caller(held.socket.data);
    if (!user) return { ok: false, message: Messages.sessionEnded };
    const [snapshot, online] = await Promise.all([this.views.snapshotFor(user, parsed.data.tripIds), this.views.onlineFor(user)]);
    return { ok: true, snapshot, online };
  }
}
