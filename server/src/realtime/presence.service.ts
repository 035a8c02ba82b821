import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Messages } from '../contracts/messages';
import {
  type PresenceAck,
  PresenceMessages,
  type PresenceOnlinePayload,
  type PresenceSnapshot,
  type PresenceSyncAck,
  type PresenceTripPayload,
  type PresenceUserPayload,
  viewersOf,
} from '../contracts/presence';
import { TripMessages } from '../contracts/trip-messages';
import type { LiveServer, LiveSocket } from './live-server';
import { PresenceAccess } from './presence-access.service';
import { TokenBucket } from './presence-rate';
import { RedisPresenceStore } from './presence-redis.store';
import { parsePresence, presenceClearSchema, presenceSetSchema, presenceSyncSchema } from './presence.schemas';
import {
  MemoryPresenceStore,
  type OnlineEntry,
  type OnlineScope,
  type OnlineState,
  type PresenceChanges,
  type PresenceRecheck,
  type PresenceStore,
  type TripEntry,
  type TripState,
  type UserChange,
} from './presence-store';
import { RedisLink } from './redis-link.service';
import { Rooms } from './rooms';
import { TripAudience, type TripPlace } from './trip-audience.service';

/** A replica renews its "alive" key this often (and sweeps the dead)… */
export const PRESENCE_BEAT_MS = 1_000;
/** …and is given up for dead, its sockets' presence removed everywhere, this long after its last beat. */
export const PRESENCE_ALIVE_MS = 5_000;
/** One connection's announcements at once (a console has one trip open per tab; this bounds what a socket can store). */
export const PRESENCE_MAX_TRIPS_PER_SOCKET = 20;
/** The rate limit's period: PRESENCE_RATE_LIMIT commands per this many ms, as a token bucket. */
export const PRESENCE_RATE_PERIOD_MS = 10_000;
/** Sockets welcomed at once after a resync. */
const WELCOME_BATCH = 50;

/** This replica's view of one of its own sockets. */
interface Held {
  socket: LiveSocket;
  trips: Map<number, TripEntry>;
  online?: OnlineEntry;
  bucket: TokenBucket;
  /** The socket's presence work, one step after another (commands, rechecks, its departure). */
  queue: Promise<void>;
  gone: boolean;
}

type Ack<T> = (answer: T) => void;

const tripPayload = (s: TripState): PresenceTripPayload => ({
  tripId: s.tripId,
  tenantId: s.tenantId,
  version: s.version,
  viewers: viewersOf(s.entries),
});

const tenantOfScope = (scope: OnlineScope) => (scope === 'platform' ? null : scope);

const onlinePayload = (s: OnlineState): PresenceOnlinePayload => ({
  tenantId: tenantOfScope(s.scope),
  version: s.version,
  userIds: s.userIds,
});

const userPayload = (c: UserChange): PresenceUserPayload => ({
  tenantId: tenantOfScope(c.scope),
  userId: c.userId,
  online: c.online,
  version: c.version,
});

const scopeOf = (user: Pick<AuthUser, 'tenantId'>): OnlineScope => user.tenantId ?? 'platform';

/**
 * Presence (issue 16, DESIGN §9): who has which trip open, and who is online. See README.md "Presence".
 *
 * Each replica holds its own sockets' announcements (`held`) and mirrors them into the store: Redis with
 * REDIS_URL, so every replica reads the same lists, else this process. Every change is pushed, as the trip's
 * whole list of viewers, to the rooms of the users who may see the trip (TripAudience, the trip events' own
 * audience), read fresh at each push. The gateway only passes sockets in and out; the rules live here.
 */
