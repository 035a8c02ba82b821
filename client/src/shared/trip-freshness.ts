import type { TripDto } from '@contracts/trip-wire';

/** When the trip's buses last reported: the latest receipt or undo among their steps ('' before any step). */
function reportedAt(trip: Pick<TripDto, 'progress'>): string {
  let latest = '';
  for (const bus of trip.progress ?? []) {
    for (const step of bus.steps) {
      if (step.receivedAt > latest) latest = step.receivedAt;
      if (step.undoneAt && step.undoneAt > latest) latest = step.undoneAt;
    }
  }
  return latest;
}

/**
 * What changes on a trip without a change to it or a step: whether each bus is late and the departure count's flag
 * (the clock), and which buses report at all (a driver's account made or deactivated).
 */
const reportingFlags = (trip: Pick<TripDto, 'progress' | 'departureCount'>) =>
  `${(trip.progress ?? []).map((p) => `${p.driverId}:${p.late ?? ''}`).join(',')}|${trip.departureCount?.counted ?? ''}`;

/**
 * Is `incoming` (a pushed or answered trip) newer than the copy `held`? A change to the trip itself moves its `version`;
 * a driver's step does not (a tap must not make a dispatcher's open edit stale), so at the same version the latest step
 * received or undone decides, and at the same steps a late flag the clock turned on or off, or a bus that began or
 * stopped reporting. A copy that is no newer is skipped, so an event that arrives after a newer one never takes the
 * screen back.
 */
export function isNewerTrip(incoming: TripDto, held: TripDto): boolean {
  const [inVersion, heldVersion] = [incoming.version ?? 0, held.version ?? 0];
  if (inVersion !== heldVersion) return inVersion > heldVersion;
  const [inAt, heldAt] = [reportedAt(incoming), reportedAt(held)];
  if (inAt !== heldAt) return inAt > heldAt;
  return reportingFlags(incoming) !== reportingFlags(held);
}
