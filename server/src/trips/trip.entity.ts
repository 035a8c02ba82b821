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
import type { CancellationFeeDto, TripEstimate } from '../contracts/pricing';
import type { TripFormSnapshot } from '../contracts/trip-changes';
import type { BusAssignment, BusInfo, DriverInfo, TripStatus, TripType } from '../contracts/trip-wire';
import { Organization } from '../tenancy/organization.entity';
import { Tenant } from '../tenancy/tenant.entity';
import { User } from '../users/user.entity';

/**
 * A trip. Lists read it newest first within a tenant, a school, a bus company or a requester (the visibility rule,
 * docs/domain.md "Who sees what"): each has a partial index on (tenant, scope, id) over the trips that are not deleted;
 * the tenant leads because the visibility rule always names it, so a count of a school's trips reads the index alone.
 * The indexes marked `synchronize: false` are written by hand in migration TripListIndexes (expressions, INCLUDE,
 * trigram GIN, GiST), for the list filters and orders of contracts/trip-list.ts: see trips/README.md "Reading at scale";
 * `IDX_trips_tenant_status_live` lost its INCLUDE in migration TripHotUpdates (trips/README.md "Changes in place").
 */
@Entity({ name: 'trips' })
@Index('IDX_trips_tenant_live', ['tenantId', 'id'], { where: 'deleted = false' })
// Counting a tenant's trips (every page's total): one key repeated, so PostgreSQL stores it once per leaf (deduplication)
// and the count reads a third of the pages (tenant_id, id) would need.
@Index('IDX_trips_tenant_count', ['tenantId'], { where: 'deleted = false' })
@Index('IDX_trips_tenant_school_live', ['tenantId', 'schoolOrgId', 'id'], { where: 'deleted = false' })
@Index('IDX_trips_tenant_company_live', ['tenantId', 'busCompanyOrgId', 'id'], { where: 'deleted = false' })
@Index('IDX_trips_tenant_creator_live', ['tenantId', 'createdById', 'id'], { where: 'deleted = false' })
@Index('IDX_trips_tenant_date_live', { synchronize: false })
@Index('IDX_trips_school_date_live', { synchronize: false })
@Index('IDX_trips_date_live', { synchronize: false })
@Index('IDX_trips_tenant_status_live', { synchronize: false })
@Index('IDX_trips_search_live', { synchronize: false })
@Index('IDX_trips_days_live', { synchronize: false })
// The dispatch board reads a company's trips by date; the needs-a-bus check reads accepted trips by departure.
@Index('IDX_trips_bus_company_return', ['busCompanyOrgId', 'returnDate'], { where: 'deleted = false' })
@Index('IDX_trips_series', ['seriesId'], { where: 'series_id IS NOT NULL' })
@Index('IDX_trips_accepted_departure', ['departureDate'], { where: "deleted = false AND status = 'Accepted'" })
export class Trip {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;

  @Column({ name: 'school_org_id', type: 'int' })
  schoolOrgId: number;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'school_org_id' })
  schoolOrg?: Organization;

  /** The bus company that accepted the trip. */
  @Column({ name: 'bus_company_org_id', type: 'int', nullable: true })
  busCompanyOrgId: number | null;

  @ManyToOne(() => Organization, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'bus_company_org_id' })
  busCompany?: Organization | null;

  @Column({ name: 'created_by_id', type: 'int', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  creator?: User | null;

  /** The requester's name and e-mail when the trip was requested (`createdBy`, `createdByEmail` on the wire). */
  @Column({ name: 'created_by', type: 'varchar', length: 200 })
  createdBy: string;

  @Column({ name: 'created_by_email', type: 'varchar', length: 254 })
  createdByEmail: string;

  /** The school's budget code for the trip (its approval policy may require one). */
  @Column({ name: 'budget_code', type: 'varchar', length: 50, nullable: true })
  budgetCode: string | null;

  /** The one-way distance the requester gave, in kilometres (the estimate's basis). */
  @Column({ name: 'distance_km', type: 'int', nullable: true })
  distanceKm: number | null;

  /** The price before the request: the quote on the partner's rate card (contracts/pricing.ts), money in fils. */
  @Column({ type: 'jsonb', nullable: true })
  estimate: TripEstimate | null;

  /** When the cancellation was asked for (the school's wall clock, `YYYY-MM-DDTHH:mm`, and the instant): its fee counts from then. */
  @Column({ name: 'cancel_requested_wall', type: 'varchar', length: 16, nullable: true })
  cancelRequestedWall: string | null;

  @Column({ name: 'cancel_requested_at', type: 'timestamptz', nullable: true })
  cancelRequestedAt: Date | null;

  /** What cancelling cost, recorded when the trip was cancelled (contracts/pricing.ts `tripCancellationFee`). */
  @Column({ name: 'cancellation_fee', type: 'jsonb', nullable: true })
  cancellationFee: CancellationFeeDto | null;

  @Column({ name: 'trip_type', type: 'varchar', length: 40 })
  tripType: TripType;

  @Column({ name: 'custom_type', type: 'varchar', length: 100, nullable: true })
  customType: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  origin: string | null;

  @Column({ type: 'varchar', length: 200 })
  destination: string;

  @Column({ name: 'departure_date', type: 'date' })
  departureDate: string;

  @Column({ name: 'departure_time', type: 'varchar', length: 8 })
  departureTime: string;

  @Column({ name: 'return_date', type: 'date' })
  returnDate: string;

  @Column({ name: 'return_time', type: 'varchar', length: 8 })
  returnTime: string;

  @Column({ type: 'int' })
  students: number;

  @Column({ type: 'int', nullable: true })
  staff: number | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  notes: string | null;

  @Column({ name: 'booster_seats_requested', type: 'boolean', default: false })
  boosterSeatsRequested: boolean;

  @Column({ name: 'booster_seat_count', type: 'int', default: 0 })
  boosterSeatCount: number;

  @Column({ type: 'varchar', length: 20 })
  status: TripStatus;

  /** While a cancellation is requested: where a declined request returns to. */
  @Column({ name: 'status_before_cancel_request', type: 'varchar', length: 20, nullable: true })
  statusBeforeCancelRequest: TripStatus | null;

  @Column({ name: 'bus_info', type: 'jsonb', nullable: true })
  busInfo: BusInfo | null;

  @Column({ name: 'driver_info', type: 'jsonb', nullable: true })
  driverInfo: DriverInfo | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  buses: BusAssignment[];

  /** AED; node-postgres reads numeric as text, the mapper turns it into a number. */
  @Column({ type: 'numeric', precision: 12, scale: 2, default: 0 })
  price: string;

  @Column({ type: 'boolean', default: false })
  paid: boolean;

  @Column({ name: 'edit_request', type: 'boolean', default: false })
  editRequest: boolean;

  /** While an edit request waits: the form fields as they were before the school's first change (what changed is shown). */
  @Column({ name: 'edit_request_before', type: 'jsonb', nullable: true })
  editRequestBefore: TripFormSnapshot | null;

  @Column({ name: 'cancel_request', type: 'boolean', default: false })
  cancelRequest: boolean;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  /** The weekly series the trip was requested in (docs/domain.md, "A weekly series"); null for a trip requested alone. */
  @Column({ name: 'series_id', type: 'uuid', nullable: true })
  seriesId: string | null;

  /** Bumped by every UPDATE TypeORM builds; PATCH writes only `WHERE version = <the version read under lock>`. */
  @VersionColumn({ type: 'int', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
