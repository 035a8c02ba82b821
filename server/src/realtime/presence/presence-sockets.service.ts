import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import type { LiveSocket } from '../live-server';
import type { TripPlace } from '../trip-audience.service';
import { PresenceAccess } from './presence-access.service';
import { PresenceLedger } from './presence-ledger.service';
import { scopeOf } from './presence-payloads';
import { PresencePushes } from './presence-pushes.service';
import type { TokenBucket } from './presence-rate';
import type { OnlineEntry, PresenceRecheck, TripEntry } from './presence-store';

/** This replica's view of one of its own sockets. */
export interface HeldSocket {
  socket: LiveSocket;
  trips: Map<number, TripEntry>;
  online?: OnlineEntry;
  bucket: TokenBucket;
  /** The socket's presence work, one step after another (commands, rechecks, its departure). */
  queue: Promise<void>;
  gone: boolean;
}

const tripKey = (e: Pick<TripEntry, 'tenantId' | 'tripId'>) => `t:${e.tenantId}:${e.tripId}`;
const onlineKey = (e: Pick<OnlineEntry, 'scope' | 'userId'>) => `u:${e.scope}:${e.userId}`;

/**
 * This replica's own sockets and what each has announced. Every change goes here first, then into the store
 * (PresenceLedger) and out to the consoles (PresencePushes). Each socket's steps run one after another (`enqueue`),
 * so its commands, rechecks and departure never interleave.
 */
@Injectable()
export class PresenceSockets {
  private readonly logger = new Logger('Presence');
  private readonly held = new Map<string, HeldSocket>();
  /** How many of this replica's sockets are on each trip, and are each user's (for the store's per-replica index). */
  private readonly localCounts = new Map<string, number>();

  constructor(
    private readonly ledger: PresenceLedger,
    private readonly pushes: PresencePushes,
    private readonly access: PresenceAccess,
  ) {}

  add(socket: LiveSocket, bucket: TokenBucket): HeldSocket {
    const held: HeldSocket = { socket, trips: new Map(), bucket, queue: Promise.resolve(), gone: false };
    this.held.set(socket.id, held);
    return held;
  }

  get(socketId: string): HeldSocket | undefined {
    return this.held.get(socketId);
  }

  all(): HeldSocket[] {
    return [...this.held.values()];
  }

  /** A socket has gone: its presence leaves every console. */
  remove(socketId: string): void {
    const held = this.held.get(socketId);
    if (!held) return;
    held.gone = true;
    this.held.delete(socketId);
    void this.enqueue(held, async () => {
      for (const entry of [...held.trips.values()]) await this.withdraw(held, entry);
      if (held.online) await this.goOffline(held);
    });
  }

  /** Runs a step of the socket's presence work after the ones before it; a failing step is logged and the queue goes on. */
  enqueue(held: HeldSocket, step: () => Promise<void>): Promise<void> {
    const run = held.queue.then(step).catch((e: Error) => this.logger.error(`Presence step failed: ${e.message}`));
    held.queue = run;
    return run;
  }

  /** Adds or replaces one announcement of a socket, here and in the store, and pushes the trip's new list. */
  async announce(held: HeldSocket, entry: TripEntry, place?: TripPlace): Promise<void> {
    if (!held.trips.has(entry.tripId)) this.count(tripKey(entry), +1);
    held.trips.set(entry.tripId, entry);
    const state = await this.ledger.write(() => this.ledger.store.put(entry));
    if (state) await this.pushes.trip(state, place);
  }

  /** Removes one announcement of a socket, here and in the store, and pushes the trip's new list. */
  async withdraw(held: HeldSocket, entry: TripEntry): Promise<void> {
    if (held.trips.get(entry.tripId) !== entry) return;
    held.trips.delete(entry.tripId);
    const last = this.count(tripKey(entry), -1) === 0;
    const state = await this.ledger.write(() => this.ledger.store.remove(entry, last));
    if (state) await this.pushes.trip(state);
  }

  async goOnline(held: HeldSocket, user: AuthUser): Promise<void> {
    if (held.gone || held.online) return;
    const entry: OnlineEntry = { replica: this.ledger.replica, socketId: held.socket.id, scope: scopeOf(user), userId: user.id };
    held.online = entry;
    this.count(onlineKey(entry), +1);
    const change = await this.ledger.write(() => this.ledger.store.connect(entry));
    if (change) this.pushes.user(change);
  }

  private async goOffline(held: HeldSocket): Promise<void> {
    const entry = held.online;
    if (!entry) return;
    held.online = undefined;
    const last = this.count(onlineKey(entry), -1) === 0;
    const change = await this.ledger.write(() => this.ledger.store.disconnect(entry, last));
    if (change) this.pushes.user(change);
  }

  /** Looks again at the announcements `scope` touches, each on its socket's queue. */
  recheckMatching(scope: PresenceRecheck): void {
    for (const held of this.held.values()) {
      const mine = scope.userIds?.includes(held.socket.data.userId) ?? false;
      const touched =
        mine ||
        [...held.trips.values()].some(
          (e) =>
            (scope.tripIds?.includes(e.tripId) ?? false) ||
            (scope.tenantId !== undefined && e.tenantId === scope.tenantId && (scope.role === undefined || e.role === scope.role)),
        );
      if (touched) void this.enqueue(held, () => this.recheck(held));
    }
  }

  /** Withdraws what the socket's user may no longer see; refreshes their name and role, and their online scope. */
  async recheck(held: HeldSocket): Promise<void> {
    if (held.gone) return;
    const user = await this.access.caller(held.socket.data);
    const visible = user ? await this.access.visibleAmong(user, [...held.trips.keys()]) : new Set<number>();
    for (const entry of [...held.trips.values()]) {
      if (!user || !visible.has(entry.tripId)) {
        await this.withdraw(held, entry);
      } else if (entry.name !== user.name || entry.role !== user.role) {
        await this.announce(held, { ...entry, name: user.name, role: user.role });
      }
    }
    if (user && held.online && held.online.scope !== scopeOf(user)) {
      await this.goOffline(held);
      await this.goOnline(held, user);
    }
  }

  private count(key: string, delta: number): number {
    const n = (this.localCounts.get(key) ?? 0) + delta;
    if (n <= 0) this.localCounts.delete(key);
    else this.localCounts.set(key, n);
    return Math.max(n, 0);
  }
}
