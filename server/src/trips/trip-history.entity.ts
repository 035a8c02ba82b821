import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { TripHistoryAction, TripStatus } from '../contracts/trip-wire';
import { User } from '../users/user.entity';
import { Trip } from './trip.entity';

/** One change to a trip, written in the same transaction as the change (docs/domain.md, "Concurrency and history"). */
@Entity({ name: 'trip_history' })
@Index(['tripId', 'id'])
export class TripHistory {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'trip_id', type: 'int' })
  tripId: number;

  @ManyToOne(() => Trip, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trip_id' })
  trip?: Trip;

  @Column({ type: 'varchar', length: 30 })
  action: TripHistoryAction;

  @Column({ name: 'from_status', type: 'varchar', length: 20, nullable: true })
  fromStatus: TripStatus | null;

  @Column({ name: 'to_status', type: 'varchar', length: 20, nullable: true })
  toStatus: TripStatus | null;

  /** Wire names of the changed fields. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  fields: string[];

  @Column({ name: 'actor_id', type: 'int', nullable: true })
  actorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'actor_id' })
  actor?: User | null;

  /** The actor's name at the time, so history reads right after a rename or a deleted account. */
  @Column({ name: 'actor_name', type: 'varchar', length: 200 })
  actorName: string;

  /** A word on why, when the change tells no more by itself ("Every bus has returned." on a trip completed by its drivers). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  @CreateDateColumn({ name: 'at', type: 'timestamptz' })
  at: Date;
}
