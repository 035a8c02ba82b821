import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RedisLink } from '../../infrastructure/redis/redis-link.service';
import { PRESENCE_ALIVE_MS } from './presence-limits';
import { MemoryPresenceStore } from './presence-memory.store';
import { RedisPresenceStore } from './presence-redis.store';
import type { OnlineEntry, PresenceChanges, PresenceStore, TripEntry } from './presence-store';

/**
 * This replica's account with the presence store: Redis with REDIS_URL, so every replica reads the same lists, else
 * this process. A write that fails (Redis away) is not an error for the caller: the replica keeps its sockets' state
 * in memory, marks itself stale, and the heartbeat writes everything again when the store is back.
 */
@Injectable()
export class PresenceLedger {
  private readonly logger = new Logger('Presence');
  /** This process, as the owner of its sockets' entries in the shared store. */
  readonly replica = randomUUID();
  readonly store: PresenceStore;
  /** The store is shared with other replicas (Redis): there is a heartbeat, a sweep, and rechecks to relay. */
  readonly shared: boolean;
  /** A write to Redis failed: this replica's entries are rewritten when it can. */
  private stale = false;
  private closing = false;
  private warned = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisLink) {
    this.shared = redis.enabled;
    this.store = redis.enabled
      ? new RedisPresenceStore(redis, this.replica, config.databaseSchema, PRESENCE_ALIVE_MS)
      : new MemoryPresenceStore(this.replica);
  }

  get isClosing(): boolean {
    return this.closing;
  }

  get isStale(): boolean {
    return this.stale;
  }

  /** Shutting down: nothing is written any more (the replica leaves the store as a whole). */
  close(): void {
    this.closing = true;
  }

  /**
   * A store write; when Redis is away, this replica's state stays right here and is written again when it is back.
   * Once shutting down nothing is written: the replica has left the store (PresenceHeartbeat on shutdown).
   */
  async write<T>(op: () => Promise<T>): Promise<T | null> {
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

  /** Makes the store hold exactly these entries of this replica; null (and still stale) when it could not. */
  async replace(trips: readonly TripEntry[], online: readonly OnlineEntry[]): Promise<PresenceChanges | null> {
    this.stale = false;
    let changes: PresenceChanges;
    try {
      changes = await this.store.replace(trips, online);
    } catch (e) {
      this.stale = true;
      this.unavailable(e);
      return null;
    }
    this.warned = false;
    return changes;
  }

  /** Says once per outage that presence is degraded. */
  unavailable(e: unknown): void {
    if (this.closing || this.warned) return;
    this.warned = true;
    this.logger.warn(`Presence is degraded (${(e as Error).message}); it is written again when the store is back.`);
  }
}
