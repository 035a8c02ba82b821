import type { EntityManager } from 'typeorm';
import { writeWithNext } from '../database/unit-of-work';
import type { Letter } from './letters';
import type { OutboxNotice } from './outbox-message.entity';

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
  // Plain SQL, not the ORM's insert: this runs inside every change that mails someone, and building the ORM's statement
  // cost more CPU than sending it. One row of seven values per message; the table's defaults fill the rest.
  const rows = messages.map((_, i) => `(${Array.from({ length: 7 }, (_, c) => `$${i * 7 + c + 1}`).join(', ')})`);
  // Nothing reads its answer: it goes with the transaction's next statement, its COMMIT when nothing else follows.
  await writeWithNext(
    tx,
    `INSERT INTO outbox_messages (tenant_id, user_id, notice, to_email, subject, text, html) VALUES ${rows.join(', ')}`,
    messages.flatMap((m) => [m.tenantId, m.userId, m.notice, m.to, m.letter.subject.slice(0, 300), m.letter.text, m.letter.html]),
  );
  return messages.length;
}
