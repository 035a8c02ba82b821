import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { PLATFORM_SEQ_KEY } from '../contracts/events';

/** Counter key of events about platform accounts (tenantId null); tenant ids start at 1. */
const PLATFORM_STREAM = 0;

/**
 * The per-tenant live-event counters (live_seqs).
 *
 * On PostgreSQL every replica takes its numbers from the table, so they are one counter across replicas.
 *
 * On the embedded database one process owns the database (PGlite is a single session in this process), so the
 * counters are held in memory: a number is taken without a call into the database, and the event leaves at its
 * commit instead of one call later. Each tenant's counter is read from the table on its first use and written back
 * behind the events (every number taken is in the table within a turn of the event loop, and on shutdown). A crash
 * can lose only the numbers of the last turn, which are then handed out again: harmless, as with PostgreSQL's relaxed
 * commit below (a console applies every event whatever its seq, and takes a jump, not a repeat, for a loss).
 */
@Injectable()
export class LiveSeqService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  /** Embedded database only: each tenant's last number handed out, once read from the table. */
  private readonly held: Map<number, number> | null;
  private readonly loading = new Map<number, Promise<void>>();
  /** Counters taken from since they were last written back. */
  private readonly owed = new Set<number>();
  private writing: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.held = config.databaseUrl ? null : new Map();
  }

  /**
   * Takes the tenant's next `count` numbers and answers the last of them (they are `last - count + 1` … `last`),
   * atomic across replicas.
   *
   * On PostgreSQL, one statement that commits without waiting for its WAL to reach the disk (`synchronous_commit` off
   * for its own transaction only): the number is on every console's path, and that wait was most of its cost. What a
   * crash of PostgreSQL can take back is the last fraction of a second of numbers, never a change (the change's own
   * commit waited): numbers handed out again are harmless, since a console applies every event whatever its seq and
   * takes a jump, not a repeat, for a loss.
   */
  async next(tenantId: number | null, count = 1): Promise<number> {
    const key = tenantId ?? PLATFORM_STREAM;
    if (this.held) {
      if (!this.held.has(key)) await this.load(key);
      const last = this.held.get(key)! + count;
      this.held.set(key, last);
      this.owe(key);
      return last;
    }
    const rows: { seq: string | number }[] = await this.db.query(
      `WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true))
       INSERT INTO live_seqs (tenant_id, seq) SELECT $1::int, $2::bigint FROM relaxed
       ON CONFLICT (tenant_id) DO UPDATE SET seq = live_seqs.seq + excluded.seq
       RETURNING seq`,
      [key, count],
    );
    return Number(rows[0].seq);
  }

  /**
   * The latest number of each tenant given ('platform': every tenant, and the platform stream), keyed
   * as HelloPayload.seq is: tenant id, or `platform`. A tenant without events yet is at 0.
   */
  async current(tenants: readonly number[], platform: boolean): Promise<Record<string, number>> {
    const rows: { tenant_id: number; seq: string | number }[] = platform
      ? await this.db.query(`SELECT tenant_id, seq FROM live_seqs`)
      : tenants.length === 0
        ? []
        : await this.db.query(`SELECT tenant_id, seq FROM live_seqs WHERE tenant_id = ANY($1::int[])`, [tenants]);
    const latest = new Map<number, number>();
    for (const t of tenants) latest.set(t, 0);
    if (platform) latest.set(PLATFORM_STREAM, 0);
    for (const row of rows) latest.set(row.tenant_id, Number(row.seq));
    // Numbers handed out here and not yet written back.
    for (const [key, seq] of this.held ?? []) {
      if (platform || latest.has(key)) latest.set(key, Math.max(latest.get(key) ?? 0, seq));
    }
    const seq: Record<string, number> = {};
    for (const [key, n] of latest) seq[key === PLATFORM_STREAM ? PLATFORM_SEQ_KEY : String(key)] = n;
    return seq;
  }

  /** Writes back what is owed before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.writing;
    if (this.owed.size > 0) {
      await this.writeBack().catch((e: unknown) =>
        this.logger.error(`The live event numbers were not written back: ${(e as Error).message}`),
      );
    }
  }

  /** Reads a counter from the table once (two first uses at once share the read). */
  private load(key: number): Promise<void> {
    let loading = this.loading.get(key);
    if (!loading) {
      loading = (async () => {
        const rows: { seq: string | number }[] = await this.db.query(`SELECT seq FROM live_seqs WHERE tenant_id = $1`, [key]);
        if (!this.held!.has(key)) this.held!.set(key, rows.length > 0 ? Number(rows[0].seq) : 0);
      })().finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  /** Marks a counter to write back, in the next turn of the event loop (after the event has left). */
  private owe(key: number): void {
    this.owed.add(key);
    this.writeSoon(0);
  }

  /** One write at a time; numbers taken while it runs go in the next. After a failure, again a second later. */
  private writeSoon(afterMs: number): void {
    if (this.writing) return;
    let failed = false;
    this.writing = new Promise<void>((resolve) => (afterMs > 0 ? setTimeout(resolve, afterMs).unref() : setImmediate(resolve)))
      .then(() => this.writeBack())
      .catch((e: unknown) => {
        failed = true;
        this.logger.error(`The live event numbers were not written back: ${(e as Error).message}`);
      })
      .finally(() => {
        this.writing = null;
        if (this.owed.size > 0) this.writeSoon(failed ? 1_000 : 0);
      });
  }

  /** One statement for every counter owed; a counter never goes back (a write that lost a race keeps the higher). */
  private async writeBack(): Promise<void> {
    const keys = [...this.owed];
    this.owed.clear();
    try {
      await this.db.query(
        `INSERT INTO live_seqs (tenant_id, seq) SELECT * FROM unnest($1::int[], $2::bigint[])
         ON CONFLICT (tenant_id) DO UPDATE SET seq = GREATEST(live_seqs.seq, excluded.seq)`,
        [keys, keys.map((k) => this.held!.get(k)!)],
      );
    } catch (e) {
      for (const k of keys) this.owed.add(k);
      throw e;
    }
  }
}
