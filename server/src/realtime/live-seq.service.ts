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
   */
  async next(tenantId: number | null, count = 1): Promise<number> {
    const rows: { seq: string | number }[] = await this.db.query(
      `INSERT INTO live_seqs (tenant_id, seq) VALUES ($1, $2)
       ON CONFLICT (tenant_id) DO UPDATE SET seq = live_seqs.seq + $2
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
