import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ApprovalKind, ApprovalState } from '../contracts/approvals';
import type { TripEstimate } from '../contracts/pricing-wire';
import type { TripFormFields } from '../contracts/trip-wire';
import { Trip } from '../trips/trip.entity';

/**
 * A held change: the form fields it changes, as it would leave them, and, where it moves the price, the estimate they
 * quote (null: the change takes the estimate away, its distance cleared). What the approver is asked to agree to.
 */
export type ProposedChange = Partial<TripFormFields> & { estimate?: TripEstimate | null };

/**
 * One pass of a request, or of a change to a trip a bus company holds, through its school's approval steps (docs/domain.md,
 * "Approval at the school"). At most one per trip is open (waiting for an approver, or sent back for changes): the
 * partial unique index says so. Closed ones stay as the record of what was decided.
 */
@Entity({ name: 'trip_approvals' })
@Index('UQ_trip_approvals_open', ['tripId'], { unique: true, where: "state IN ('waiting', 'changesRequested')" })
// An approver's count and list: the waiting approvals of a tenant.
@Index('IDX_trip_approvals_waiting', ['tenantId', 'schoolOrgId'], { where: "state = 'waiting'" })
export class TripApproval {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @Column({ name: 'trip_id', type: 'int' })
  tripId: number;

  @ManyToOne(() => Trip, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trip_id', foreignKeyConstraintName: 'FK_trip_approvals_trip' })
  trip?: Trip;

  @Column({ name: 'school_org_id', type: 'int' })
  schoolOrgId: number;

  @Column({ type: 'varchar', length: 10 })
  kind: ApprovalKind;

  @Column({ type: 'varchar', length: 20 })
  state: ApprovalState;

  @Column({ type: 'int' })
  step: number;

  @Column({ type: 'int' })
  steps: number;

  /**
   * A change: the form fields it changes, as it would leave them (applied only once approved, over whatever else was
   * edited meanwhile, and quoted again then), with the estimate they quoted when asked.
   */
  @Column({ type: 'jsonb', nullable: true })
  proposed: ProposedChange | null;

  @Column({ name: 'requested_by_id', type: 'int', nullable: true })
  requestedById: number | null;

  @Column({ name: 'requested_by', type: 'varchar', length: 200 })
  requestedBy: string;

  /** When it was submitted (or resubmitted): the expiry counts from here. */
  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt: Date;

  /** Since when it waits at its step: the reminder counts from here. */
  @Column({ name: 'step_since', type: 'timestamptz' })
  stepSince: Date;

  /** The step whose approvers were reminded: a reminder goes once per step, whatever the number of replicas. */
  @Column({ name: 'reminded_step', type: 'int', nullable: true })
  remindedStep: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  comment: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
