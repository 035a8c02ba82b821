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
import type { BusType } from '../contracts/trip-wire';
import { Organization } from '../tenancy/organization.entity';
import { Tenant } from '../tenancy/tenant.entity';

/**
 * A bus of a bus company's fleet (docs/domain.md, "Fleet"). Never deleted: trips keep their assignments, so a bus leaves
 * service by `active = false`. Name and plate are unique within the company through their keys
 * (contracts/fleet-rules.ts `fleetNameKey`, `plateKey`), which the service fills.
 */
@Entity({ name: 'fleet_buses' })
@Index('UQ_fleet_buses_company_name', ['companyOrgId', 'nameKey'], { unique: true })
@Index('UQ_fleet_buses_company_plate', ['companyOrgId', 'plateKey'], { unique: true, where: 'plate_key IS NOT NULL' })
export class FleetBus {
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

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'name_key', type: 'varchar', length: 100 })
  nameKey: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  plate: string | null;

  @Column({ name: 'plate_key', type: 'varchar', length: 20, nullable: true })
  plateKey: string | null;

  @Column({ name: 'bus_type', type: 'varchar', length: 40 })
  busType: BusType;

  @Column({ type: 'int' })
  seats: number;

  @Column({ name: 'booster_seats', type: 'int', default: 0 })
  boosterSeats: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @VersionColumn({ type: 'int', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
