import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BookingPoint, BookingStatus } from '../contracts/bookings';
import { Organization } from '../tenancy/organization.entity';
import { Tenant } from '../tenancy/tenant.entity';
import { User } from '../users/user.entity';

/** The booking form's payload: an extra bus booking, requested by a school (or an admin / trip manager). */
@Entity({ name: 'bookings' })
@Index(['tenantId', 'createdAt'])
export class Booking {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;

  /** The requester's school; null when an admin or trip manager books without naming one. */
  @Index()
  @Column({ name: 'school_org_id', type: 'int', nullable: true })
  schoolOrgId: number | null;

  @ManyToOne(() => Organization, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'school_org_id' })
  schoolOrg?: Organization | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  title: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  purpose: string | null;

  /** Start date, YYYY-MM-DD (the pg driver returns `date` columns as text). */
  @Column({ type: 'date' })
  date: string;

  @Column({ name: 'start_time', type: 'varchar', length: 8 })
  startTime: string;

  @Column({ name: 'end_date', type: 'date' })
  endDate: string;

  @Column({ name: 'end_time', type: 'varchar', length: 8 })
  endTime: string;

  @Column({ name: 'duration_minutes', type: 'int', nullable: true })
  durationMinutes: number | null;

  @Column({ type: 'int', default: 0 })
  students: number;

  @Column({ type: 'int', default: 0 })
  adults: number;

  @Column({ name: 'pickup_points', type: 'jsonb', default: () => "'[]'" })
  pickupPoints: BookingPoint[];

  @Column({ name: 'dropoff_points', type: 'jsonb', default: () => "'[]'" })
  dropoffPoints: BookingPoint[];

  @Column({ name: 'buses_requested', type: 'int', nullable: true })
  busesRequested: number | null;

  @Column({ name: 'bus_type', type: 'varchar', length: 100, nullable: true })
  busType: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** The requester's name and e-mail at the time of the request (createdBy, createdByEmail on the wire). */
  @Column({ name: 'created_by', type: 'varchar', length: 200 })
  createdBy: string;

  @Column({ name: 'created_by_email', type: 'varchar', length: 254 })
  createdByEmail: string;

  @Index()
  @Column({ name: 'created_by_id', type: 'int', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  creator?: User | null;

  @Column({ type: 'varchar', length: 20, default: 'Requested' })
  status: BookingStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
