import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestApp } from './app';

/**
 * A TCP proxy in front of the shared Redis, so one replica's link can be cut and restored without
 * touching the Redis server other suites (and engineers) use.
 */
export class RedisProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 6379), this.target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Stops accepting and drops every open connection, as a Redis outage would. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
}

/** Asks `check` every 100 ms until it says yes; throws, naming `what`, after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** What a replica's /api/health says of its link to Redis: 'up', 'down' (or 'disabled' without REDIS_URL). */
export const redisStateOf = async (app: TestApp): Promise<string> =>
  ((await app.http().get('/api/health').expect(200)).body as { redis: string }).redis;
