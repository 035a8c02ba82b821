import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { Trip } from './trip.entity';

/** A person on a trip (docs/domain.md, "Passengers, subtrips, payment"). */
@Entity({ name: 'trip_passengers' })
@Index(['tripId', 'id'])
export class Passenger {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'trip_id', type: 'int' })
  tripId: number;

  @ManyToOne(() => Trip, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trip_id' })
  trip?: Trip;

  @Column({ name: 'full_name', type: 'varchar', length: 200 })
  fullName: string;

  @Column({ name: 'guardian_name', type: 'varchar', length: 200, nullable: true })
  guardianName: string | null;

  @Column({ name: 'guardian_phone', type: 'varchar', length: 50, nullable: true })
  guardianPhone: string | null;

  @Column({ name: 'pickup_point', type: 'varchar', length: 200, nullable: true })
  pickupPoint: string | null;

  @Column({ name: 'dropoff_point', type: 'varchar', length: 200, nullable: true })
  dropoffPoint: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  notes: string | null;

  @Column({ name: 'checked_in', type: 'boolean', default: false })
  checkedIn: boolean;

  @Column({ name: 'created_by_id', type: 'int', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  creator?: User | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
