import type { Role } from './roles';

/**
 * Presence (docs/architecture.md, "Presence"): who has a trip open right now, and which users of a tenant are online.
 * Ephemeral, never stored in PostgreSQL; carried over the live Socket.IO connection. The protocol, its
 * rights, limits and expiry are described in server/src/realtime/README.md ("Presence").
 */

/** What a user has open on a trip: its details, Edit, Assign Bus, or Passengers. */
export const PRESENCE_ACTIVITIES = ['viewing', 'editing', 'assigning', 'passengers'] as const;
export type PresenceActivity = (typeof PRESENCE_ACTIVITIES)[number];

/** How an activity reads on hover ("Dev Desert, bus company: assigning buses"). */
export const PRESENCE_ACTIVITY_LABELS: Readonly<Record<PresenceActivity, string>> = {
  viewing: 'viewing',
  editing: 'editing',
  assigning: 'assigning buses',
  passengers: 'managing passengers',
};

/** Activities that make a soft claim: another user opening Edit or Assign Bus on the trip is told first. */
export const CLAIMING_ACTIVITIES: readonly PresenceActivity[] = ['assigning', 'editing'];

/** A user who has the trip open, once per user however many tabs they have open on it. */
export interface PresenceViewer {
  userId: number;
  name: string;
  role: Role;
  /** What the user is doing: of their tabs on the trip, the one that matters most (assigning > editing > passengers > viewing). */
  activity: PresenceActivity;
  /** ISO time since when the user has been doing `activity` on the trip. */
  since: string;
}

/**
 * The current viewers of one trip, pushed to every socket whose user may see the trip whenever the list changes.
 * `version` grows with every change (across replicas): keep the list with the highest version, since pushes
 * from different replicas may arrive out of order.
 */
export interface PresenceTripPayload {
  tripId: number;
  tenantId: number;
  version: number;
  /** Sorted by `since`, first arrival first; empty when nobody has the trip open any more. */
  viewers: PresenceViewer[];
}

/**
 * The viewers of every trip the receiver may see that someone has open: sent after every `hello` (connect,
 * reconnect, a replica's Redis link coming back) and answered to `presence:sync`.
 *
 * `tripIds` says what the snapshot covers: `'all'` (every trip; a trip not listed has nobody on it), or the ids
 * asked for (only those). A trip it covers but does not list has no viewers, unless the receiver already holds a
 * list for it with a version above `version` (a change that overtook the snapshot).
 */
export interface PresenceSnapshot {
  version: number;
  tripIds: 'all' | number[];
  trips: PresenceTripPayload[];
}

/**
 * Who of a tenant is online now (has at least one live connection): for the tenant's admins and platform admins
 * only. `tenantId` null: platform accounts (platform admins only). Sent after `hello` and in the `presence:sync`
 * answer; from then on `presence:user` tells each change. A user it does not list is offline, unless the receiver
 * holds a `presence:user` for them with a version above `version`.
 */
export interface PresenceOnlinePayload {
  tenantId: number | null;
  version: number;
  userIds: number[];
}

/**
 * A user came online (their first connection) or went offline (their last one closed, or its replica died), to the
 * same receivers as `presence:online`. Keep, per user, the state with the highest version: changes made on different
 * replicas may arrive out of order.
 */
export interface PresenceUserPayload {
  tenantId: number | null;
  userId: number;
  online: boolean;
  version: number;
}

/** What every presence command is answered with. */
export type PresenceAck = { ok: true } | { ok: false; message: string };

/** The answer to `presence:sync`: the snapshot asked for, and for admins the online users of the tenants they manage. */
export type PresenceSyncAck = { ok: true; snapshot: PresenceSnapshot; online: PresenceOnlinePayload[] } | { ok: false; message: string };

/** `presence:set`: "I have this trip open, doing this". Repeating the current state changes nothing. */
export interface PresenceSetRequest {
  tripId: number;
  activity: PresenceActivity;
}

/** `presence:clear`: "I closed this trip"; without `tripId`, every trip this connection announced. */
export interface PresenceClearRequest {
  tripId?: number;
}

