import {
  type PresenceActivity,
  PresenceMessages,
  type PresenceOnlinePayload,
  type PresenceSnapshot,
  type PresenceSyncAck,
  type PresenceTripPayload,
  type PresenceUserPayload,
  type PresenceViewer,
} from '@contracts/presence';
import { useEffect, useSyncExternalStore } from 'react';
import { onLive, onLiveHello, onLivePresence, onLiveResync, onLiveStatus, sendLive } from './socket';

/**
 * Presence on the client: who has a trip open and who is online (protocol in server/src/realtime/README.md "Presence"):
 *  - what this console has open, announced with `useAnnounce(tripId, activity)` (or `announcePresence`), sent
 *    again after every reconnect, cleared when the last screen that announced a trip closes;
 *  - who else has each trip open (`useTripPresence(tripId)`) and, for admins, who is online (`useOnlineUsers()`),
 *    kept from the server's pushes, each list at its highest version.
 * Call `subscribePresenceLive()` once while signed in (app/live-sync.ts does).
 */

const NOBODY: readonly PresenceViewer[] = Object.freeze([]);
const EMPTY_SET: ReadonlySet<number> = new Set();
/** After "too many presence updates", the wanted state is sent again this much later. */
const RETRY_MS = 2_000;

const WEIGHT: Readonly<Record<PresenceActivity, number>> = { assigning: 3, editing: 2, passengers: 1, viewing: 0 };

// ---------------------------------------------------------------------------------------------
// Who is where (from the server)

const trips = new Map<number, { version: number; viewers: readonly PresenceViewer[] }>();
/** Per tenant (`platform` for platform accounts): each user's online state and its version; `floor`: the last snapshot's version. */
const online = new Map<string, { floor: number; users: Map<number, { online: boolean; version: number }> }>();
let onlineSet: ReadonlySet<number> | null = null;
const listeners = new Set<() => void>();

const tenantKey = (tenantId: number | null) => (tenantId === null ? 'platform' : String(tenantId));

function changed(): void {
  onlineSet = null;
  listeners.forEach((listener) => listener());
}

function applyTrip(p: Pick<PresenceTripPayload, 'tripId' | 'version' | 'viewers'>): boolean {
  const held = trips.get(p.tripId);
  if (held && held.version >= p.version) return false;
  trips.set(p.tripId, { version: p.version, viewers: p.viewers.length === 0 ? NOBODY : p.viewers });
  return true;
}

function applySnapshot(s: PresenceSnapshot): void {
  for (const t of s.trips) applyTrip(t);
  const listed = new Set(s.trips.map((t) => t.tripId));
  const covered = s.tripIds === 'all' ? [...trips.keys()] : s.tripIds;
  // covered but not listed: nobody is on it, unless a newer push already said otherwise
  for (const tripId of covered) if (!listed.has(tripId)) applyTrip({ tripId, version: s.version, viewers: [] });
  changed();
}

function applyOnline(o: PresenceOnlinePayload): void {
  const key = tenantKey(o.tenantId);
  const tenant = online.get(key) ?? { floor: 0, users: new Map() };
  if (o.version < tenant.floor) return;
  tenant.floor = o.version;
  const listed = new Set(o.userIds);
  for (const [userId, state] of tenant.users) {
    if (state.version < o.version) tenant.users.set(userId, { online: listed.has(userId), version: o.version });
  }
  for (const userId of listed) if (!tenant.users.has(userId)) tenant.users.set(userId, { online: true, version: o.version });
  online.set(key, tenant);
  changed();
}

function applyUser(u: PresenceUserPayload): void {
  const key = tenantKey(u.tenantId);
  const tenant = online.get(key) ?? { floor: 0, users: new Map() };
  const held = tenant.users.get(u.userId);
  if (u.version <= Math.max(held?.version ?? 0, tenant.floor)) return;
  tenant.users.set(u.userId, { online: u.online, version: u.version });
  online.set(key, tenant);
  changed();
}

function forgetAll(): void {
  trips.clear();
  online.clear();
  changed();
}

// ---------------------------------------------------------------------------------------------
// What this console announces

/** Screens that announce each trip, by claim; the trip's announced activity is the one that matters most. */
const claims = new Map<number, Map<number, PresenceActivity>>();
/** What was last sent for each trip (absent: nothing, or cleared). */
const sent = new Map<number, PresenceActivity>();
const scheduled = new Set<number>();
let nextClaim = 0;

