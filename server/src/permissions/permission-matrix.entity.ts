import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PermissionSet } from '../contracts/permissions';
import { Tenant } from '../tenancy/tenant.entity';

export type StoredRole = { role: string } & PermissionSet;

/** One tenant's role matrix: saved whole by an admin, so a row per tenant keeps each save atomic. */
@Entity({ name: 'permission_matrices' })
export class PermissionMatrix {
  @PrimaryColumn({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @OneToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;

  /** An ordered list, since jsonb does not keep an object's key order and the editor shows roles as they were added. */
  @Column({ type: 'jsonb' })
  roles: StoredRole[];

  @Column({ name: 'updated_by_id', type: 'int', nullable: true })
  updatedById: number | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
