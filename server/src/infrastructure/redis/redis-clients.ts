import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/** A replica's two connections to Redis: one for commands and publishes, one for subscriptions. */
export interface RedisClients {
  pub: RedisClient;
  sub: RedisClient;
}

// Quick first retries for a blip, then one attempt every two seconds while Redis is away; never give up.
const redisBackoff = (retries: number): number => Math.min(100 * 2 ** retries, 2_000) + Math.floor(Math.random() * 100);

/** Both clients reconnect forever with backoff; neither is connected yet. */
export function createRedisClients(url: string): RedisClients {
  const socket = { connectTimeout: 5_000, reconnectStrategy: redisBackoff };
  return {
    // The publisher must not queue while offline: an outage would grow the queue without bound.
    pub: createClient({ url, socket, disableOfflineQueue: true }),
    // The subscriber keeps its queue, so the subscriptions made before the first connect are sent on it.
    sub: createClient({ url, socket }),
  };
}
