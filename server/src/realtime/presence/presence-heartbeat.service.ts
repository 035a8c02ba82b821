import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PresenceLedger } from './presence-ledger.service';
import { PRESENCE_ALIVE_MS, PRESENCE_BEAT_MS } from './presence-limits';
import { PresencePushes } from './presence-pushes.service';
import { PresenceSockets } from './presence-sockets.service';

/**
 * Keeps a shared (Redis) store true to the replicas that are alive: this replica beats every PRESENCE_BEAT_MS and
 * sweeps the replicas that stopped beating; it writes its own sockets' presence again after Redis was away or it was
 * given up for dead; and on shutdown it withdraws all of it at once. Nothing to do with the in-memory store.
 */
@Injectable()
export class PresenceHeartbeat implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Presence');
  private timer?: NodeJS.Timeout;
  /** The heartbeat in progress, if any. */
  private ticking?: Promise<void>;
  private rewriting?: Promise<void>;
  private beaten = false;

  constructor(
    private readonly ledger: PresenceLedger,
    private readonly sockets: PresenceSockets,
    private readonly pushes: PresencePushes,
  ) {}

  /** The rewrite under way, if any: a snapshot taken after it includes what this replica wrote back. */
  get rewritten(): Promise<void> | undefined {
    return this.rewriting;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.ledger.shared) return;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), PRESENCE_BEAT_MS);
    this.timer.unref();
  }

  /** On shutdown, while sockets and the adapter still work: this replica's presence leaves every console at once. */
  async beforeApplicationShutdown(): Promise<void> {
    this.ledger.close();
    clearInterval(this.timer);
    if (!this.ledger.shared) return;
    // a heartbeat or rewrite still under way would write this replica back after it left
    await Promise.all([this.ticking, this.rewriting]);
    try {
      await this.pushes.all(await this.ledger.store.leave());
    } catch (e) {
      this.logger.warn(
        `Could not withdraw this replica's presence (${(e as Error).message}); the other replicas sweep it within ${PRESENCE_ALIVE_MS / 1000} s.`,
      );
    }
  }

  /**
   * Makes the store hold exactly this replica's sockets' presence again, and pushes what that changed. The rechecks
   * other replicas sent while this one could not hear them were lost: every announcement is checked again first,
   * so nothing its user may no longer see is written back.
   */
  rewrite(): Promise<void> {
    if (!this.ledger.shared || this.ledger.isClosing) return Promise.resolve();
    this.rewriting ??= (async () => {
      const announcing = this.sockets.all().filter((h) => h.trips.size > 0);
      await Promise.all(announcing.map((h) => this.sockets.enqueue(h, () => this.sockets.recheck(h))));
      const held = this.sockets.all();
      const trips = held.flatMap((h) => [...h.trips.values()]);
      const online = held.flatMap((h) => (h.online ? [h.online] : []));
      const changes = await this.ledger.replace(trips, online);
      if (changes) await this.pushes.all(changes);
    })().finally(() => (this.rewriting = undefined));
    return this.rewriting;
  }

  /** Beats, rewrites this replica's entries if they were lost, and sweeps the replicas that stopped beating. */
  private tick(): Promise<void> {
    if (this.ledger.isClosing) return Promise.resolve();
    this.ticking ??= (async () => {
      try {
        const alive = await this.ledger.store.beat();
        // Given up for dead (a stall, or the link was away), or writes failed: put our sockets back.
        if ((!alive && this.beaten) || this.ledger.isStale) await this.rewrite();
        this.beaten = true;
        if (!this.ledger.isClosing) await this.pushes.all(await this.ledger.store.sweep());
      } catch (e) {
        this.ledger.unavailable(e);
      }
    })().finally(() => (this.ticking = undefined));
    return this.ticking;
  }
}
