import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { deadline } from '../common/deadline';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { type SessionChanges, UnitOfWork } from '../database/unit-of-work';
import type { RedisClient } from '../infrastructure/redis/redis-clients';
import { RedisLink } from '../infrastructure/redis/redis-link.service';
import { SessionCache } from './session-cache';

/** How long a cached verdict is believed at most: the bound for a replica no message could reach. */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 50_000;
/** A replica sends itself a beat through Redis this often... */
const BEAT_EVERY_MS = 1_000;
/** ...and uses its cache only while its last beat to come back was sent less than this long ago. */
const FENCE_MS = 2_500;
/** How long a change waits for the replicas' acknowledgements... */
const ACK_TIMEOUT_MS = 2_000;
/** ...and, when one is missing, how long after telling them it answers: by then any replica not told has fenced itself off. */
const WAIT_OUT_MS = FENCE_MS + 500;

interface ChangeMessage extends SessionChanges {
  id: string;
  from: string;
}

interface AckMessage {
  id: string;
  to: string;
}

/**
 * Keeps every replica's session cache true (docs/architecture.md, "Sessions"), so that the sign-in check of a
 * request costs no statement once its token has been seen.
 *
 * - A change to what the check reads is named by the database itself (migration SessionChanges) and reaches
 *   `changed` after its commit, before the change answers (UnitOfWork.onSessionChanges).
 * - Without Redis there is one replica: dropping the entries here is the whole of it.
 * - With Redis, the change is published to every replica, and the change answers once as many replicas as received
 *   it have acknowledged (each drops the entries first, then acknowledges). A replica that did not receive it is one
 *   cut off from Redis: each replica sends itself a beat every second and uses its cache only while its last beat
 *   came back less than 2.5 s after it was sent, so when the replicas registered as alive outnumber the
 *   acknowledgements, the change waits 3 s from its publication before answering: by then the missing replica reads
 *   the database again. Messages on one subscription arrive in the order Redis took them, so a beat that came back
 *   after a change was published came after the change itself.
 * - While the link is down the cache is not used; when the link returns it starts empty.
 */
