import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Tenant } from '../tenancy/tenant.entity';
import { User } from '../users/user.entity';
import { FleetDriver } from './driver.entity';

/**
 * A one-time sign-up link for a fleet driver (docs/domain.md, "Drivers"). Only the token's SHA-256 is kept, so the
 * table cannot be read back into working links. A link is open until it is used, voided by a newer one, or expires.
 */
@Entity({ name: 'driver_invites' })
@Index('IDX_driver_invites_driver', ['driverId'])
export class DriverInvite {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;

  @Column({ name: 'driver_id', type: 'int' })
  driverId: number;

  @ManyToOne(() => FleetDriver, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'driver_id' })
  driver?: FleetDriver;

  /** SHA-256 of the token, lower-case hex. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  /** The e-mail the dispatcher gave: the sign-up page offers it, the driver may change it. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ name: 'created_by_id', type: 'int', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy?: User | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  /** Set when a newer invitation for the same driver replaced this one. */
  @Column({ name: 'voided_at', type: 'timestamptz', nullable: true })
  voidedAt: Date | null;
}
