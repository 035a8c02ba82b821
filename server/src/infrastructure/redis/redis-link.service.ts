import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { deadline } from '../../common/deadline';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { createRedisClients, type RedisClient, type RedisClients } from './redis-clients';
import { RedisProbe } from './redis-probe';

/** Whether Redis is configured (REDIS_URL) and, if so, whether the link really carries messages right now. */
export type RedisLinkState = 'disabled' | 'up' | 'down';

const PROBE_EVERY_MS = 5_000;
const STARTUP_WAIT_MS = 3_000;

/**
 * The replica's link to Redis when REDIS_URL is set: a publisher (also the client for other features' one-off
 * commands) and a subscriber. Losing Redis must never take the API down, so:
 *  - both clients handle 'error' and reconnect forever with backoff;
 *  - the publisher never queues: while Redis is away a command or publish fails at once;
 *  - a probe message round-trips through Redis every few seconds (RedisProbe): the link is 'up' only when the
 *    subscriber really receives again, and each return of the link is announced to the onRecovery listeners.
 */
@Injectable()
export class RedisLink implements OnModuleInit, OnApplicationShutdown {
  // The link's messages say what an outage means for the console, whose live events are what it carries.
  private readonly logger = new Logger('Realtime');
  private readonly clients?: RedisClients;
  private readonly probe?: RedisProbe;
  private readonly subscriptions: Promise<unknown>[] = [];
  private readonly recoveryListeners = new Set<() => void>();
  private probeTimer?: NodeJS.Timeout;
  private probing = false;
  private probeOk = false;
  private up = false;
  private closing = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (!config.redisUrl) return;
    this.clients = createRedisClients(config.redisUrl);
    this.probe = new RedisProbe(this.clients);
    for (const [role, client] of [
      ['publisher', this.clients.pub],
      ['subscriber', this.clients.sub],
    ] as const) {
      client.on('error', (e: Error) => this.onClientError(role, e));
      client.on('ready', () => void this.runProbe());
      void client.connect().catch(() => undefined); // rejects only when closed on shutdown
    }
    this.subscriptions.push(this.probe.subscribe().catch((e: Error) => this.onClientError('subscriber', e)));
  }

  get enabled(): boolean {
    return this.clients !== undefined;
  }

  get state(): RedisLinkState {
    if (!this.enabled) return 'disabled';
    return this.up ? 'up' : 'down';
  }

  /** True once the application is shutting down: failures from then on are expected, not worth counting. */
  get isClosing(): boolean {
    return this.closing;
  }

  /**
   * The publisher for one-off commands of other features (the shared sign-in limit, presence's scripts), or
   * undefined while it is not connected; it never queues, so a command fails at once while Redis is away.
   */
  get commands(): RedisClient | undefined {
    return this.clients?.pub.isReady ? this.clients.pub : undefined;
  }

  /** Both clients, for a publish/subscribe user such as Socket.IO's Redis adapter; undefined without REDIS_URL. */
  get pubSub(): RedisClients | undefined {
    return this.clients;
  }

  /** Called each time the link becomes usable again (and the first time it is up). */
  onRecovery(listener: () => void): () => void {
    this.recoveryListeners.add(listener);
    return () => this.recoveryListeners.delete(listener);
  }

  /** A subscription made on the subscriber: start-up waits for it, and its failure is logged, never thrown. */
  trackSubscription(subscribing: Promise<unknown>): Promise<unknown> {
    const settled = subscribing.catch((e: Error) => {
      if (!this.closing) this.logger.error(`Redis subscription failed: ${e.message}`);
    });
    this.subscriptions.push(settled);
    return settled;
  }

  /** Start-up waits briefly for Redis so the first events reach other replicas; without Redis the API starts anyway. */
  async onModuleInit(): Promise<void> {
    if (!this.enabled) return;
    const ready = (async () => {
      await Promise.allSettled(this.subscriptions);
      while (!this.up && !this.closing) await sleep(50);
    })();
    const timedOut = await Promise.race([ready.then(() => false), deadline(STARTUP_WAIT_MS).then(() => true)]);
    if (timedOut) this.logger.warn('Redis is not reachable yet: live events stay on this replica until it is.');
    this.probeTimer = setInterval(() => void this.runProbe(), PROBE_EVERY_MS);
    this.probeTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.clients) return;
    this.closing = true;
    clearInterval(this.probeTimer);
    this.probe?.cancel();
    // The socket server (closed before this hook) has already unsubscribed; nothing left is worth waiting for.
    await Promise.race([this.clients.pub.close(), deadline(1_000)]).catch(() => undefined);
    this.clients.pub.destroy();
    this.clients.sub.destroy();
  }

  private onClientError(role: string, e: Error): void {
    if (this.closing) return;
    if (this.up) this.logger.warn(`Redis ${role} link lost (${e.message}); live events stay on this replica until it returns.`);
    this.setUp(false);
  }

  private async runProbe(): Promise<void> {
    const { clients, probe } = this;
    if (!clients || !probe || this.probing || this.closing) return;
    const connected = () => clients.pub.isReady && clients.sub.isReady;
    this.probing = true;
    try {
      const ok = connected() ? await probe.roundTrip() : false;
      if (!ok && this.probeOk && connected()) this.logger.warn('Redis answers but the subscriber receives nothing.');
      this.probeOk = ok;
      this.setUp(ok && connected());
    } finally {
      this.probing = false;
    }
  }

  private setUp(up: boolean): void {
    if (up === this.up) return;
    this.up = up;
    if (!up) return;
    this.logger.log('Redis link up: live events flow between replicas.');
    for (const listener of this.recoveryListeners) listener();
  }
}
