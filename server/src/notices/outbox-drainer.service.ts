import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { BackgroundWork } from '../database/background-work';
import { DatabaseBootstrap } from '../database/database-bootstrap';
import { writeWithNext } from '../database/unit-of-work';
import { Mailer } from './mailer';

/** Messages claimed per transaction. */
const BATCH = 20;
/** Tries before a message is given up (logged, left unsent in the table). */
export const MAX_ATTEMPTS = 10;
/** After the n-th failure, wait 30 s × 2^(n−1), at most an hour. */
export const retryDelaySeconds = (failures: number): number => Math.min(3600, 30 * 2 ** Math.max(0, failures - 1));

interface Claimed {
  id: number;
  to_email: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/** What one drain did. */
export interface DrainResult {
  sent: number;
  failed: number;
}

/**
 * Sends the outbox (notices/README.md). Every replica drains every MAIL_DRAIN_SECONDS (an unref'd timer, from
 * `bootstrap.ready`, stopped on shutdown) and right after a change that queued mail. A drain claims due rows with
 * FOR UPDATE SKIP LOCKED in a transaction, sends each, and marks them sent (together) or failed (to retry later) before
 * the COMMIT: another replica skips the rows it holds, so each message goes once. The change that queued a message never
 * waits for the mail server. MAIL_DRAIN_SECONDS=0: this replica sends nothing by itself (`drain` still works).
 */
@Injectable()
export class OutboxDrainer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly work = new BackgroundWork((e) => this.logger.error(`The mail drain failed: ${(e as Error).message}`));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly mailer: Mailer,
    private readonly bootstrap: DatabaseBootstrap,
  ) {}

  onApplicationBootstrap(): void {
    this.work.every(this.config.mail.drainSeconds, this.bootstrap.ready, () => this.drain());
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.work.stop();
  }

  /** Asks for a drain after the one running (one at a time on this replica); nothing when draining is off. */
  soon(): void {
    if (this.config.mail.drainSeconds === 0) return;
    this.work.soon(() => this.drain());
  }

  /** Sends everything due now, a batch per transaction, until a batch comes back short. */
  async drain(): Promise<DrainResult> {
    const total: DrainResult = { sent: 0, failed: 0 };
    for (;;) {
      const batch = await this.db.transaction((tx) => this.batch(tx));
      total.sent += batch.sent;
      total.failed += batch.failed;
      if (batch.claimed < BATCH || this.work.isStopped) return total;
    }
  }

  private async batch(tx: EntityManager): Promise<DrainResult & { claimed: number }> {
    const rows: Claimed[] = await tx.query(
      `SELECT id, to_email, subject, text, html, attempts FROM outbox_messages
        WHERE sent_at IS NULL AND attempts < $1 AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      [MAX_ATTEMPTS],
    );
    const sent: number[] = [];
    let failed = 0;
    for (const row of rows) {
      try {
        await this.mailer.send({ to: row.to_email, subject: row.subject, text: row.text, html: row.html });
        sent.push(row.id);
      } catch (e) {
        await this.failed(tx, row, e);
        failed++;
      }
    }
    // The batch's sent messages marked in one statement, sent with the COMMIT: a mark commits with the transaction
    // either way, so marking each as it goes would hold no more than this and cost a round trip per message.
    if (sent.length > 0) {
      await writeWithNext(
        tx,
        'UPDATE outbox_messages SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::int[])',
        [sent],
      );
    }
    return { sent: sent.length, failed, claimed: rows.length };
  }

  private async failed(tx: EntityManager, row: Claimed, e: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
    await tx.query(
      `UPDATE outbox_messages SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
      [row.id, attempts, error, retryDelaySeconds(attempts)],
    );
    if (attempts >= MAX_ATTEMPTS) this.logger.error(`Gave up on message ${row.id} to ${row.to_email} after ${attempts} attempts: ${error}`);
    else this.logger.warn(`Message ${row.id} to ${row.to_email} not sent (attempt ${attempts}): ${error}`);
  }
}
