import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { InvoiceKind, InvoiceLine } from '../contracts/invoices';
import { Trip } from '../trips/trip.entity';

/**
 * An invoice (docs/domain.md, "Invoices"): issued once, never changed. `seq` is gap-free per company and year (the
 * counter below, taken in the issuing transaction); the unique key makes a number used twice impossible.
 */
@Entity({ name: 'invoices' })
@Unique('UQ_invoices_company_year_seq', ['companyOrgId', 'year', 'seq'])
@Unique('UQ_invoices_trip_kind', ['tripId', 'kind'])
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
