import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EventEmitter } from 'node:events';
import { DomainEvents, type DomainEventMap, type DomainEventName } from '../common/domain-events';

/**
 * One change in progress: the transaction's EntityManager, and the events and follow-ups it causes. Both wait
 * for the commit: on rollback they are dropped, so no console ever hears of a change the database does not hold.
 */
export interface Work {
  /** The transaction's manager. Inside a unit only this manager is used (PGlite has a single session). */
  readonly tx: EntityManager;
  /** Announces a domain event once the transaction has committed (in the order published). */
  publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void;
  /** Runs `step` once the transaction has committed, after the events published before it. */
  afterCommit(step: () => unknown): void;
}

/** An event a unit published, as a before-commit hook sees it. */
export type PublishedEvent = { [K in DomainEventName]: { name: K; payload: DomainEventMap[K] } }[DomainEventName];

/**
 * Runs inside the transaction, after the work and before COMMIT, with the events the work published: what it writes
 * commits or rolls back with the change (the e-mail outbox, docs/domain.md "Notifications"). `afterCommit` and
 * `publish` are the unit's own: a follow-up or an event of the hook's (an invoice it issued) goes out after the commit
 * like the work's. A hook that throws fails the change, like the work would.
 */
export type BeforeCommitHook = (
  tx: EntityManager,
  events: readonly PublishedEvent[],
  unit: Pick<Work, 'afterCommit' | 'publish'>,
) => Promise<unknown>;

/** A transaction's connection that can hold a write for its next statement (PreparingClient, the PGlite pool's client). */
interface HoldsWrites {
  later(sql: string, params: unknown[]): void;
}

/**
 * Queues a write whose answer nobody reads (an INSERT, UPDATE or DELETE without RETURNING) to go with the transaction's
 * next statement, its COMMIT when nothing follows (docs/architecture.md, "Writes that go with the COMMIT"): on
 * PostgreSQL one round trip fewer. It runs in its place, before that statement; if it fails, that statement fails with
 * its error, so a change whose queued write fails is rolled back as if it had been awaited.
 */
export async function writeWithNext(tx: EntityManager, sql: string, params: unknown[]): Promise<void> {
  const runner = tx.queryRunner;
  // Outside a transaction there is no next statement to wait for.
  const connection = runner?.isTransactionActive ? ((await runner.connect()) as Partial<HoldsWrites>) : null;
  if (typeof connection?.later === 'function') connection.later(sql, params);
  else await tx.query(sql, params);
}

/**
 * What a committed unit changed of the facts the sign-in check reads: users by id, signed-out tokens by id. The
 * database names them itself, in a NOTICE from the statement that changed them (migration SessionChanges).
 */
export interface SessionChanges {
  users: number[];
  tokens: string[];
}

/** Told of a unit's session changes after its commit; the unit answers only once every listener has settled. */
export type SessionChangeListener = (changes: SessionChanges) => Promise<void>;

/** The notice the session-change triggers raise: message `session change`, detail `u12,t<uuid>`. */
interface Notice {
  message?: string;
  detail?: string;
}

/**
 * The one way a change leaves a service: `run` opens a transaction, hands the work a {@link Work}, and after the
 * COMMIT publishes what the work collected, in order (see docs/architecture.md, "A change, from request to every
 * console"). A follow-up that fails is logged, never turned into a failed request: the change has committed.
 * Modules register before-commit hooks on start (`beforeCommit`), so this folder imports no feature.
 */
@Injectable()
export class UnitOfWork {
  private readonly log = new Logger(UnitOfWork.name);
  private readonly hooks: BeforeCommitHook[] = [];
  private readonly sessionListeners: SessionChangeListener[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: DomainEvents,
  ) {}

  /** Registers a hook run in every unit that published an event; answers a function that removes it. */
  beforeCommit(hook: BeforeCommitHook): () => void {
    this.hooks.push(hook);
    return () => {
      const at = this.hooks.indexOf(hook);
      if (at >= 0) this.hooks.splice(at, 1);
    };
  }

  /**
   * Registers a listener for the sign-in facts a unit changed (the session cache's invalidation); answers a function
   * that removes it. The change answers its caller only after every listener has settled.
   */
  onSessionChanges(listener: SessionChangeListener): () => void {
    this.sessionListeners.push(listener);
    return () => {
      const at = this.sessionListeners.indexOf(listener);
      if (at >= 0) this.sessionListeners.splice(at, 1);
    };
  }

  async run<T>(work: (unit: Work) => Promise<T>): Promise<T> {
    const pending: Array<() => unknown> = [];
    const published: PublishedEvent[] = [];
    const afterCommit = (step: () => unknown) => pending.push(step);
    const publish: Work['publish'] = (name, payload) => {
      published.push({ name, payload } as PublishedEvent);
      pending.push(() => this.events.publish(name, payload));
    };
    const users = new Set<number>();
    const tokens = new Set<string>();
    const noted = ({ message, detail }: Notice) => {
      if (message !== 'session change' || !detail) return;
      for (const item of detail.split(',')) {
        if (item.startsWith('u')) users.add(Number(item.slice(1)));
        else if (item.startsWith('t')) tokens.add(item.slice(1));
      }
    };
    const result = await this.db.transaction(async (tx) => {
      // The transaction's own connection (pg's Client, or the PGlite pool's): its notices are this unit's alone.
      const connection = (await tx.queryRunner!.connect()) as EventEmitter;
      connection.on('notice', noted);
      try {
        const answer = await work({ tx, publish, afterCommit });
        // The hooks see the work's events as they were when the work ended (not those the hooks publish themselves).
        const events = [...published];
        if (events.length > 0) for (const hook of [...this.hooks]) await hook(tx, events, { afterCommit, publish });
        return answer;
      } finally {
        connection.off('notice', noted);
      }
    });
    if (users.size > 0 || tokens.size > 0) await this.announce({ users: [...users], tokens: [...tokens] });
    for (const step of pending) this.settle(step);
    return result;
  }

  private async announce(changes: SessionChanges): Promise<void> {
    await Promise.all(
      this.sessionListeners.map((listener) =>
        listener(changes).catch((e: unknown) =>
          this.log.error(`session change listener failed: ${e instanceof Error ? e.message : String(e)}`),
        ),
      ),
    );
  }

  private settle(step: () => unknown): void {
    const failed = (e: unknown) => this.log.error(`after-commit step failed: ${e instanceof Error ? e.message : String(e)}`);
    try {
      const outcome = step();
      if (outcome instanceof Promise) outcome.catch(failed);
    } catch (e) {
      failed(e);
    }
  }
}
