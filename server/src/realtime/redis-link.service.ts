import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { RealtimeStatus } from '../health/realtime-status';

type RedisClient = ReturnType<typeof createClient>;

/** After a replica's Redis link comes back: how many of its own publishes were dropped meanwhile. */
export interface LinkRecovery {
  lostPublishes: number;
}

const PROBE_EVERY_MS = 5_000;
const PROBE_TIMEOUT_MS = 2_000;
const STARTUP_WAIT_MS = 3_000;

// Quick first retries for a blip, then one attempt every two seconds while Redis is away; never give up.
const redisBackoff = (retries: number): number => Math.min(100 * 2 ** retries, 2_000) + Math.floor(Math.random() * 100);

/**
 * The Redis pub/sub link behind Socket.IO's Redis adapter (REDIS_URL set), so every replica's
 * sockets get every replica's events. Losing Redis must never take the API down, so:
 *  - both clients handle 'error' and reconnect forever with backoff;
 *  - the adapter publishes without awaiting or catching; it is handed a publisher that drops (and
 *    counts) what cannot be sent instead of queueing it without bound or rejecting unhandled;
 *  - a probe message round-trips through Redis every few seconds: health reports 'up' only when the
 *    subscriber really receives again (node-redis has been reported not to resubscribe after a
 *    reconnect, socket.io#4845), and the return of the link is announced so the gateway can tell
 *    its sockets to catch up (see realtime.gateway.ts).
 */
