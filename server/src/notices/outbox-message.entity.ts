import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { EmailNotice } from '../contracts/notices';
import { User } from '../users/user.entity';

/** What a message tells: a notice a user chose, or a driver's invitation (sent to the address the dispatcher gave). */
export type OutboxNotice = EmailNotice | 'driverInvite';

/**
 * One e-mail waiting to go, written in the transaction of the change that causes it (so a rolled-back change sends
 * nothing) and sent afterwards by any replica's drainer (notices/README.md). `sent_at` set: delivered to the mail
 * server, or logged when no server is configured; null with `attempts` of the limit: given up.
 */
@Entity({ name: 'outbox_messages' })
@Index('IDX_outbox_messages_due', ['sentAt', 'nextAttemptAt'], { where: '"sent_at" IS NULL' })
export class OutboxMessage {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_outbox_messages' })
  id: number;

  /** The tenant whose change caused it (null: none, e.g. a platform-level message). */
  @Column({ name: 'tenant_id', type: 'int', nullable: true })
  tenantId: number | null;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_outbox_messages_user' })
  user?: User | null;

  @Column({ type: 'varchar', length: 40 })
  notice: OutboxNotice;

  @Column({ name: 'to_email', type: 'varchar', length: 254 })
  toEmail: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text' })
  html: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 1000, nullable: true })
  lastError: string | null;
}