@Injectable()
export class SessionSync implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('Sessions');
  private readonly replica = randomUUID();
  private readonly cache = new SessionCache<unknown>(CACHE_TTL_MS, CACHE_MAX_ENTRIES);
  private readonly acks = new Map<string, { count: number; wanted: number; done: () => void }>();
  /** When the last beat that came back was sent (ms, this replica's clock); 0: none yet. */
  private lastBeat = 0;
  private beatTimer?: NodeJS.Timeout;
  private removeListener?: () => void;
  // Replicas of one deployment share a database schema; deployments (and test runs) with a schema of their own
  // must not hear each other, whose user and token ids repeat across databases.
  private readonly prefix: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly link: RedisLink,
    private readonly unitOfWork: UnitOfWork,
  ) {
    this.prefix = config.databaseSchema ? `sessions:${config.databaseSchema}` : 'sessions';
  }

  private get changesChannel(): string {
    return `${this.prefix}:changes`;
  }

  private get acksChannel(): string {
    return `${this.prefix}:acks`;
  }

  private get replicas(): string {
    return `${this.prefix}:replicas`;
  }

  onModuleInit(): void {
    this.removeListener = this.unitOfWork.onSessionChanges((changes) => this.changed(changes));
    const sub = this.link.pubSub?.sub;
    if (!sub) return;
    void this.link.trackSubscription(sub.subscribe(this.changesChannel, (message: string) => this.receivedChange(message)));
    void this.link.trackSubscription(sub.subscribe(this.acksChannel, (message: string) => this.receivedAck(message)));
    void this.link.trackSubscription(sub.subscribe(this.beatChannel, (sentAt: string) => this.beatReturned(Number(sentAt))));
    this.beatTimer = setInterval(() => void this.beat(), BEAT_EVERY_MS);
    this.beatTimer.unref();
    void this.beat();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.beatTimer);
    this.removeListener?.();
    for (const pending of this.acks.values()) pending.done();
    // No longer one of the replicas a change waits for.
    await this.link.commands?.zRem(this.replicas, this.replica).catch(() => undefined);
  }

  /**
   * The verdict for this token: from the cache while it can be trusted, else `load`'s (stored when no change came
   * in the meantime). `load` answers undefined for a user who is gone.
   */
  async read<Row>(userId: number, tokenId: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    if (!this.trusted()) return load();
    const cached = this.cache.get(userId, tokenId) as Row | undefined;
    if (cached !== undefined) return cached;
    const mark = this.cache.mark();
    const row = await load();
    if (row !== undefined) this.cache.fill(mark, userId, tokenId, row);
    return row;
  }

  /** How many verdicts are cached (the benchmark's and the tests' window on it). */
  get cached(): number {
    return this.cache.size;
  }

  private get beatChannel(): string {
    return `${this.prefix}:beat#${this.replica}`;
  }

  private trusted(): boolean {
    if (!this.link.enabled) return true;
    if (this.link.state === 'up' && Date.now() - this.lastBeat < FENCE_MS) return true;
    if (this.cache.size > 0) this.cache.clear();
    return false;
  }

  private async changed(changes: SessionChanges): Promise<void> {
    this.cache.invalidate(changes);
    const pub = this.link.pubSub?.pub;
    if (!pub) return;
    const id = randomUUID();
    const message = JSON.stringify({ id, from: this.replica, ...changes } satisfies ChangeMessage);
    const publishedAt = Date.now();
    const all = new Promise<void>((done) => this.acks.set(id, { count: 0, wanted: Infinity, done }));
    try {
      const [received, alive] = await Promise.all([
        pub.publish(this.changesChannel, message),
        pub.zCount(this.replicas, publishedAt - FENCE_MS, '+inf'),
      ]);
      const pending = this.acks.get(id)!;
      pending.wanted = received;
      if (pending.count >= received) pending.done();
      await Promise.race([all, deadline(ACK_TIMEOUT_MS)]);
      if (pending.count >= received && pending.count >= alive) return;
      this.log.warn(`${alive} replicas alive, ${pending.count} acknowledged a session change: waiting until the others fence.`);
    } catch (e) {
      // This replica is cut off: the others, if they are not, cannot be told now. They are told as soon as the link
      // returns (while their entries could still be alive); until then they may answer from what they hold.
      this.log.warn(`A session change could not be sent to the other replicas (${(e as Error).message}): sending it again until it goes.`);
      void this.resend(message, publishedAt);
    } finally {
      this.acks.delete(id);
    }
    await sleep(Math.max(0, publishedAt + WAIT_OUT_MS - Date.now()));
  }

  /** Publishes a change again every half second until it goes out or no cache can still hold what it drops. */
  private async resend(message: string, since: number): Promise<void> {
    while (Date.now() - since < CACHE_TTL_MS && !this.link.isClosing) {
      await deadline(500);
      const pub = this.link.commands;
      if (
        pub &&
        (await pub.publish(this.changesChannel, message).then(
          () => true,
          () => false,
        ))
      ) {
        return;
      }
    }
  }

  private receivedChange(message: string): void {
    const change = JSON.parse(message) as ChangeMessage;
    this.cache.invalidate(change);
    this.send(this.acksChannel, JSON.stringify({ id: change.id, to: change.from } satisfies AckMessage));
  }

  private receivedAck(message: string): void {
    const ack = JSON.parse(message) as AckMessage;
    if (ack.to !== this.replica) return;
    const pending = this.acks.get(ack.id);
    if (!pending) return;
    pending.count++;
    if (pending.count >= pending.wanted) pending.done();
  }

  private beatReturned(sentAt: number): void {
    if (sentAt > this.lastBeat) this.lastBeat = sentAt;
  }

  private async beat(): Promise<void> {
    const pub = this.link.commands;
    if (!pub) return;
    const now = Date.now();
    await Promise.all([
      pub.publish(this.beatChannel, String(now)),
      pub.zAdd(this.replicas, { score: now, value: this.replica }),
      pub.zRemRangeByScore(this.replicas, '-inf', now - 60_000),
    ]).catch(() => undefined);
  }

  private send(channel: string, message: string): void {
    const pub: RedisClient | undefined = this.link.commands;
    void pub?.publish(channel, message).catch(() => undefined);
  }
}
