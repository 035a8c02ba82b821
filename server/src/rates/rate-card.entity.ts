import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { CancellationTier, RateLine } from '../contracts/rates';
import { Organization } from '../tenancy/organization.entity';
import { User } from '../users/user.entity';

/**
 * One version of a bus company's rate card (docs/domain.md, "Rate cards"). Rows are only ever inserted: a change is the
 * next version, so a quote can keep pointing at the card it was priced with. Money is integer fils inside `lines`.
 */
@Entity({ name: 'rate_cards' })
@Unique('UQ_rate_cards_company_version', ['companyOrgId', 'version'])
export class RateCard {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @Column({ name: 'company_org_id', type: 'int' })
  companyOrgId: number;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_org_id', foreignKeyConstraintName: 'FK_rate_cards_company' })
  company?: Organization;

  @Column({ type: 'int' })
  version: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'vat_basis_points', type: 'int' })
  vatBasisPoints: number;

  /** Days from an invoice's issue to its due date. */
  @Column({ name: 'due_days', type: 'int', default: 30 })
  dueDays: number;

  @Column({ type: 'jsonb' })
  lines: RateLine[];

  @Column({ name: 'cancellation_tiers', type: 'jsonb' })
  cancellationTiers: CancellationTier[];

  @Column({ name: 'created_by_id', type: 'int', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id', foreignKeyConstraintName: 'FK_rate_cards_created_by' })
  createdBy?: User | null;

  /** The author's name as it was, kept when the account is removed. */
  @Column({ name: 'created_by', type: 'varchar', length: 200 })
  createdByName: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
