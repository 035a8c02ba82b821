import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { ProgressStep } from '../contracts/progress-wire';
import { FleetDriver } from '../fleet/driver.entity';
import { Tenant } from '../tenancy/tenant.entity';
import { Trip } from '../trips/trip.entity';
import { User } from '../users/user.entity';

/**
 * One tap of a driver on the day of travel (docs/domain.md, "The day of travel"): a bus's step on a trip. Its id is
 * made by the driver's device, so a tap sent twice (a retry, an offline queue) is stored once. An undone step stays,
 * with `undoneAt` set, so the trip's timeline shows every tap.
 */
@Entity({ name: 'trip_progress_steps' })
@Index('IDX_trip_progress_steps_trip_received', ['tripId', 'receivedAt'])
export class TripProgressStep {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;

  @Column({ name: 'trip_id', type: 'int' })
  tripId: number;

  @ManyToOne(() => Trip, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trip_id' })
  trip?: Trip;

  /** The fleet driver whose bus took the step: a bus's progress is kept by its driver. */
  @Column({ name: 'driver_id', type: 'int' })
  driverId: number;

  @ManyToOne(() => FleetDriver, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'driver_id' })
  driver?: FleetDriver;

  @Column({ type: 'varchar', length: 20 })
  step: ProgressStep;

  /** Departed: the passengers counted on board. */
  @Column({ type: 'int', nullable: true })
  passengers: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  /** The device's clock at the tap, kept when the tap reached the server later (offline). */
  @Column({ name: 'device_at', type: 'timestamptz' })
  deviceAt: Date;

  /** When the server stored it: the order of a bus's steps, and the start of the undo window. */
  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;

  @Column({ name: 'undone_at', type: 'timestamptz', nullable: true })
  undoneAt: Date | null;

  @Column({ name: 'actor_id', type: 'int', nullable: true })
  actorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'actor_id' })
  actor?: User | null;

  /** The driver's name at the time, so the timeline reads right after a rename or a removed account. */
  @Column({ name: 'actor_name', type: 'varchar', length: 200 })
  actorName: string;
}
