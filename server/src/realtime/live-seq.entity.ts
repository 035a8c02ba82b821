import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The live-event counter of one tenant (`seq` of every event, contracts/events.ts). Kept in the
 * database so every replica draws from the same counter and it survives restarts; tenant 0 counts
 * events about platform accounts. No foreign key: a counter may outlive nothing it refers to.
 */
@Entity({ name: 'live_seqs' })
export class LiveSeq {
  @PrimaryColumn({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @Column({ type: 'bigint', default: 0 })
  seq: string;
}