/** `presence:sync`: the current viewers of these trips (without `tripIds`: of every trip the user sees that someone has open). */
export interface PresenceSyncRequest {
  tripIds?: number[];
}

/** Server-to-client presence events, in Socket.IO's listener form (part of ClientEventMap, contracts/events.ts). */
export interface PresenceEventMap {
  'presence:trip': (payload: PresenceTripPayload) => void;
  'presence:snapshot': (snapshot: PresenceSnapshot) => void;
  'presence:online': (online: PresenceOnlinePayload) => void;
  'presence:user': (user: PresenceUserPayload) => void;
}

/** What clients may send (the only client-to-server events); each is answered through the Socket.IO acknowledgement. */
export interface ClientCommandMap {
  'presence:set': (request: PresenceSetRequest, ack: (answer: PresenceAck) => void) => void;
  'presence:clear': (request: PresenceClearRequest, ack: (answer: PresenceAck) => void) => void;
  'presence:sync': (request: PresenceSyncRequest, ack: (answer: PresenceSyncAck) => void) => void;
}

export const PresenceMessages = {
  badRequest: 'Send {tripId, activity}.',
  badClear: 'Send {tripId}, or {} to clear every trip of this connection.',
  badActivity: `Activity must be one of: ${PRESENCE_ACTIVITIES.join(', ')}.`,
  badSync: 'tripIds must be a list of at most 500 trip ids.',
  rateLimited: 'Too many presence updates; wait a moment and try again.',
  tooManyTrips: (max: number) => `One connection can be present on at most ${max} trips at once.`,
  unavailable: 'Presence is unavailable right now; try again shortly.',
} as const;

/** The most trip ids one `presence:sync` may ask about. */
export const PRESENCE_SYNC_MAX_TRIPS = 500;

const WEIGHT: Readonly<Record<PresenceActivity, number>> = { assigning: 3, editing: 2, passengers: 1, viewing: 0 };

/** One announcement of one connection, as the server keeps it. */
export interface PresenceAnnouncement {
  userId: number;
  name: string;
  role: Role;
  activity: PresenceActivity;
  since: string;
}

/**
 * The viewers of a trip from its connections' announcements: one per user, with the activity that matters most
 * among their tabs (and, for that activity, the earliest `since`), sorted by `since`.
 */
export function viewersOf(announcements: readonly PresenceAnnouncement[]): PresenceViewer[] {
  const byUser = new Map<number, PresenceAnnouncement>();
  for (const a of announcements) {
    const held = byUser.get(a.userId);
    const better =
      !held || WEIGHT[a.activity] > WEIGHT[held.activity] || (WEIGHT[a.activity] === WEIGHT[held.activity] && a.since < held.since);
    if (better) byUser.set(a.userId, a);
  }
  return [...byUser.values()]
    .map(({ userId, name, role, activity, since }) => ({ userId, name, role, activity, since }))
    .sort((x, y) => (x.since < y.since ? -1 : x.since > y.since ? 1 : x.userId - y.userId));
}

/** The viewer whose soft claim a user opening Edit or Assign Bus should be told about first: someone else already editing or assigning. */
export function claimOf(viewers: readonly PresenceViewer[], selfUserId: number): PresenceViewer | null {
  return viewers.find((v) => v.userId !== selfUserId && CLAIMING_ACTIVITIES.includes(v.activity)) ?? null;
}

/**
 * The soft-claim notice (a warning, nothing is locked): "Dev Desert is assigning buses on this trip (since 09:41)."
 * `time` is formatted by the caller.
 */
export const claimNotice = (viewer: Pick<PresenceViewer, 'name' | 'activity'>, time: string): string =>
  `${viewer.name} is ${CLAIM_PHRASES[viewer.activity]} (since ${time}).`;

const CLAIM_PHRASES: Readonly<Record<PresenceActivity, string>> = {
  assigning: 'assigning buses on this trip',
  editing: 'editing this trip',
  passengers: 'managing passengers on this trip',
  viewing: 'viewing this trip',
};