function wanted(tripId: number): PresenceActivity | null {
  let best: PresenceActivity | null = null;
  for (const activity of claims.get(tripId)?.values() ?? []) if (best === null || WEIGHT[activity] > WEIGHT[best]) best = activity;
  return best;
}

/** Sends what a trip's claims want, once per tick however many screens changed (no flicker when one modal replaces another). */
function schedule(tripId: number): void {
  if (scheduled.has(tripId)) return;
  scheduled.add(tripId);
  queueMicrotask(() => {
    scheduled.delete(tripId);
    void flush(tripId);
  });
}

async function flush(tripId: number): Promise<void> {
  const activity = wanted(tripId);
  if ((sent.get(tripId) ?? null) === activity) return;
  if (activity === null) {
    sent.delete(tripId);
    await sendLive('presence:clear', { tripId });
    return;
  }
  sent.set(tripId, activity);
  const answer = await sendLive('presence:set', { tripId, activity });
  if (!answer.ok && answer.message === PresenceMessages.rateLimited && sent.get(tripId) === activity) {
    sent.delete(tripId);
    setTimeout(() => schedule(tripId), RETRY_MS);
  }
}

/**
 * Announces that this console has `tripId` open, doing `activity`, until the returned function is called.
 * Several screens may announce one trip (details + Assign Bus): the activity that matters most is sent.
 */
export function announcePresence(tripId: number, activity: PresenceActivity): () => void {
  const id = ++nextClaim;
  let mine = claims.get(tripId);
  if (!mine) {
    mine = new Map();
    claims.set(tripId, mine);
  }
  mine.set(id, activity);
  schedule(tripId);
  return () => {
    const held = claims.get(tripId);
    if (!held?.delete(id)) return;
    if (held.size === 0) claims.delete(tripId);
    schedule(tripId);
  };
}

/** The current viewers of these trips (without ids: of every trip this user sees that someone has open), merged into the store. */
export async function syncPresence(tripIds?: number[]): Promise<PresenceSyncAck | { ok: false; message: string }> {
  const answer = await sendLive('presence:sync', tripIds ? { tripIds } : {});
  if (answer.ok) {
    applySnapshot(answer.snapshot);
    answer.online.forEach(applyOnline);
  }
  return answer;
}

/** Listens to the server's presence pushes; returns the unsubscribe. */
export function subscribePresenceLive(): () => void {
  const offs = [
    onLivePresence('presence:trip', (p) => {
      if (applyTrip(p)) changed();
    }),
    onLivePresence('presence:snapshot', applySnapshot),
    onLivePresence('presence:online', applyOnline),
    onLivePresence('presence:user', applyUser),
    onLive('trip:deleted', ({ tripId }) => {
      if (trips.delete(tripId)) changed();
    }),
    // a new connection knows nothing of what this console has open: say it again
    onLiveHello(() => {
      sent.clear();
      for (const tripId of claims.keys()) schedule(tripId);
    }),
    // what the user may see changed (a partnership): ask again about the trips held
    onLiveResync(() => void syncPresence()),
    onLiveStatus((status) => {
      if (status === 'offline') forgetAll();
    }),
  ];
  return () => offs.forEach((off) => off());
}

// ---------------------------------------------------------------------------------------------
// Hooks

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Who has the trip open (this user's own other tabs included: filter `userId` to hide yourself), sorted by since. */
export function useTripPresence(tripId: number | null | undefined): readonly PresenceViewer[] {
  return useSyncExternalStore(subscribe, () => (tripId == null ? NOBODY : (trips.get(tripId)?.viewers ?? NOBODY)));
}

/** The ids of the users who are online now (admins only receive it; empty for everyone else). */
export function useOnlineUsers(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, onlineUsers);
}

/** Announces `activity` on `tripId` while the calling component is mounted (null: nothing). */
export function useAnnounce(tripId: number | null | undefined, activity: PresenceActivity): void {
  useEffect(() => (tripId == null ? undefined : announcePresence(tripId, activity)), [tripId, activity]);
}

function onlineUsers(): ReadonlySet<number> {
  if (onlineSet) return onlineSet;
  const ids = new Set<number>();
  for (const tenant of online.values()) for (const [userId, state] of tenant.users) if (state.online) ids.add(userId);
  onlineSet = ids.size === 0 ? EMPTY_SET : ids;
  return onlineSet;
}

/** For tests: forget everything, as a sign-out does. */
export function resetPresenceForTest(): void {
  claims.clear();
  sent.clear();
  scheduled.clear();
  forgetAll();
}
