import type { PresenceAnnouncement } from '../../contracts/presence';
import type { Role } from '../../contracts/roles';

/** Whose online list: a tenant's users, or the platform accounts (no tenant). */
export type OnlineScope = number | 'platform';

/** One connection's announcement on one trip, as stored. `replica` owns it: only that replica's sockets put it there. */
export interface TripEntry extends PresenceAnnouncement {
  replica: string;
  socketId: string;
  tenantId: number;
  tripId: number;
}

/** One live connection, for the online list of its user's tenant. */
export interface OnlineEntry {
  replica: string;
  socketId: string;
  scope: OnlineScope;
  userId: number;
}

/** A trip's announcements after a change, with the version that change took. */
export interface TripState {
  tenantId: number;
  tripId: number;
  version: number;
  entries: TripEntry[];
}

/** A user who came online (their first connection) or went offline (their last one went), with the version that change took. */
export interface UserChange {
  scope: OnlineScope;
  userId: number;
  online: boolean;
  version: number;
}

/** A scope's online users, and the version the store was at when they were read. */
export interface OnlineState {
  scope: OnlineScope;
  version: number;
  userIds: number[];
}

/** What a sweep, a rewrite or a departure changed: each trip's list and each user's online state, to push again. */
export interface PresenceChanges {
  trips: TripState[];
  users: UserChange[];
}

/** Which announcements to look at again after a change of who sees what (an empty scope matches nothing). */
export interface PresenceRecheck {
  tripIds?: number[];
  userIds?: number[];
  /** With `role`: the announcements of that role's users in that tenant (a partnership went). */
  tenantId?: number;
  role?: Role;
}

/**
 * Where presence lives: in Redis with REDIS_URL (presence-redis.store.ts, shared by the replicas), in this
 * process otherwise (presence-memory.store.ts). Every change takes a version from one counter that only grows,
 * so a client can order the lists it receives. Each replica writes only its own sockets' entries, except the sweep,
 * which removes the entries of replicas that stopped beating.
 */
export interface PresenceStore {
  /** Adds or replaces a connection's announcement on a trip; the trip's entries after it. */
  put(entry: TripEntry): Promise<TripState>;
  /**
   * Removes a connection's announcement; the trip's entries after it, or null when there was none.
   * `lastOfReplica`: no other socket of this replica is on the trip any more.
   */
  remove(entry: Pick<TripEntry, 'replica' | 'socketId' | 'tenantId' | 'tripId'>, lastOfReplica: boolean): Promise<TripState | null>;
  /** Records a live connection; the change when it is its user's first (they came online), else null. */
  connect(entry: OnlineEntry): Promise<UserChange | null>;
  /**
   * Forgets a connection; the change when it was its user's last (they went offline), else null.
   * `lastOfReplica`: no other socket of this replica is the user's any more.
   */
  disconnect(entry: OnlineEntry, lastOfReplica: boolean): Promise<UserChange | null>;
  /** Every trip of these tenants (or all) that someone is on, and the current version. */
  snapshot(tenants: readonly number[] | 'all'): Promise<{ version: number; trips: TripState[] }>;
  /** The online users of these scopes (or of all). */
  online(scopes: readonly OnlineScope[] | 'all'): Promise<OnlineState[]>;
  /** Says this replica is alive (shared stores); false when it had been given up for dead, its entries swept. */
  beat(): Promise<boolean>;
  /** Removes the entries of replicas that stopped beating (shared stores). */
  sweep(): Promise<PresenceChanges>;
  /** Makes this replica's stored entries exactly these (after Redis was away, or it had been given up for dead). */
  replace(trips: readonly TripEntry[], online: readonly OnlineEntry[]): Promise<PresenceChanges>;
  /** Removes every entry of this replica (shutdown). */
  leave(): Promise<PresenceChanges>;
}

/** The hash field of a connection's entry: its replica first, so a dead replica's fields are found by prefix. */
export const entryField = (e: { replica: string; socketId: string }) => `${e.replica}/${e.socketId}`;

/** A version above every earlier one, also after the counter was lost (a Redis restart): never below the clock in microseconds. */
export const nextVersion = (last: number, nowMs: number) => Math.max(last + 1, nowMs * 1000);
