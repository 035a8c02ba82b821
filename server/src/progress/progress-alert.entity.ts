import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Tenant } from '../tenancy/tenant.entity';
import { Trip } from '../trips/trip.entity';

/** Why a bus was flagged on the day of travel: one of the late kinds, or the trip's departure count. */
export type ProgressAlertKind = 'acknowledge' | 'departure' | 'return' | 'departureCount';

/**
 * An alert raised on the day of travel: a bus late (per driver and late kind) or the trip's departure count differing
 * from its passenger list (`driverId` 0: the trip as a whole). One row per trip, driver and kind, ever, so whichever
 * replica inserts it first sends the notification and every other insert does nothing (ON CONFLICT DO NOTHING).
 *
 * The ids come from `trip_alerts`' sequence: a notification's id is then unique across both kinds of alert, and the
 * bell can order them all by id.
 */
@Entity({ name: 'progress_alerts' })
@Index('UQ_progress_alerts_trip_driver_kind', ['tripId', 'driverId', 'kind'], { unique: true })
@Index('IDX_progress_alerts_tenant', ['tenantId', 'id'])
export class ProgressAlert {
  @PrimaryColumn({ type: 'int', default: () => "nextval('trip_alerts_id_seq')" })
  id: number;

  @Column({ name: 'trip_id', type: 'int' })
  tripId: number;

  @ManyToOne(() => Trip, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trip_id' })
  trip?: Trip;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;

  /** The fleet driver whose bus is late; 0 for the trip as a whole (the departure count). */
  @Column({ name: 'driver_id', type: 'int' })
  driverId: number;

  @Column({ type: 'varchar', length: 20 })
  kind: ProgressAlertKind;

  @CreateDateColumn({ name: 'raised_at', type: 'timestamptz' })
  raisedAt: Date;
}
