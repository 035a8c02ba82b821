import { type TestApp, startTestApp } from './app';
import { RedisProxy } from './redis-proxy';
import { freePort, healthOf, type ServerProcess, startServerProcess } from './server-process';
import { redisUrl, testDatabaseUrl } from './test-env';

export interface ReplicaOptions {
  /** How many replicas; two by default. */
  count?: number;
  /** Whether they share Redis (REDIS_URL, so events and presence cross between them); yes by default. */
  redis?: boolean;
  /** The replicas (by index: 1 is replica B) that reach Redis through a TCP proxy the test can cut and restore. */
  behindProxy?: number[];
  /** Configuration every replica starts with, on top of the test defaults (see startTestApp). */
  env?: Record<string, string>;
  driver?: 'pg' | 'pglite';
}

export interface Replicas {
  /** The replicas, in the order they started (A, B, …), each a whole app in this process on its own port. */
  apps: TestApp[];
  /** The replicas' base URLs, for socket clients. */
  urls: string[];
  /** The proxy between Redis and the replicas in `behindProxy` (cut() it for an outage, start() it to end one). */
  redisProxy: RedisProxy | undefined;
  /** Stops every replica, then the proxy. */
  stop(): Promise<void>;
}

/**
 * Replicas of one deployment, as behind a load balancer: the same database (this run's schema, or PGlite) and, by
 * default, one Redis. They start one after the other, the proxy first.
 */
export async function startReplicas(opts: ReplicaOptions = {}): Promise<Replicas> {
  const shared = opts.redis === false ? undefined : redisUrl();
  let redisProxy: RedisProxy | undefined;
  if (shared && opts.behindProxy?.length) {
    redisProxy = new RedisProxy(new URL(shared));
    await redisProxy.start();
  }
  const apps: TestApp[] = [];
  const stop = async () => {
    for (const app of apps) await app.close();
    await redisProxy?.cut();
  };
  try {
    for (let i = 0; i < (opts.count ?? 2); i++) {
      const redis = redisProxy && opts.behindProxy?.includes(i) ? redisProxy.url : shared;
      apps.push(await startTestApp({ ...(redis ? { REDIS_URL: redis } : {}), ...opts.env }, { driver: opts.driver }));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { apps, urls: apps.map((a) => a.url), redisProxy, stop };
}

/** A replica that will have started: what it reads is the started one's (in hooks and tests). */
function replicaToCome(started: () => TestApp): TestApp {
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get config() {
      return started().config;
    },
    get url() {
      return started().url;
    },
    http: () => started().http(),
    close: () => started().close(),
  };
}

/**
 * The replicas for one describe block: started before its first test, stopped after its last (`beforeStop` first:
 * closing the suite's sockets, say). What it returns can be kept from the start (`const { apps: [a, b] } = …`) and
 * used in hooks and tests once the replicas run.
 */
export function useReplicas(opts: ReplicaOptions & { beforeStop?: () => void } = {}): {
  apps: TestApp[];
  redisProxy: Pick<RedisProxy, 'start' | 'cut'>;
} {
  let replicas: Replicas | undefined;
  const started = (): Replicas => {
    if (!replicas) throw new Error('The replicas start in beforeAll: use them in a hook or a test.');
    return replicas;
  };
  const proxy = (): RedisProxy => {
    const p = started().redisProxy;
    if (!p) throw new Error('No replica is behind a Redis proxy: name it in behindProxy.');
    return p;
  };
  beforeAll(async () => {
    replicas = await startReplicas(opts);
  });
  afterAll(async () => {
    opts.beforeStop?.();
    await replicas?.stop();
  });
  return {
    apps: Array.from({ length: opts.count ?? 2 }, (_, i) => replicaToCome(() => started().apps[i])),
    redisProxy: { start: () => proxy().start(), cut: () => proxy().cut() },
  };
}

/**
 * Another replica of `like`'s deployment as a server process of its own (the sources, run through swc-node): the same
 * schema, Redis and signing secret, so tokens `like` issued are good on it. For what only a process can do: die.
 * Ready once its Redis is up and it has said so.
 */
export async function startReplicaProcess(like: TestApp, what = 'replica B'): Promise<ServerProcess & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const replica = await startServerProcess({
    what,
    args: ['-r', '@swc-node/register', 'server/src/main.ts'],
    env: {
      SWC_NODE_PROJECT: 'server/tsconfig.json',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: testDatabaseUrl(),
      ...(like.config.databaseSchema ? { DATABASE_SCHEMA: like.config.databaseSchema } : {}),
      REDIS_URL: redisUrl(),
      JWT_SECRET: like.config.jwtSecret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      CLIENT_DIST: '/nonexistent',
    },
    ready: async (output) => (await healthOf<{ redis?: string }>(url))?.redis === 'up' && output.includes('console ready at'),
    readyWithinMs: 90_000,
  });
  return { ...replica, url };
}
