import type {
  PresenceAck,
  PresenceActivity,
  PresenceOnlinePayload,
  PresenceSnapshot,
  PresenceSyncAck,
  PresenceTripPayload,
  PresenceUserPayload,
  PresenceViewer,
} from '../../server/src/contracts/presence';
import { DELIVERY_MS, type LiveClient, QUIET_MS, sleep } from './live-client';

/** How long a command's acknowledgement may take. */
const ACK_MS = 5_000;

export const announce = (c: LiveClient, tripId: unknown, activity: unknown = 'viewing'): Promise<PresenceAck> =>
  c.socket.timeout(ACK_MS).emitWithAck('presence:set', { tripId, activity } as never);

export const clearPresence = (c: LiveClient, request: { tripId?: number } = {}): Promise<PresenceAck> =>
  c.socket.timeout(ACK_MS).emitWithAck('presence:clear', request);

export const syncPresence = (c: LiveClient, tripIds?: number[]): Promise<PresenceSyncAck> =>
  c.socket.timeout(ACK_MS).emitWithAck('presence:sync', tripIds ? { tripIds } : {});

/** Sends a raw presence command (any payload) and resolves with its acknowledgement. */
export const rawCommand = (c: LiveClient, event: 'presence:set' | 'presence:clear' | 'presence:sync', payload: unknown): Promise<unknown> =>
  c.socket.timeout(ACK_MS).emitWithAck(event, payload as never);

/** Resolves with the first matching event received from index `since` on (already there, or to come). */
export async function waitFor<T>(
  c: LiveClient,
  since: number,
  event: 'presence:trip' | 'presence:snapshot' | 'presence:online' | 'presence:user',
  match: (payload: T) => boolean,
  timeoutMs = DELIVERY_MS,
): Promise<T & { at: number }> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const hit = c.received.slice(since).find((r) => r.event === event && match(r.payload as T));
    if (hit) return { ...(hit.payload as T), at: hit.at };
    if (Date.now() > end) {
      const got = c.received
        .slice(since)
        .filter((r) => r.event === event)
        .map((r) => JSON.stringify(r.payload));
      throw new Error(`${c.label}: no matching ${event} within ${timeoutMs} ms; received: ${got.join(' | ') || 'none'}`);
    }
    await sleep(10);
  }
}

/** The next push of a trip's viewers whose list matches. */
export const nextTrip = (c: LiveClient, since: number, tripId: number, match: (viewers: PresenceViewer[]) => boolean, timeoutMs?: number) =>
  waitFor<PresenceTripPayload>(c, since, 'presence:trip', (p) => p.tripId === tripId && match(p.viewers), timeoutMs);

/** The next list of a tenant's online users (sent after hello, and in the sync answer) that matches. */
export const nextOnline = (
  c: LiveClient,
  since: number,
  tenantId: number | null,
  match: (userIds: number[]) => boolean,
  timeoutMs?: number,
) => waitFor<PresenceOnlinePayload>(c, since, 'presence:online', (p) => p.tenantId === tenantId && match(p.userIds), timeoutMs);

/** The next news that a user came online (`online` true) or went offline. */
export const nextUser = (c: LiveClient, since: number, tenantId: number | null, userId: number, online: boolean, timeoutMs?: number) =>
  waitFor<PresenceUserPayload>(
    c,
    since,
    'presence:user',
    (p) => p.tenantId === tenantId && p.userId === userId && p.online === online,
    timeoutMs,
  );

export const nextSnapshot = (c: LiveClient, since: number, timeoutMs?: number) =>
  waitFor<PresenceSnapshot>(c, since, 'presence:snapshot', () => true, timeoutMs);

/** Presence events of one kind received from `since` on (optionally about one trip, or any of several). */
export const presenceSince = (c: LiveClient, since: number, event: string, trips?: number | readonly number[]) => {
  const ids = trips === undefined ? null : [trips].flat();
  return c.received
    .slice(since)
    .filter((r) => r.event === event && (ids === null || ids.includes((r.payload as { tripId?: number }).tripId ?? -1)));
};

/**
 * After QUIET_MS, none of `clients` has received any `event` (about `trips`, when given: one trip id or several) since
 * its mark. A console that sees a whole tenant may still hear of an earlier test's trips (a list emptied by sockets that
 * test closed, pushed after the mark), so a test that watches such consoles names its own trips.
 */
export async function expectNone(marks: Map<LiveClient, number>, event: string, trips?: number | readonly number[]): Promise<void> {
  await sleep(QUIET_MS);
  const leaks = [...marks].flatMap(([c, since]) =>
    presenceSince(c, since, event, trips).map((r) => `${c.label} got ${event} ${JSON.stringify(r.payload)}`),
  );
  expect(leaks).toEqual([]);
}

export const marksOf = (clients: readonly LiveClient[]) => new Map(clients.map((c) => [c, c.received.length]));

export const only = (userId: number, activity?: PresenceActivity) => (viewers: PresenceViewer[]) =>
  viewers.length === 1 && viewers[0].userId === userId && (activity === undefined || viewers[0].activity === activity);

export const nobody = (viewers: PresenceViewer[]) => viewers.length === 0;