@Injectable()
export class PresenceService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Presence');
  /** This process, as the owner of its sockets' entries in the shared store. */
  readonly replica = randomUUID();
  private readonly store: PresenceStore;
  private readonly held = new Map<string, Held>();
  /** How many of this replica's sockets are on each trip, and are each user's (for the store's per-replica index). */
  private readonly localCounts = new Map<string, number>();
  private server?: LiveServer;
  private timer?: NodeJS.Timeout;
  /** The heartbeat in progress, if any. */
  private ticking?: Promise<void>;
  private rewriting?: Promise<void>;
  private beaten = false;
  /** A write to Redis failed: this replica's entries are rewritten when it can. */
  private stale = false;
  private closing = false;
  private warned = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisLink,
    private readonly access: PresenceAccess,
    private readonly audience: TripAudience,
  ) {
    this.store = redis.enabled
      ? new RedisPresenceStore(redis, this.replica, config.databaseSchema, PRESENCE_ALIVE_MS)
      : new MemoryPresenceStore(this.replica);
  }

  /** Called by the gateway once the Socket.IO server exists. */
  attach(server: LiveServer): void {
    this.server = server;
    if (!this.redis.enabled) return;
    server.sockets.on('presence:recheck', (scope) => this.recheckLocal(scope));
    // Writes made while the link was down were lost, and the other replicas may have swept ours meanwhile.
    this.redis.onRecovery(() => void this.rewrite());
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.redis.enabled) return;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), PRESENCE_BEAT_MS);
    this.timer.unref();
  }

  /** On shutdown, while sockets and the adapter still work: this replica's presence leaves every console at once. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    if (!this.redis.enabled) return;
    // a heartbeat or rewrite still under way would write this replica back after it left
    await Promise.all([this.ticking, this.rewriting]);
    try {
      await this.push(await this.store.leave());
    } catch (e) {
      this.logger.warn(
        `Could not withdraw this replica's presence (${(e as Error).message}); the other replicas sweep it within ${PRESENCE_ALIVE_MS / 1000} s.`,
      );
    }
  }

  /** A socket has connected: it may send presence commands from now on. */
  connected(socket: LiveSocket): void {
    const held: Held = {
      socket,
      trips: new Map(),
      bucket: new TokenBucket(this.config.presenceRateLimit, PRESENCE_RATE_PERIOD_MS),
      queue: Promise.resolve(),
      gone: false,
    };
    this.held.set(socket.id, held);
    socket.on('presence:set', (a: unknown, b: unknown) => this.command(held, a, b, true, (r) => this.set(held, r)));
    // Clearing is never refused by the limit: only announcements add to what others receive.
    socket.on('presence:clear', (a: unknown, b: unknown) => this.command(held, a, b, false, (r) => this.clear(held, r)));
    socket.on('presence:sync', (a: unknown, b: unknown) => this.command(held, a, b, true, (r) => this.sync(held, r)));
  }

  /**
   * After `hello` (a new connection, or its replica's Redis link back): the socket's user is counted online
   * (first time), and the socket gets the viewers of every trip its user sees that someone has open, and, for
   * admins, who is online. Never throws: presence must not cost a socket its connection.
   */
  async welcome(sockets: readonly LiveSocket[]): Promise<void> {
    // After the link came back, the snapshot must include what this replica is writing back.
    await this.rewriting;
    // A replica's whole set after its Redis link came back: a few at a time, not thousands of queries at once.
    for (let i = 0; i < sockets.length; i += WELCOME_BATCH) {
      await Promise.all(sockets.slice(i, i + WELCOME_BATCH).map((socket) => this.welcomeOne(socket)));
    }
  }

  private async welcomeOne(socket: LiveSocket): Promise<void> {
    const held = this.held.get(socket.id);
    if (!held || held.gone) return;
    try {
      const user = await this.access.caller(socket.data);
      if (!user || held.gone) return;
      if (!held.online) await this.enqueue(held, () => this.goOnline(held, user));
      const [snapshot, online] = await Promise.all([this.snapshotFor(user), this.onlineFor(user)]);
      if (held.gone || !socket.connected) return;
      socket.emit('presence:snapshot', snapshot);
      for (const o of online) socket.emit('presence:online', o);
    } catch (e) {
      this.unavailable(e);
    }
  }

  /** A socket has gone: its presence leaves every console. */
  disconnected(socket: LiveSocket): void {
    const held = this.held.get(socket.id);
    if (!held) return;
    held.gone = true;
    this.held.delete(socket.id);
    void this.enqueue(held, async () => {
      for (const entry of [...held.trips.values()]) await this.withdraw(held, entry);
      if (held.online) await this.goOffline(held);
    });
  }

  /**
   * Who sees what changed (a trip moved or was deleted, a partnership went, a user changed): every replica looks
   * again at its sockets' announcements in `scope` and withdraws those their users may no longer see.
   */
  recheck(scope: PresenceRecheck): void {
    if (this.redis.enabled) this.server?.serverSideEmit('presence:recheck', scope);
    this.recheckLocal(scope);
  }

  // ---------------------------------------------------------------------------------------------
  // Commands

  private command<T extends PresenceAck | PresenceSyncAck>(
    held: Held,
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
    void this.enqueue(held, async () => {
      let answer: T | PresenceAck;
      try {
        answer = await run(request);
      } catch (e) {
        this.unavailable(e);
        answer = { ok: false, message: PresenceMessages.unavailable };
      }
      ack?.(answer);
    });
  }

  private async set(held: Held, request: unknown): Promise<PresenceAck> {
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
      if (current) await this.withdraw(held, current);
      return { ok: false, message: TripMessages.tripNotFound };
    }
    if (current && current.activity === activity && current.name === user.name && current.role === user.role) return { ok: true };
    const entry: TripEntry = {
      replica: this.replica,
      socketId: held.socket.id,
      tenantId: place.tenantId,
      tripId,
      userId: user.id,
      name: user.name,
      role: user.role,
      activity,
      since: current?.activity === activity ? current.since : new Date().toISOString(),
    };
    if (!current) this.count(tripKey(entry), +1);
    held.trips.set(tripId, entry);
    const state = await this.write(() => this.store.put(entry));
    if (state) await this.pushTrip(state, place);
    return { ok: true };
  }

  private async clear(held: Held, request: unknown): Promise<PresenceAck> {
    const parsed = parsePresence(presenceClearSchema, request);
    if (!parsed.ok) return parsed;
    const { tripId } = parsed.data;
    const entries = tripId === undefined ? [...held.trips.values()] : [held.trips.get(tripId)].filter((e) => e !== undefined);
    for (const entry of entries) await this.withdraw(held, entry);
    return { ok: true };
  }

  private async sync(held: Held, request: unknown): Promise<PresenceSyncAck> {
    const parsed = parsePresence(presenceSyncSchema, request);
    if (!parsed.ok) return parsed;
    const user = await this.access.caller(held.socket.data);
    if (!user) return { ok: false, message: Messages.sessionEnded };
    const [snapshot, online] = await Promise.all([this.snapshotFor(user, parsed.data.tripIds), this.onlineFor(user)]);
    return { ok: true, snapshot, online };
  }

  // ---------------------------------------------------------------------------------------------
  // State

  /** Removes one announcement of a socket, here and in the store, and pushes the trip's new list. */
  private async withdraw(held: Held, entry: TripEntry): Promise<void> {
    if (held.trips.get(entry.tripId) !== entry) return;
    held.trips.delete(entry.tripId);
    const last = this.count(tripKey(entry), -1) === 0;
    const state = await this.write(() => this.store.remove(entry, last));
    if (state) await this.pushTrip(state);
  }

  private async goOnline(held: Held, user: AuthUser): Promise<void> {
    if (held.gone || held.online) return;
    const entry: OnlineEntry = { replica: this.replica, socketId: held.socket.id, scope: scopeOf(user), userId: user.id };
    held.online = entry;
    this.count(onlineKey(entry), +1);
    const change = await this.write(() => this.store.connect(entry));
    if (change) this.pushUser(change);
  }

  private async goOffline(held: Held): Promise<void> {
    const entry = held.online;
    if (!entry) return;
    held.online = undefined;
    const last = this.count(onlineKey(entry), -1) === 0;
    const change = await this.write(() => this.store.disconnect(entry, last));
    if (change) this.pushUser(change);
  }

  private recheckLocal(scope: PresenceRecheck): void {
    for (const held of this.held.values()) {
      const mine = scope.userIds?.includes(held.socket.data.userId) ?? false;
      const touched =
        mine ||
        [...held.trips.values()].some(
          (e) =>
            (scope.tripIds?.includes(e.tripId) ?? false) ||
            (scope.tenantId !== undefined && e.tenantId === scope.tenantId && (scope.role === undefined || e.role === scope.role)),
        );
      if (touched) void this.enqueue(held, () => this.recheckHeld(held));
    }
  }

  /** Withdraws what the socket's user may no longer see; refreshes their name and role, and their online scope. */
  private async recheckHeld(held: Held): Promise<void> {
    if (held.gone) return;
    const user = await this.access.caller(held.socket.data);
    const visible = user ? await this.access.visibleAmong(user, [...held.trips.keys()]) : new Set<number>();
    for (const entry of [...held.trips.values()]) {
      if (!user || !visible.has(entry.tripId)) {
        await this.withdraw(held, entry);
      } else if (entry.name !== user.name || entry.role !== user.role) {
        const renamed = { ...entry, name: user.name, role: user.role };
        held.trips.set(entry.tripId, renamed);
        const state = await this.write(() => this.store.put(renamed));
        if (state) await this.pushTrip(state);
      }
    }
    if (user && held.online && held.online.scope !== scopeOf(user)) {
      await this.goOffline(held);
      await this.goOnline(held, user);
    }
  }

  /** What a user may see of the store: every trip (or these trips) that someone has open and the user may see. */
  private async snapshotFor(user: AuthUser, tripIds?: readonly number[]): Promise<PresenceSnapshot> {
    const tenants = isPlatformAdmin(user) ? 'all' : user.tenantId === null ? [] : [user.tenantId];
    const { version, trips } = await this.store.snapshot(tenants);
    const asked = tripIds ? new Set(tripIds) : null;
    const candidates = asked ? trips.filter((t) => asked.has(t.tripId)) : trips;
    const visible =
      candidates.length === 0
        ? new Set<number>()
        : await this.access.visibleAmong(
            user,
            candidates.map((t) => t.tripId),
          );
    return {
      version,
      tripIds: tripIds ? [...new Set(tripIds)] : 'all',
      trips: candidates.filter((t) => visible.has(t.tripId)).map(tripPayload),
    };
  }

  /** Online users for admins: a tenant admin their tenant's, a platform admin every tenant's and the platform accounts'. */
  private async onlineFor(user: AuthUser): Promise<PresenceOnlinePayload[]> {
    if (user.role !== 'admin') return [];
    const states = await this.store.online(isPlatformAdmin(user) ? 'all' : [scopeOf(user)]);
    return states.map(onlinePayload);
  }

  // ---------------------------------------------------------------------------------------------
  // Pushes

  /** The trip's viewers, to everyone who may see the trip now (nobody, when it was deleted). */
  private async pushTrip(state: TripState, known?: TripPlace): Promise<void> {
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
  private pushUser(change: UserChange): void {
    const rooms = change.scope === 'platform' ? [Rooms.platform] : [Rooms.role('admin', change.scope), Rooms.platform];
    this.server?.to(rooms).emit('presence:user', userPayload(change));
  }

  private async push(changes: PresenceChanges): Promise<void> {
    for (const u of changes.users) this.pushUser(u);
    await Promise.all(changes.trips.map((t) => this.pushTrip(t)));
  }

  // ---------------------------------------------------------------------------------------------
  // Redis: heartbeat, sweep, rewrite

  /** Beats, rewrites this replica's entries if they were lost, and sweeps the replicas that stopped beating. */
  private tick(): Promise<void> {
    if (this.closing) return Promise.resolve();
    this.ticking ??= (async () => {
      try {
        const alive = await this.store.beat();
        // Given up for dead (a stall, or the link was away), or writes failed: put our sockets back.
        if ((!alive && this.beaten) || this.stale) await this.rewrite();
        this.beaten = true;
        if (!this.closing) await this.push(await this.store.sweep());
      } catch (e) {
        this.unavailable(e);
      }
    })().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  /**
   * Makes the store hold exactly this replica's sockets' presence again, and pushes what that changed. The rechecks
   * other replicas sent while this one could not hear them were lost: every announcement is checked again first,
   * so nothing its user may no longer see is written back.
   */
  private rewrite(): Promise<void> {
    if (!this.redis.enabled || this.closing) return Promise.resolve();
    this.rewriting ??= (async () => {
      const announcing = [...this.held.values()].filter((h) => h.trips.size > 0);
      await Promise.all(announcing.map((h) => this.enqueue(h, () => this.recheckHeld(h))));
      const held = [...this.held.values()];
      const trips = held.flatMap((h) => [...h.trips.values()]);
      const online = held.flatMap((h) => (h.online ? [h.online] : []));
      this.stale = false;
      let changes: PresenceChanges;
      try {
        changes = await this.store.replace(trips, online);
      } catch (e) {
        this.stale = true;
        this.unavailable(e);
        return;
      }
      this.warned = false;
      await this.push(changes);
    })().finally(() => (this.rewriting = undefined));
    return this.rewriting;
  }

  /**
   * A store write; when Redis is away, this replica's state stays right here and is written again when it is back.
   * Once shutting down nothing is written: the replica has left the store (beforeApplicationShutdown).
   */
  private async write<T>(op: () => Promise<T>): Promise<T | null> {
    if (this.closing) return null;
    try {
      const result = await op();
      this.warned = false;
      return result;
    } catch (e) {
      this.stale = true;
      this.unavailable(e);
      return null;
    }
  }

  private unavailable(e: unknown): void {
    if (this.closing || this.warned) return;
    this.warned = true;
    this.logger.warn(`Presence is degraded (${(e as Error).message}); it is written again when the store is back.`);
  }

  private enqueue(held: Held, step: () => Promise<void>): Promise<void> {
    const run = held.queue.then(step).catch((e: Error) => this.logger.error(`Presence step failed: ${e.message}`));
    held.queue = run;
    return run;
  }

  private count(key: string, delta: number): number {
    const n = (this.localCounts.get(key) ?? 0) + delta;
    if (n <= 0) this.localCounts.delete(key);
    else this.localCounts.set(key, n);
    return Math.max(n, 0);
  }
}

const tripKey = (e: Pick<TripEntry, 'tenantId' | 'tripId'>) => `t:${e.tenantId}:${e.tripId}`;
const onlineKey = (e: Pick<OnlineEntry, 'scope' | 'userId'>) => `u:${e.scope}:${e.userId}`;
