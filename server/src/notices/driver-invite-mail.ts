import type { EntityManager } from 'typeorm';
import type { DriverDto } from '../contracts/fleet-wire';
import { driverInviteLetter } from './letters';
import { queueMail } from './outbox';

/**
 * A driver's invitation sent to the address the dispatcher gave (not a notice anyone chooses), queued in the
 * invitation's transaction: a refused invitation sends nothing. Answers whether a message was queued.
 */
export async function queueDriverInvite(
  tx: EntityManager,
  invite: { driver: DriverDto; url: string; expiresAt: Date; to: string },
): Promise<boolean> {
  const letter = driverInviteLetter({
    driverName: invite.driver.name,
    companyName: invite.driver.companyName,
    url: invite.url,
    expiresAt: invite.expiresAt,
  });
  const queued = await queueMail(tx, [{ letter, to: invite.to, notice: 'driverInvite', tenantId: invite.driver.tenantId, userId: null }]);
  return queued > 0;
}
