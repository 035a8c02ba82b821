import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RedisLink } from '../../infrastructure/redis/redis-link.service';
import { RedisScript } from '../../infrastructure/redis/redis-script';
import { TokenBucket } from './presence-rate';

/** How often this replica forgets the users whose bucket (kept here when Redis is not) has refilled. */
const FORGET_FULL_EVERY_MS = 60_000;

/**
 * The user's token bucket in Redis (KEYS[1], a hash: `n` tokens left, `t` ms of the last take), refilled at ARGV[1]
 * per second up to ARGV[2]; takes a token and answers 1, or answers 0 and writes nothing (the bucket is the same
 * whenever it is next read). The key expires once it would be full again, so an idle user leaves nothing behind.
 */
const TAKE = new RedisScript(`
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local held = redis.call('HMGET', KEYS[1], 'n', 't')
local tokens = burst
if held[1] then
  tokens = math.min(burst, tonumber(held[1]) + math.max(now - tonumber(held[2]), 0) * rate / 1000)
end
if tokens < 1 then return 0 end
redis.call('HSET', KEYS[1], 'n', tostring(tokens - 1), 't', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return 1
`);

/**
 * The presence announcements one user may make, whatever the number of their connections and replicas:
 * PRESENCE_RATE_PER_USER a second with a burst of PRESENCE_BURST_PER_USER (../README.md "Presence", Limits). With
 * REDIS_URL the bucket lives in Redis, one script (one round trip) per command, so every replica draws on the same
 * bucket; without it, or while Redis is away, each replica keeps the user's bucket in memory. Never throws: a
 * limiter that fails must not cost anyone their presence.
 */
@Injectable()
export class PresenceUserRate implements OnModuleDestroy {
  private readonly logger = new Logger('Presence');
  private readonly prefix: string;
  private readonly local = new Map<number, TokenBucket>();
  private readonly forgetTimer: NodeJS.Timeout;
  private warned = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisLink,
  ) {
    this.prefix = `presence:${config.databaseSchema ?? 'public'}:rate:`;
    this.forgetTimer = setInterval(() => this.forgetFull(), FORGET_FULL_EVERY_MS);
    this.forgetTimer.unref();
  }

  /** Whether the user may make one more announcement now (and, if so, it is counted). */
  async take(userId: number): Promise<boolean> {
    const client = this.redis.commands;
    if (client) {
      try {
        const taken = await TAKE.run(
          client,
          [`${this.prefix}${userId}`],
          [String(this.config.presenceRatePerUser), String(this.config.presenceBurstPerUser)],
        );
        this.warned = false;
        return taken === 1;
      } catch (e) {
        this.warnOnce((e as Error).message);
      }
    } else if (this.redis.enabled) {
      this.warnOnce('not connected');
    }
    return this.takeLocal(userId);
  }

  onModuleDestroy(): void {
    clearInterval(this.forgetTimer);
  }

  private takeLocal(userId: number): boolean {
    let bucket = this.local.get(userId);
    if (!bucket) {
      bucket = new TokenBucket(this.config.presenceBurstPerUser, this.config.presenceRatePerUser);
      this.local.set(userId, bucket);
    }
    return bucket.take();
  }

  /** A full bucket is the same as none: only the users who announced lately are kept. */
  private forgetFull(): void {
    for (const [userId, bucket] of this.local) if (bucket.isFull()) this.local.delete(userId);
  }

  private warnOnce(reason: string): void {
    if (this.warned) return;
    this.warned = true;
    this.logger.warn(`Redis is unavailable for the presence limit per user (${reason}); each replica counts on its own until it returns.`);
  }
}
