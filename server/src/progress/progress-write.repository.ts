import type { EntityManager } from 'typeorm';
import type { ProgressStep } from '../contracts/progress-wire';
import type { TripDto } from '../contracts/trip-wire';
import { tripRowList } from '../trips/repository/trip-read.repository';
import { writeTripPatch } from '../trips/repository/trip-write.repository';
import { toTripDto, type TripRow } from '../trips/trip.mapper';

/**
 * The writes of the day of travel (docs/domain.md, "The day of travel"), each in the caller's transaction: a driver's
 * trip locked, a step stored once by its id, a step undone, and a trip completed because every bus has returned.
 */

/** Locks a trip's row (not deleted) and reads it as the API answers it, flags not yet computed; null when there is none. */
export async function lockTrip(tx: EntityManager, tripId: number): Promise<TripDto | null> {
  const [row] = await tx.query<TripRow[]>(
    `SELECT ${tripRowList('trip')} FROM trips trip WHERE trip.id = $1 AND trip.deleted = false FOR UPDATE`,
    [tripId],
  );
  return row ? toTripDto(row) : null;
}

/** A step already stored under this id (the device's), whoever sent it. */
export async function findStep(
  tx: EntityManager,
  id: string,
): Promise<{ id: string; tripId: number; driverId: number; receivedAt: Date | string; undoneAt: Date | string | null } | null> {
  const [step] = await tx.query<
    { id: string; tripId: number; driverId: number; receivedAt: Date | string; undoneAt: Date | string | null }[]
  >(
    `SELECT id, trip_id AS "tripId", driver_id AS "driverId", received_at AS "receivedAt", undone_at AS "undoneAt"
       FROM trip_progress_steps WHERE id = $1`,
    [id],
  );
  return step ?? null;
}

/** A bus's steps on a trip in the order received, undone ones too: what its driver has recorded so far. */
export function driverSteps(
  tx: EntityManager,
  tripId: number,
  driverId: number,
): Promise<{ id: string; step: ProgressStep; undone: boolean }[]> {
  return tx.query(
    `SELECT id, step, undone_at IS NOT NULL AS "undone" FROM trip_progress_steps
      WHERE trip_id = $1 AND driver_id = $2 ORDER BY received_at, device_at`,
    [tripId, driverId],
  );
}

export interface NewStep {
  id: string;
  tenantId: number;
  tripId: number;
  driverId: number;
  step: ProgressStep;
  passengers: number | null;
  note: string | null;
  /** The device's time at the tap. */
  at: string;
  actor: { id: number; name: string };
}

/**
 * Stores a step. `received_at` is the clock's now, not the transaction's start: under the trip's lock each step of a
 * trip is received after the one before. False when the id was taken meanwhile (nothing written).
 */
export async function insertStep(tx: EntityManager, s: NewStep): Promise<boolean> {
  const rows = await tx.query<{ id: string }[]>(
    `INSERT INTO trip_progress_steps (id, tenant_id, trip_id, driver_id, step, passengers, note, device_at, received_at, actor_id, actor_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, clock_timestamp(), $9, $10)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [s.id, s.tenantId, s.tripId, s.driverId, s.step, s.passengers, s.note, s.at, s.actor.id, s.actor.name],
  );
  return rows.length === 1;
}

/** Marks a step undone (it stays in the timeline, struck through). */
export async function undoStep(tx: EntityManager, id: string): Promise<void> {
  await tx.query('UPDATE trip_progress_steps SET undone_at = clock_timestamp() WHERE id = $1 AND undone_at IS NULL', [id]);
}

/**
 * Completes a trip (its row locked at `trip.version`) as the `complete` action does, with its history row written by
 * `actor` and carrying `note`. Answers the trip as written.
 */
export async function completeTrip(tx: EntityManager, trip: TripDto, actor: { id: number; name: string }, note: string): Promise<TripDto> {
  const written = await writeTripPatch(
    tx,
    trip.id,
    trip.version,
    { status: 'Completed', editRequest: false, editRequestBefore: null },
    { action: 'complete', fromStatus: trip.status, fields: ['status'], actorId: actor.id, actorName: actor.name },
  );
  // The row is locked by this transaction, so its version cannot have moved on.
  if (!written) throw new Error(`Trip ${trip.id} changed under its lock.`);
  await tx.query('UPDATE trip_history SET note = $2 WHERE id = $1', [written.historyId, note]);
  return toTripDto(written.row);
}
