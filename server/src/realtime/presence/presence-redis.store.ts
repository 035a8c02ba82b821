import type { PresenceAnnouncement } from '../../contracts/presence';
import {
  entryField,
  type OnlineEntry,
  type OnlineScope,
  type OnlineState,
  type PresenceChanges,
  type PresenceStore,
  type TripEntry,
  type TripState,
  type UserChange,
} from './presence-store';
import { PresenceScripts } from './presence-redis.scripts';

/** What the store needs of a Redis client: scripts. */
export interface ScriptRunner {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** Redis cannot be reached right now: the caller keeps its own sockets' state and writes it again when the link is back. */
export class PresenceStoreUnavailable extends Error {
  constructor() {
    super('Redis is not connected');
  }
}

type Reply = string | number | null | Reply[];

const scopeText = (scope: OnlineScope) => String(scope);
const scopeOf = (text: string): OnlineScope => (text === 'platform' ? 'platform' : Number(text));

/** The stored part of an announcement (the rest is in the field and the key). */
type StoredAnnouncement = PresenceAnnouncement;

function splitField(field: string): { replica: string; socketId: string } {
  const slash = field.indexOf('/');
  return { replica: field.slice(0, slash), socketId: field.slice(slash + 1) };
}

function parseTrip(r: Reply[]): TripState {
  const [, tenant, trip, version, ...rest] = r.map(String);
  const tenantId = Number(tenant);
  const tripId = Number(trip);
  const entries: TripEntry[] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) {
    const a = JSON.parse(rest[i + 1]) as StoredAnnouncement;
    entries.push({
      ...splitField(rest[i]),
      tenantId,
      tripId,
      userId: a.userId,
      name: a.name,
      role: a.role,
      activity: a.activity,
      since: a.since,
    });
  }
  return { tenantId, tripId, version: Number(version), entries };
}

function parseOnline(r: Reply[]): OnlineState {
  const [, scope, version, ...users] = r.map(String);
  return { scope: scopeOf(scope), version: Number(version), userIds: users.map(Number).sort((x, y) => x - y) };
}

function parseUser(r: Reply[]): UserChange {
  const [, scope, user, online, version] = r.map(String);
  return { scope: scopeOf(scope), userId: Number(user), online: online === '1', version: Number(version) };
}

function parseChanges(records: Reply[]): PresenceChanges {
  const changes: PresenceChanges = { trips: [], users: [] };
  for (const r of records as Reply[][]) {
    if (r[0] === 't') changes.trips.push(parseTrip(r));
    else changes.users.push(parseUser(r));
  }
  return changes;
}

/** Presence shared by every replica through Redis (the key layout: presence-redis.scripts.ts; the design: ../README.md "Presence"). */
export class RedisPresenceStore implements PresenceStore {
  private readonly prefix: string;

  /**
   * @param schema the deployment's database schema (keys are kept apart per schema)
   * @param aliveMs how long a replica counts as alive after its last heartbeat
   */
  constructor(
    private readonly redis: { readonly commands: ScriptRunner | undefined },
    private readonly replica: string,
    schema: string | undefined,
    private readonly aliveMs: number,
  ) {
    this.prefix = `presence:${schema ?? 'public'}:`;
  }

  async put(entry: TripEntry): Promise<TripState> {
    const { userId, name, role, activity, since } = entry;
    const stored: StoredAnnouncement = { userId, name, role, activity, since };
    const r = await this.run(PresenceScripts.put, [
      String(entry.tenantId),
      String(entry.tripId),
      entryField(entry),
      JSON.stringify(stored),
      this.replica,
    ]);
    return parseTrip(r as Reply[]);
  }

  async remove(entry: Pick<TripEntry, 'replica' | 'socketId' | 'tenantId' | 'tripId'>, lastOfReplica: boolean): Promise<TripState | null> {
    const r = await this.run(PresenceScripts.remove, [
      String(entry.tenantId),
      String(entry.tripId),
      entryField(entry),
      this.replica,
      lastOfReplica ? '1' : '0',
    ]);
    return r === null ? null : parseTrip(r as Reply[]);
  }

  async connect(entry: OnlineEntry): Promise<UserChange | null> {
    const r = await this.run(PresenceScripts.connect, [scopeText(entry.scope), entryField(entry), String(entry.userId), this.replica]);
    return r === null ? null : parseUser(r as Reply[]);
  }

  async disconnect(entry: OnlineEntry, lastOfReplica: boolean): Promise<UserChange | null> {
    const r = await this.run(PresenceScripts.disconnect, [
      scopeText(entry.scope),
      entryField(entry),
      String(entry.userId),
      this.replica,
      lastOfReplica ? '1' : '0',
    ]);
    return r === null ? null : parseUser(r as Reply[]);
  }

  async snapshot(tenants: readonly number[] | 'all'): Promise<{ version: number; trips: TripState[] }> {
    if (tenants !== 'all' && tenants.length === 0) return { version: 0, trips: [] };
    const [version, ...records] = (await this.run(PresenceScripts.snapshot, tenants === 'all' ? ['*'] : tenants.map(String))) as Reply[];
    return { version: Number(version), trips: (records as Reply[][]).map(parseTrip) };
  }

  async online(scopes: readonly OnlineScope[] | 'all'): Promise<OnlineState[]> {
    if (scopes !== 'all' && scopes.length === 0) return [];
    const records = (await this.run(PresenceScripts.online, scopes === 'all' ? ['*'] : scopes.map(scopeText))) as Reply[][];
    return records.map(parseOnline);
  }

  async beat(): Promise<boolean> {
    return (await this.run(PresenceScripts.beat, [this.replica, String(this.aliveMs)])) === 1;
  }

  async sweep(): Promise<PresenceChanges> {
    return parseChanges((await this.run(PresenceScripts.sweep, [this.replica])) as Reply[]);
  }

  async replace(trips: readonly TripEntry[], online: readonly OnlineEntry[]): Promise<PresenceChanges> {
    return this.rewrite(trips, online, this.aliveMs);
  }

  async leave(): Promise<PresenceChanges> {
    return this.rewrite([], [], 0);
  }

  private async rewrite(trips: readonly TripEntry[], online: readonly OnlineEntry[], aliveMs: number): Promise<PresenceChanges> {
    const args = [this.replica, String(aliveMs), String(trips.length)];
    for (const e of trips) {
      const { userId, name, role, activity, since } = e;
      args.push(String(e.tenantId), String(e.tripId), entryField(e), JSON.stringify({ userId, name, role, activity, since }));
    }
    for (const e of online) args.push(scopeText(e.scope), entryField(e), String(e.userId));
    return parseChanges((await this.run(PresenceScripts.replace, args)) as Reply[]);
  }

  private async run(script: string, args: string[]): Promise<Reply> {
    const client = this.redis.commands;
    if (!client) throw new PresenceStoreUnavailable();
    return (await client.eval(script, { keys: [], arguments: [this.prefix, ...args] })) as Reply;
  }
}
