import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { deadline } from '../common/deadline';
import type { LiveEventName, LiveEventPayloads } from '../contracts/events';
import type { LiveServer } from './live-server';
import { LiveSeqService } from './live-seq.service';

/** One push: an event, the rooms it goes to, and the rooms it must skip. */
export type LiveSend = {
  [E in LiveEventName]: { event: E; to: readonly string[]; except?: readonly string[]; payload: LiveEventPayloads[E] };
}[LiveEventName];

export const send = <E extends LiveEventName>(
  event: E,
  to: readonly string[],
  payload: LiveEventPayloads[E],
  except?: readonly string[],
): LiveSend => ({ event, to, payload, except }) as LiveSend;

/** One published domain event waiting in its tenant's queue. */
interface Queued {
  plan: () => Promise<LiveSend[]> | LiveSend[];
  done: () => void;
}

/**
 * The one way out to clients (immich's clientSend): stamps each domain event with its tenant's next
 * seq and pushes it to rooms, through the adapter, so every replica's sockets in those rooms get it.
 *
 * A tenant's events go out one after another in the order they were published on this replica, so
 * seq and delivery order agree here (across replicas they may interleave; see README.md). Events that
 * queue up behind a seq being taken take theirs together, in one statement (LiveSeqService.next(t, n)):
 * a busy tenant pays one round trip per batch, not per event, and its numbers stay gapless.
 */
@Injectable()
export class LivePublisher implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private readonly queues = new Map<number, { waiting: Queued[]; running: Promise<void> }>();
  private server?: LiveServer;

  constructor(private readonly seqs: LiveSeqService) {}

  attach(server: LiveServer): void {
    this.server = server;
  }

  /**
   * Queues one domain event behind the tenant's earlier ones: `plan` works out who gets what (it may
   * read the database), then the event takes one seq for all its pushes. Failures are logged, never thrown:
   * the change is committed whatever happens to its broadcast. Resolves once the event is out (or given up).
   */
  publish(tenantId: number | null, plan: () => Promise<LiveSend[]> | LiveSend[]): Promise<void> {
    const key = tenantId ?? 0;
    return new Promise<void>((done) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.waiting.push({ plan, done });
        return;
      }
      const fresh = { waiting: [{ plan, done }], running: Promise.resolve() };
      this.queues.set(key, fresh);
      fresh.running = this.drain(key, tenantId, fresh.waiting);
    });
  }

  /** Sends the tenant's queued events, a batch at a time (whatever queued while the last batch took its seqs), until none is left. */
  private async drain(key: number, tenantId: number | null, waiting: Queued[]): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, waiting.length);
      // Plans run in publication order, each after the one before (a later plan reads no older state than an earlier one).
      const planned: { sends: LiveSend[]; item: Queued }[] = [];
      for (const item of batch) {
        try {
          const sends = (await item.plan()).filter((s) => s.to.length > 0);
          if (sends.length > 0 && this.server) planned.push({ sends, item });
          else item.done();
        } catch (e) {
          this.failed(e);
          item.done();
        }
      }
      if (planned.length === 0) continue;
      try {
        const last = await this.seqs.next(tenantId, planned.length);
        planned.forEach(({ sends }, i) => {
          for (const s of sends) this.emit(s, last - planned.length + 1 + i, tenantId);
        });
      } catch (e) {
        this.failed(e);
      }
      for (const { item } of planned) item.done();
    }
    this.queues.delete(key);
  }

  private failed(e: unknown): void {
    this.logger.error(`A live event was not delivered: ${(e as Error).message}`);
  }

  /** On shutdown, events already committed still go out (briefly awaited) while sockets and database are open. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.race([Promise.allSettled([...this.queues.values()].map((q) => q.running)), deadline(2_000)]);
  }

  /** Whether a socket on any replica is in `room` (one round trip through the adapter when there are several). */
  async anyoneIn(room: string): Promise<boolean> {
    if (!this.server) return false;
    return (await this.server.in(room).fetchSockets()).length > 0;
  }

  /** Moves the sockets in `room` (on every replica) out of `leave` and into `join`. */
  moveSockets(room: string, leave: readonly string[], join: readonly string[]): void {
    if (!this.server) return;
    if (leave.length > 0) this.server.in(room).socketsLeave([...leave]);
    if (join.length > 0) this.server.in(room).socketsJoin([...join]);
  }

  /** Closes the sockets in `room` (but not those in `except`) on every replica; they do not reconnect on their own. */
  disconnect(room: string, except: readonly string[] = []): void {
    this.server
      ?.in(room)
      .except([...except])
      .disconnectSockets(true);
  }

  private emit(s: LiveSend, seq: number, tenantId: number | null): void {
    // `to` is never empty here: an empty room list would mean everyone.
    const target = this.server!.to([...s.to]).except([...(s.except ?? [])]);
    const emit = target.emit.bind(target) as (event: LiveEventName, payload: unknown) => boolean;
    emit(s.event, { ...s.payload, seq, tenantId });
  }
}
