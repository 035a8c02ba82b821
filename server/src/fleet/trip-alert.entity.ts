import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Tenant } from '../tenancy/tenant.entity';
import { Trip } from '../trips/trip.entity';

/** `needsBus`: accepted with no bus close to departure; `busUnavailable`: its bus or driver clashes or is out of service. */
export type TripAlertKind = 'needsBus' | 'busUnavailable';

/**
 * An alert raised for a trip ("Needs a bus"): one row per trip and kind, so whichever replica inserts it first
 * sends the notification and every other replica's insert does nothing (ON CONFLICT DO NOTHING).
 */
@Entity({ name: 'trip_alerts' })
@Index('UQ_trip_alerts_trip_kind', ['tripId', 'kind'], { unique: true })
@Index('IDX_trip_alerts_tenant', ['tenantId', 'id'])
export class TripAlert {
  @PrimaryGeneratedColumn()
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

  @Column({ type: 'varchar', length: 20 })
  kind: TripAlertKind;

  @CreateDateColumn({ name: 'raised_at', type: 'timestamptz' })
  raisedAt: Date;
}
