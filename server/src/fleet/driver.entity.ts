import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
} from 'typeorm';
import { Organization } from '../tenancy/organization.entity';
import { Tenant } from '../tenancy/tenant.entity';

/** A driver of a bus company's fleet (docs/domain.md, "Fleet"). Never deleted, like buses: `active = false` retires one. */
@Entity({ name: 'fleet_drivers' })
@Index('IDX_fleet_drivers_company', ['companyOrgId', 'name'])
export class FleetDriver {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;

  @Column({ name: 'company_org_id', type: 'int' })
  companyOrgId: number;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_org_id' })
  company?: Organization;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 50 })
  mobile: string;

  /** The last day the licence is valid (YYYY-MM-DD). */
  @Column({ name: 'licence_expiry', type: 'date' })
  licenceExpiry: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @VersionColumn({ type: 'int', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
