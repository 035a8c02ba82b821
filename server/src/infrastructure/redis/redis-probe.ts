import { randomUUID } from 'node:crypto';
import { deadline } from '../../common/deadline';
import type { RedisClients } from './redis-clients';

const PROBE_TIMEOUT_MS = 2_000;

/**
 * Publishes a token to a channel of its own and waits to receive it: the only proof the subscriber is subscribed.
 * A client can answer commands and still receive nothing: node-redis has been reported not to resubscribe after a
 * reconnect (socket.io#4845).
 */
export class RedisProbe {
  private readonly channel = `live-probe#${randomUUID()}`;
  private pending?: { token: string; done: (ok: boolean) => void };

  constructor(private readonly clients: RedisClients) {}

  /** Subscribes to the probe's channel; made once, before the first connect (the subscriber queues it). */
  subscribe(): Promise<unknown> {
    return this.clients.sub.subscribe(this.channel, (message: string) => this.received(message));
  }

  /** Whether a token sent now comes back within the timeout. */
  async roundTrip(): Promise<boolean> {
    const token = randomUUID();
    const received = new Promise<boolean>((done) => (this.pending = { token, done }));
    const sent = await this.clients.pub.publish(this.channel, token).then(
      () => true,
      () => false,
    );
    const ok = sent && (await Promise.race([received, deadline(PROBE_TIMEOUT_MS).then(() => false)]));
    this.pending = undefined;
    return ok;
  }

  /** Ends a round trip under way as failed (shutdown). */
  cancel(): void {
    this.pending?.done(false);
  }

  private received(token: string): void {
    if (this.pending?.token === token) this.pending.done(true);
  }
}
