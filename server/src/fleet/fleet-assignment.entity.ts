import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';
import { Trip } from '../trips/trip.entity';
import { FleetBus } from './bus.entity';
import { FleetDriver } from './driver.entity';

/**
 * Which fleet bus and driver a trip's bus assignment item names, with the trip's window (departure to return,
 * the school's wall-clock time): the index the clash check and the flags read, so they never scan trips' jsonb.
 * Rebuilt from `trips.buses` whenever a trip's buses or times change (TripFleet.sync), in the same transaction.
 * Whether the trip holds them now (its status) is read from the trip, so a status change needs no sync.
 */
@Entity({ name: 'fleet_assignments' })
@Index('IDX_fleet_assignments_trip', ['tripId'])
@Index('IDX_fleet_assignments_bus_end', ['busId', 'endsAt'], { where: 'bus_id IS NOT NULL' })
@Index('IDX_fleet_assignments_driver_end', ['driverId', 'endsAt'], { where: 'driver_id IS NOT NULL' })
export class FleetAssignment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'trip_id', type: 'int' })
  tripId: number;

  @ManyToOne(() => Trip, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trip_id' })
  trip?: Trip;

  /** The company whose fleet the bus and driver belong to: it holds them only while the trip is still that company's. */
  @Column({ name: 'company_org_id', type: 'int' })
  companyOrgId: number;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_org_id' })
  company?: Organization;

  @Column({ name: 'bus_id', type: 'int', nullable: true })
  busId: number | null;

  @ManyToOne(() => FleetBus, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'bus_id' })
  bus?: FleetBus | null;

  @Column({ name: 'driver_id', type: 'int', nullable: true })
  driverId: number | null;

  @ManyToOne(() => FleetDriver, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'driver_id' })
  driver?: FleetDriver | null;

  /** Departure, local wall-clock time. */
  @Column({ name: 'starts_at', type: 'timestamp' })
  startsAt: string;

  /** Return, local wall-clock time. */
  @Column({ name: 'ends_at', type: 'timestamp' })
  endsAt: string;
}
