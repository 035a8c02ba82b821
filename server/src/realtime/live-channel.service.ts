import { Inject, Injectable } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { RedisClient } from '../infrastructure/redis/redis-clients';
import { RedisLink } from '../infrastructure/redis/redis-link.service';

/** After a replica's Redis link comes back: how many of its own publishes were dropped meanwhile. */
export interface LinkRecovery {
  lostPublishes: number;
}

/**
 * The live events' channel between replicas (REDIS_URL set): Socket.IO's Redis adapter over the shared Redis link,
 * so every replica's sockets get every replica's events. The adapter publishes without awaiting or catching; it is
 * handed a publisher that drops (and counts) what cannot be sent instead of queueing it without bound or rejecting
 * unhandled, and each return of the link is announced with that count so the gateway can tell the sockets to catch
 * up (see realtime.gateway.ts).
 */
@Injectable()
export class LiveChannel {
  private readonly channelPrefix: string;
  private readonly recoveryListeners = new Set<(recovery: LinkRecovery) => void>();
  private lostPublishes = 0;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly link: RedisLink,
  ) {
    // Replicas of one deployment share a database schema; deployments (and test runs) with their own
    // schema must not hear each other's rooms, whose names repeat across databases.
    this.channelPrefix = config.databaseSchema ? `socket.io:${config.databaseSchema}` : 'socket.io';
    link.onRecovery(() => this.recovered());
  }

  get enabled(): boolean {
    return this.link.enabled;
  }

  /** Called each time the link becomes usable again (and the first time it is up). */
  onRecovery(listener: (recovery: LinkRecovery) => void): () => void {
    this.recoveryListeners.add(listener);
    return () => this.recoveryListeners.delete(listener);
  }

  /** The Socket.IO adapter factory; only when enabled. */
  adapter(): ReturnType<typeof createAdapter> {
    const clients = this.link.pubSub;
    if (!clients) throw new Error('Redis is not configured');
    const { pub, sub } = clients;
    const publisher = {
      // The adapter picks its node-redis code paths by these methods' presence.
      pSubscribe: () => undefined,
      sSubscribe: () => undefined,
      publish: (channel: string, message: string | Buffer) =>
        pub.publish(channel, message).catch(() => {
          if (!this.link.isClosing) this.lostPublishes++;
          return 0;
        }),
      sendCommand: (args: string[]) => pub.sendCommand(args),
      on: (event: string, listener: (...args: unknown[]) => void) => pub.on(event, listener),
      off: (event: string, listener: (...args: unknown[]) => void) => pub.off(event, listener),
    };
    const quiet = <T>(p: Promise<T>) => p.catch(() => undefined); // only fails on shutdown
    const subscriber = {
      pSubscribe: (...args: Parameters<RedisClient['pSubscribe']>) => this.link.trackSubscription(sub.pSubscribe(...args)),
      subscribe: (...args: Parameters<RedisClient['subscribe']>) => this.link.trackSubscription(sub.subscribe(...args)),
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

  private recovered(): void {
    const recovery = { lostPublishes: this.lostPublishes };
    this.lostPublishes = 0;
    for (const listener of this.recoveryListeners) listener(recovery);
  }
}
