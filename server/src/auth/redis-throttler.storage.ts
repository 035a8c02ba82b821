import { Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RedisLink } from '../infrastructure/redis/redis-link.service';
import { RedisModule } from '../infrastructure/redis/redis.module';

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
 * The sign-in and registration limits (auth-throttler.guard.ts) shared by every replica: with REDIS_URL set the
 * counts live in Redis (through the shared Redis link's command client, infrastructure/redis), under the deployment's schema so
 * that deployments sharing a Redis keep their own. Losing Redis must not lock people out of the
 * console, so while it is away each replica counts on its own (the library's in-memory store) and
 * says so once.
 */
@Injectable()
export class SharedThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('Throttler');
  private readonly local = new ThrottlerStorageService();
  private readonly prefix: string;
  private warned = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly redis: RedisLink,
  ) {
    this.prefix = `throttle:${config.databaseSchema ?? 'public'}:`;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, name: string): Promise<ThrottlerStorageRecord> {
    const client = this.redis.commands;
    if (client) {
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
    } else if (this.redis.enabled) {
      this.warnOnce('not connected');
    }
    return this.local.increment(key, ttl, limit, blockDuration, name);
  }

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
  }

  private warnOnce(reason: string): void {
    if (this.warned) return;
    this.warned = true;
    this.logger.warn(`Redis is unavailable for the sign-in limit (${reason}); each replica counts on its own until it returns.`);
  }
}

@Module({ imports: [RedisModule], providers: [SharedThrottlerStorage], exports: [SharedThrottlerStorage] })
export class ThrottlerStorageModule {}