@Injectable()
export class RedisLink implements RealtimeStatus, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private readonly pub?: RedisClient;
  private readonly sub?: RedisClient;
  private readonly probeChannel = `live-probe#${randomUUID()}`;
  private readonly channelPrefix: string;
  private readonly subscriptions: Promise<unknown>[] = [];
  private readonly recoveryListeners = new Set<(recovery: LinkRecovery) => void>();
  private pendingProbe?: { token: string; done: (ok: boolean) => void };
  private probeTimer?: NodeJS.Timeout;
  private probing = false;
  private probeOk = false;
  private up = false;
  private lostPublishes = 0;
  private closing = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Replicas of one deployment share a database schema; deployments (and test runs) with their own
    // schema must not hear each other's rooms, whose names repeat across databases.
    this.channelPrefix = config.databaseSchema ? `socket.io:${config.databaseSchema}` : 'socket.io';
    if (!config.redisUrl) return;
    const socket = { connectTimeout: 5_000, reconnectStrategy: redisBackoff };
    // The publisher must not queue while offline: an outage would grow the queue without bound.
    this.pub = createClient({ url: config.redisUrl, socket, disableOfflineQueue: true });
    // The subscriber keeps its queue, so the subscriptions made before the first connect are sent on it.
    this.sub = createClient({ url: config.redisUrl, socket });
    for (const [role, client] of [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const) {
      client.on('error', (e: Error) => this.onClientError(role, e));
      client.on('ready', () => void this.probe());
      void client.connect().catch(() => undefined); // rejects only when closed on shutdown
    }
    this.subscriptions.push(
      this.sub
        .subscribe(this.probeChannel, (message: string) => this.onProbe(message))
        .catch((e: Error) => this.onClientError('subscriber', e)),
    );
  }

  get enabled(): boolean {
    return this.pub !== undefined;
  }

  /**
   * The publisher for one-off commands of other features (the shared sign-in limit), or undefined
   * while it is not connected; it never queues, so a command fails at once while Redis is away.
   */
  get commands(): RedisClient | undefined {
    return this.pub?.isReady ? this.pub : undefined;
  }

  status(): ReturnType<RealtimeStatus['status']> {
    if (!this.enabled) return { adapter: 'memory', redis: 'disabled' };
    return { adapter: 'redis', redis: this.up ? 'up' : 'down' };
  }

  /** Called each time the link becomes usable again (and the first time it is up). */
  onRecovery(listener: (recovery: LinkRecovery) => void): () => void {
    this.recoveryListeners.add(listener);
    return () => this.recoveryListeners.delete(listener);
  }

  /** The Socket.IO adapter factory; only when enabled. */
  adapter(): ReturnType<typeof createAdapter> {
    const { pub, sub } = this;
    if (!pub || !sub) throw new Error('Redis is not configured');
    const publisher = {
      // The adapter picks its node-redis code paths by these methods' presence.
      pSubscribe: () => undefined,
      sSubscribe: () => undefined,
      publish: (channel: string, message: string | Buffer) =>
        pub.publish(channel, message).catch(() => {
          if (!this.closing) this.lostPublishes++;
          return 0;
        }),
      sendCommand: (args: string[]) => pub.sendCommand(args),
      on: (event: string, listener: (...args: unknown[]) => void) => pub.on(event, listener),
      off: (event: string, listener: (...args: unknown[]) => void) => pub.off(event, listener),
    };
    const quiet = <T>(p: Promise<T>) => p.catch(() => undefined); // only fails on shutdown
    const subscriber = {
      pSubscribe: (...args: Parameters<RedisClient['pSubscribe']>) => this.track(sub.pSubscribe(...args)),
      subscribe: (...args: Parameters<RedisClient['subscribe']>) => this.track(sub.subscribe(...args)),
      pUnsubscribe: (...args: Parameters<RedisClient['pUnsubscribe']>) => quiet(sub.pUnsubscribe(...args)),
      unsubscribe: (...args: Parameters<RedisClient['unsubscribe']>) => quiet(sub.unsubscribe(...args)),
      on: (event: string, listener: (...args: unknown[]) => void) => sub.on(event, listener),
      off: (event: string, listener: (...args: unknown[]) => void) => sub.off(event, listener),
    };
    return createAdapter(publisher, subscriber, {
      key: this.channelPrefix,
      requestsTimeout: 3_000,
      publishOnSpecificResponseChannel: true,
    });
  }

  /** Start-up waits briefly for Redis so the first events reach other replicas; without Redis the API starts anyway. */
  async onModuleInit(): Promise<void> {
    if (!this.enabled) return;
    const ready = (async () => {
      await Promise.allSettled(this.subscriptions);
      while (!this.up && !this.closing) await sleep(50);
    })();
    const timedOut = await Promise.race([ready.then(() => false), sleep(STARTUP_WAIT_MS).then(() => true)]);
    if (timedOut) this.logger.warn('Redis is not reachable yet: live events stay on this replica until it is.');
    this.probeTimer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.probeTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.enabled) return;
    this.closing = true;
    clearInterval(this.probeTimer);
    this.pendingProbe?.done(false);
    // The socket server (closed before this hook) has already unsubscribed; nothing left is worth waiting for.
    await Promise.race([this.pub?.close(), sleep(1_000)]).catch(() => undefined);
    this.pub?.destroy();
    this.sub?.destroy();
  }

  private track(p: Promise<unknown>): Promise<unknown> {
    const settled = p.catch((e: Error) => {
      if (!this.closing) this.logger.error(`Redis subscription failed: ${e.message}`);
    });
    this.subscriptions.push(settled);
    return settled;
  }

  private onClientError(role: string, e: Error): void {
    if (this.closing) return;
    if (this.up) this.logger.warn(`Redis ${role} link lost (${e.message}); live events stay on this replica until it returns.`);
    this.setUp(false);
  }

  private onProbe(token: string): void {
    if (this.pendingProbe?.token === token) this.pendingProbe.done(true);
  }

  /** Publishes a token to a channel of our own and waits to receive it: the only proof the subscriber is subscribed. */
  private async probe(): Promise<void> {
    const { pub, sub } = this;
    if (!pub || !sub || this.probing || this.closing) return;
    this.probing = true;
    try {
      let ok = false;
      if (pub.isReady && sub.isReady) {
        const token = randomUUID();
        const received = new Promise<boolean>((done) => (this.pendingProbe = { token, done }));
        const sent = await pub.publish(this.probeChannel, token).then(
          () => true,
          () => false,
        );
        ok = sent && (await Promise.race([received, sleep(PROBE_TIMEOUT_MS).then(() => false)]));
        this.pendingProbe = undefined;
      }
      if (!ok && this.probeOk && pub.isReady && sub.isReady) this.logger.warn('Redis answers but the subscriber receives nothing.');
      this.probeOk = ok;
      this.setUp(ok && pub.isReady && sub.isReady);
    } finally {
      this.probing = false;
    }
  }

  private setUp(up: boolean): void {
    if (up === this.up) return;
    this.up = up;
    if (!up) return;
    const recovery = { lostPublishes: this.lostPublishes };
    this.lostPublishes = 0;
    this.logger.log('Redis link up: live events flow between replicas.');
    for (const listener of this.recoveryListeners) listener(recovery);
  }
}
