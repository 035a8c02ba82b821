import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { BusAssignment } from '../contracts/trip-wire';
import { User } from '../users/user.entity';
import { Trip } from './trip.entity';

/** A set of buses recorded for a trip each time buses are assigned: the buses as sent. */
@Entity({ name: 'trip_subtrips' })
@Index(['tripId', 'createdAt'])
export class Subtrip {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'trip_id', type: 'int' })
  tripId: number;

  @ManyToOne(() => Trip, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trip_id' })
  trip?: Trip;

  @Column({ type: 'jsonb' })
  buses: BusAssignment[];

  @Column({ name: 'created_by_id', type: 'int', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  creator?: User | null;

  @Column({ name: 'created_by', type: 'varchar', length: 200 })
  createdBy: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
