import { Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { redisBackoff } from '../realtime/redis-link.service';

/**
 * One fixed window per key, and a block once the limit is passed, counted atomically in Redis so
 * that every replica sees the same attempts. Answers [hits, ms left in the window, blocked 0/1,
 * ms left of the block].
 */
const INCREMENT = `
local hits_key, block_key = KEYS[1], KEYS[2]
local ttl, limit, block = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local blocked_for = redis.call('PTTL', block_key)
if blocked_for > 0 then
  return {tonumber(redis.call('GET', hits_key) or limit + 1), math.max(redis.call('PTTL', hits_key), 0), 1, blocked_for}
end
local hits = redis.call('INCR', hits_key)
if hits == 1 then redis.call('PEXPIRE', hits_key, ttl) end
local left = redis.call('PTTL', hits_key)
if hits > limit then
  redis.call('SET', block_key, '1', 'PX', block)
  return {hits, left, 1, block}
end
return {hits, left, 0, 0}
`;

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

const seconds = (ms: number) => Math.max(Math.ceil(ms / 1000), 0);

/**
 * The sign-in and registration limits (DESIGN §5) shared by every replica: with REDIS_URL set the
 * counts live in Redis, under the deployment's schema so that deployments sharing a Redis keep
 * their own. Losing Redis must not lock people out of the console, so while it is away each
 * replica counts on its own (the library's in-memory store) and says so once.
 */
@Injectable()
export class SharedThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('Throttler');
  private readonly local = new ThrottlerStorageService();
  private readonly client?: ReturnType<typeof createClient>;
  private readonly prefix: string;
  private warned = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = `throttle:${config.databaseSchema ?? 'public'}:`;
    if (!config.redisUrl) return;
    // No offline queue: while Redis is away a count fails at once and falls back to this replica's.
    this.client = createClient({
      url: config.redisUrl,
      disableOfflineQueue: true,
      socket: { connectTimeout: 5_000, reconnectStrategy: redisBackoff },
    });
    this.client.on('error', () => undefined); // reported once, by increment(), when a count falls back
    void this.client.connect().catch(() => undefined);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, name: string): Promise<ThrottlerStorageRecord> {
    const client = this.client;
    if (client?.isReady) {
      try {
        const [hits, left, blocked, blockLeft] = (await client.eval(INCREMENT, {
          keys: [`${this.prefix}${name}:${key}`, `${this.prefix}${name}:${key}:blocked`],
          arguments: [String(ttl), String(limit), String(blockDuration)],
        })) as number[];
        this.warned = false;
        return { totalHits: hits, timeToExpire: seconds(left), isBlocked: blocked === 1, timeToBlockExpire: seconds(blockLeft) };
      } catch (e) {
        this.warnOnce((e as Error).message);
      }
    } else if (client) {
      this.warnOnce('not connected');
    }
    return this.local.increment(key, ttl, limit, blockDuration, name);
  }

  async onApplicationShutdown(): Promise<void> {
    this.local.onApplicationShutdown();
    if (!this.client) return;
    await Promise.race([this.client.close(), sleep(1_000)]).catch(() => undefined);
    this.client.destroy();
  }

  private warnOnce(reason: string): void {
    if (this.warned) return;
    this.warned = true;
    this.logger.warn(`Redis is unavailable for the sign-in limit (${reason}); each replica counts on its own until it returns.`);
  }
}

@Module({ providers: [SharedThrottlerStorage], exports: [SharedThrottlerStorage] })
export class ThrottlerStorageModule {}
