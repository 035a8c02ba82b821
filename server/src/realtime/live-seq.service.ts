import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PLATFORM_SEQ_KEY } from '../contracts/events';

/** Counter key of events about platform accounts (tenantId null); tenant ids start at 1. */
const PLATFORM_STREAM = 0;

/** The per-tenant live-event counters (live_seqs), shared by every replica through the database. */
@Injectable()
export class LiveSeqService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Takes the tenant's next `count` numbers and answers the last of them (they are `last - count + 1` … `last`):
   * one statement, atomic across replicas.
   *
   * The statement commits without waiting for its WAL to reach the disk (`synchronous_commit` off for its own
   * transaction only): the number is on every console's path, and that wait was most of its cost. What a crash of
   * PostgreSQL can take back is the last fraction of a second of numbers, never a change (the change's own commit
   * waited): numbers handed out again are harmless, since a console applies every event whatever its seq and takes
   * a jump, not a repeat, for a loss.
   */
  async next(tenantId: number | null, count = 1): Promise<number> {
    const rows: { seq: string | number }[] = await this.db.query(
      `WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true))
       INSERT INTO live_seqs (tenant_id, seq) SELECT $1::int, $2::bigint FROM relaxed
       ON CONFLICT (tenant_id) DO UPDATE SET seq = live_seqs.seq + excluded.seq
       RETURNING seq`,
      [tenantId ?? PLATFORM_STREAM, count],
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
    const seq: Record<string, number> = {};
    for (const t of tenants) seq[String(t)] = 0;
    if (platform) seq[PLATFORM_SEQ_KEY] = 0;
    for (const row of rows) seq[row.tenant_id === PLATFORM_STREAM ? PLATFORM_SEQ_KEY : String(row.tenant_id)] = Number(row.seq);
    return seq;
  }
}
