import type { EmailNoticePrefs } from '../contracts/notices';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role, UserStatus } from '../contracts/roles';
import { FleetDriver } from '../fleet/driver.entity';
import { Organization } from '../tenancy/organization.entity';
import { Tenant } from '../tenancy/tenant.entity';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  /** null only for platform admins. */
  @Index()
  @Column({ name: 'tenant_id', type: 'int', nullable: true })
  tenantId: number | null;

  @ManyToOne(() => Tenant, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant | null;

  @Column({ name: 'active_org_id', type: 'int', nullable: true })
  activeOrgId: number | null;

  @ManyToOne(() => Organization, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'active_org_id' })
  activeOrg?: Organization | null;

  /**
   * A driver's fleet driver (role `driver` only; docs/domain.md, "Drivers"): one account per driver, made by the
   * driver's invitation. Taking the driver out of service ends the account's sessions and refuses its sign-in.
   */
  @Index('UQ_users_fleet_driver', { unique: true, where: 'fleet_driver_id IS NOT NULL' })
  @Column({ name: 'fleet_driver_id', type: 'int', nullable: true })
  fleetDriverId: number | null;

  @ManyToOne(() => FleetDriver, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'fleet_driver_id' })
  fleetDriver?: FleetDriver | null;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Stored lower-cased and trimmed. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  /**
   * Sign-in tokens carry the generation they were issued in; a password change moves it on, which ends every
   * token of the user but the one in `sessionKeptJti` (the session that made the change).
   */
  @Column({ name: 'session_generation', type: 'int', default: 0 })
  sessionGeneration: number;

  @Column({ name: 'session_kept_jti', type: 'uuid', nullable: true })
  sessionKeptJti: string | null;

  @Column({ type: 'varchar', length: 40 })
  role: Role;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: UserStatus;

  /** Which notices the user takes by e-mail, as they chose them (null: never chose, every notice on). */
  @Column({ name: 'email_notices', type: 'jsonb', nullable: true })
  emailNotices: Partial<EmailNoticePrefs> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
