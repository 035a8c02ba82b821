import type { EntityManager } from 'typeorm';
import type { Letter } from './letters';
import { OutboxMessage, type OutboxNotice } from './outbox-message.entity';

/** One message to queue: the letter, whom to, and why. */
export interface Outgoing {
  letter: Letter;
  to: string;
  notice: OutboxNotice;
  tenantId: number | null;
  userId: number | null;
}

/** Transactions that queued mail, so the unit's hook asks for a drain once they commit (whoever queued it). */
const queuedIn = new WeakSet<EntityManager>();

/** Whether this transaction has queued mail so far. */
export const mailQueuedIn = (tx: EntityManager): boolean => queuedIn.has(tx);

/**
 * Queues messages in the caller's transaction: they commit, or roll back, with the change that causes them; a
 * drainer sends them after the commit (notices/README.md). Answers how many were queued.
 */
export async function queueMail(tx: EntityManager, messages: Outgoing[]): Promise<number> {
  if (messages.length === 0) return 0;
  queuedIn.add(tx);
  await tx.insert(
    OutboxMessage,
    messages.map((m) => ({
      tenantId: m.tenantId,
      userId: m.userId,
      notice: m.notice,
      toEmail: m.to,
      subject: m.letter.subject.slice(0, 300),
      text: m.letter.text,
      html: m.letter.html,
    })),
  );
  return messages.length;
}
