import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ApprovalStep } from '../contracts/approvals';
import { Organization } from '../tenancy/organization.entity';

/**
 * A school's approval policy (docs/domain.md, "Approval at the school"): one row per school that ever had one; a school
 * without a row has none (requests go straight to the bus company). `version` guards concurrent edits.
 */
@Entity({ name: 'approval_policies' })
export class ApprovalPolicy {
  @PrimaryColumn({ name: 'school_org_id', type: 'int' })
  schoolOrgId: number;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'school_org_id', foreignKeyConstraintName: 'FK_approval_policies_school' })
  school?: Organization;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  /** 0 to 2 steps, each `{approverIds, aboveFils}`. */
  @Column({ type: 'jsonb' })
  steps: ApprovalStep[];

  @Column({ name: 'budget_code_required', type: 'boolean', default: false })
  budgetCodeRequired: boolean;

  @Column({ name: 'reminder_days', type: 'int' })
  reminderDays: number;

  @Column({ name: 'expiry_days', type: 'int' })
  expiryDays: number;

  @Column({ type: 'int' })
  version: number;

  @Column({ name: 'updated_by_id', type: 'int', nullable: true })
  updatedById: number | null;

  @Column({ name: 'updated_by', type: 'varchar', length: 200 })
  updatedBy: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
