import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { InvoiceKind, InvoiceLine } from '../contracts/invoices';
import { Trip } from '../trips/trip.entity';
import { User } from '../users/user.entity';

/**
 * An invoice (docs/domain.md, "Invoices"): issued once, never changed. `seq` is gap-free per company and year (the
 * counter below, taken in the issuing transaction); the unique key makes a number used twice impossible.
 */
@Entity({ name: 'invoices' })
@Unique('UQ_invoices_company_year_seq', ['companyOrgId', 'year', 'seq'])
@Index('UQ_invoices_trip_kind', ['tripId', 'kind'], { unique: true, where: `kind <> 'credit'` })
@Index('IDX_invoices_credits', ['creditsInvoiceId'])
@Index('IDX_invoices_tenant', ['tenantId', 'id'])
export class Invoice {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @Column({ name: 'company_org_id', type: 'int' })
  companyOrgId: number;

  @Column({ name: 'school_org_id', type: 'int' })
  schoolOrgId: number;

  @Column({ name: 'trip_id', type: 'int' })
  tripId: number;

  @ManyToOne(() => Trip, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trip_id', foreignKeyConstraintName: 'FK_invoices_trip' })
  trip?: Trip;

  @Column({ type: 'varchar', length: 20 })
  kind: InvoiceKind;

  /** A credit note's invoice (kind `credit`); null on invoices. */
  @Column({ name: 'credits_invoice_id', type: 'int', nullable: true })
  creditsInvoiceId: number | null;

  @ManyToOne(() => Invoice, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'credits_invoice_id', foreignKeyConstraintName: 'FK_invoices_credits' })
  credits?: Invoice;

  /** Why a credit note was issued; null on invoices. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  reason: string | null;

  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'int' })
  seq: number;

  @Column({ type: 'varchar', length: 30 })
  number: string;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'vat_basis_points', type: 'int' })
  vatBasisPoints: number;

  @Column({ type: 'jsonb' })
  lines: InvoiceLine[];

  @Column({ type: 'bigint' })
  subtotal: string;

  @Column({ type: 'bigint' })
  vat: string;

  @Column({ type: 'bigint' })
  total: string;

  @Column({ name: 'due_date', type: 'date' })
  dueDate: string;

  @CreateDateColumn({ name: 'issued_at', type: 'timestamptz' })
  issuedAt: Date;
}

/** The last invoice number a company used in a year: taken and bumped under its row lock by each issue. */
@Entity({ name: 'invoice_counters' })
export class InvoiceCounter {
  @PrimaryColumn({ name: 'company_org_id', type: 'int' })
  companyOrgId: number;

  @PrimaryColumn({ type: 'int' })
  year: number;

  @Column({ name: 'last_seq', type: 'int' })
  lastSeq: number;
}

/**
 * A payment towards an invoice, recorded by finance: an amount up to what was still owed, on a day, with its reference.
 * Kept apart so the invoice itself is never written again; an invoice paid in parts has one per part.
 */
@Entity({ name: 'invoice_payments' })
@Index('IDX_invoice_payments_invoice', ['invoiceId', 'id'])
export class InvoicePayment {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_invoice_payments' })
  id: number;

  @Column({ name: 'invoice_id', type: 'int' })
  invoiceId: number;

  @ManyToOne(() => Invoice, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invoice_id', foreignKeyConstraintName: 'FK_invoice_payments_invoice' })
  invoice?: Invoice;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @Column({ name: 'paid_on', type: 'date' })
  paidOn: string;

  @Column({ type: 'varchar', length: 100 })
  reference: string;

  @Column({ type: 'bigint' })
  amount: string;

  @Column({ name: 'recorded_by_id', type: 'int', nullable: true })
  recordedById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'recorded_by_id', foreignKeyConstraintName: 'FK_invoice_payments_recorded_by' })
  recordedBy?: User;

  @Column({ name: 'recorded_by', type: 'varchar', length: 200 })
  recordedByName: string;

  @CreateDateColumn({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt: Date;
}
