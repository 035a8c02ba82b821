import type { EntityManager } from 'typeorm';
import { FleetDriver } from './driver.entity';
import { DriverInvite } from './driver-invite.entity';

/**
 * A new version of the driver's row for a change to what it shows beside its own columns (an open invitation, an
 * account): consoles keep a driver by its version and take only a newer one, so `fleet:updated` reaches every open
 * Fleet screen and board.
 */
export async function touchDriver(tx: EntityManager, driverId: number): Promise<void> {
  await tx.update(FleetDriver, { id: driverId }, { version: () => 'version + 1' });
}

/** Stops every open invitation of a driver: a newer one replaces them (their links answer 404 from now on). */
export async function voidOpenInvites(tx: EntityManager, driverId: number, at: Date): Promise<void> {
  await tx
    .createQueryBuilder()
    .update(DriverInvite)
    .set({ voidedAt: at })
    .where('driver_id = :driverId AND used_at IS NULL AND voided_at IS NULL', { driverId })
    .execute();
}

/**
 * The invitation of a token's hash, or null; locked (`FOR UPDATE`) when signing up, so that two sign-ups with one
 * link take turns and the second finds it used.
 */
export function inviteByHash(em: EntityManager, tokenHash: string, lock: boolean): Promise<DriverInvite | null> {
  const qb = em.createQueryBuilder(DriverInvite, 'invite').where('invite.token_hash = :tokenHash', { tokenHash });
  return (lock ? qb.setLock('pessimistic_write') : qb).getOne();
}
