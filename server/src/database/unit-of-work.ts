import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
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

/**
 * The one way a change leaves a service: `run` opens a transaction, hands the work a {@link Work}, and after the
 * COMMIT publishes what the work collected, in order (see docs/architecture.md, "A change, from request to every
 * console"). A follow-up that fails is logged, never turned into a failed request: the change has committed.
 */
@Injectable()
export class UnitOfWork {
  private readonly log = new Logger(UnitOfWork.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: DomainEvents,
  ) {}

  async run<T>(work: (unit: Work) => Promise<T>): Promise<T> {
    const pending: Array<() => unknown> = [];
    const result = await this.db.transaction((tx) =>
      work({
        tx,
        publish: (name, payload) => pending.push(() => this.events.publish(name, payload)),
        afterCommit: (step) => pending.push(step),
      }),
    );
    for (const step of pending) this.settle(step);
    return result;
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
