import {
  entryField,
  nextVersion,
  type OnlineEntry,
  type OnlineScope,
  type OnlineState,
  type PresenceChanges,
  type PresenceStore,
  type TripEntry,
  type TripState,
  type UserChange,
} from './presence-store';

interface TripRecord {
  tenantId: number;
  tripId: number;
  version: number;
  entries: Map<string, TripEntry>;
}

/** One process, no Redis: the same semantics as the Redis store, kept in maps. */
export class MemoryPresenceStore implements PresenceStore {
  private version = 0;
  private readonly trips = new Map<string, TripRecord>();
  /** scope -> user -> their connections' fields */
  private readonly scopes = new Map<OnlineScope, Map<number, Set<string>>>();

  constructor(
    private readonly replica: string,
    private readonly now: () => number = Date.now,
  ) {}

  put(entry: TripEntry): Promise<TripState> {
    const key = `${entry.tenantId}:${entry.tripId}`;
    let record = this.trips.get(key);
    if (!record) {
      record = { tenantId: entry.tenantId, tripId: entry.tripId, version: 0, entries: new Map() };
      this.trips.set(key, record);
    }
    record.entries.set(entryField(entry), { ...entry });
    record.version = this.bump();
    return Promise.resolve(tripState(record));
  }

  remove(entry: Pick<TripEntry, 'replica' | 'socketId' | 'tenantId' | 'tripId'>): Promise<TripState | null> {
    const key = `${entry.tenantId}:${entry.tripId}`;
    const record = this.trips.get(key);
    if (!record?.entries.delete(entryField(entry))) return Promise.resolve(null);
    record.version = this.bump();
    if (record.entries.size === 0) this.trips.delete(key);
    return Promise.resolve(tripState(record));
  }

  connect(entry: OnlineEntry): Promise<UserChange | null> {
    const sockets = this.socketsOf(entry.scope, entry.userId);
    const first = sockets.size === 0;
    sockets.add(entryField(entry));
    return Promise.resolve(first ? { scope: entry.scope, userId: entry.userId, online: true, version: this.bump() } : null);
  }

  disconnect(entry: OnlineEntry): Promise<UserChange | null> {
    const users = this.scopes.get(entry.scope);
    const sockets = users?.get(entry.userId);
    if (!users || !sockets?.delete(entryField(entry)) || sockets.size > 0) return Promise.resolve(null);
    users.delete(entry.userId);
    if (users.size === 0) this.scopes.delete(entry.scope);
    return Promise.resolve({ scope: entry.scope, userId: entry.userId, online: false, version: this.bump() });
  }

  snapshot(tenants: readonly number[] | 'all'): Promise<{ version: number; trips: TripState[] }> {
    const trips = [...this.trips.values()].filter((r) => tenants === 'all' || tenants.includes(r.tenantId)).map(tripState);
    return Promise.resolve({ version: this.version, trips });
  }

  online(scopes: readonly OnlineScope[] | 'all'): Promise<OnlineState[]> {
    const wanted = scopes === 'all' ? [...this.scopes.keys()] : scopes;
    return Promise.resolve(
      wanted.map((scope) => ({ scope, version: this.version, userIds: [...(this.scopes.get(scope)?.keys() ?? [])].sort((a, b) => a - b) })),
    );
  }

  beat(): Promise<boolean> {
    return Promise.resolve(true);
  }

  sweep(): Promise<PresenceChanges> {
    return Promise.resolve({ trips: [], users: [] });
  }

  replace(trips: readonly TripEntry[], online: readonly OnlineEntry[]): Promise<PresenceChanges> {
    const own = `${this.replica}/`;
    const touchedTrips = new Set<string>();
    const touchedUsers = new Map<string, { scope: OnlineScope; userId: number; was: boolean }>();
    const touchUser = (scope: OnlineScope, userId: number) => {
      const key = `${scope}:${userId}`;
      if (!touchedUsers.has(key)) touchedUsers.set(key, { scope, userId, was: this.socketsOf(scope, userId).size > 0 });
    };
    for (const [key, record] of this.trips) {
      for (const [field, e] of record.entries) {
        if (e.replica !== this.replica) continue;
        record.entries.delete(field);
        touchedTrips.add(key);
      }
    }
    for (const [scope, users] of this.scopes) {
      for (const [userId, sockets] of users) {
        const mine = [...sockets].filter((f) => f.startsWith(own));
        if (mine.length === 0) continue;
        touchUser(scope, userId);
        for (const f of mine) sockets.delete(f);
      }
    }
    for (const e of trips) {
      const key = `${e.tenantId}:${e.tripId}`;
      let record = this.trips.get(key);
      if (!record) {
        record = { tenantId: e.tenantId, tripId: e.tripId, version: 0, entries: new Map() };
        this.trips.set(key, record);
      }
      record.entries.set(entryField(e), { ...e });
      touchedTrips.add(key);
    }
    for (const e of online) {
      touchUser(e.scope, e.userId);
      this.socketsOf(e.scope, e.userId).add(entryField(e));
    }
    const changes: PresenceChanges = { trips: [], users: [] };
    if (touchedTrips.size === 0 && touchedUsers.size === 0) return Promise.resolve(changes);
    const version = this.bump();
    for (const key of touchedTrips) {
      const record = this.trips.get(key)!;
      record.version = version;
      changes.trips.push(tripState(record));
      if (record.entries.size === 0) this.trips.delete(key);
    }
    for (const { scope, userId } of touchedUsers.values()) {
      const online = this.socketsOf(scope, userId).size > 0;
      if (!online) this.forget(scope, userId);
      changes.users.push({ scope, userId, online, version });
    }
    return Promise.resolve(changes);
  }

  leave(): Promise<PresenceChanges> {
    return this.replace([], []);
  }

  private socketsOf(scope: OnlineScope, userId: number): Set<string> {
    let users = this.scopes.get(scope);
    if (!users) {
      users = new Map();
      this.scopes.set(scope, users);
    }
    let sockets = users.get(userId);
    if (!sockets) {
      sockets = new Set();
      users.set(userId, sockets);
    }
    return sockets;
  }

  private forget(scope: OnlineScope, userId: number): void {
    const users = this.scopes.get(scope);
    users?.delete(userId);
    if (users?.size === 0) this.scopes.delete(scope);
  }

  private bump(): number {
    this.version = nextVersion(this.version, this.now());
    return this.version;
  }
}

const tripState = (r: TripRecord): TripState => ({
  tenantId: r.tenantId,
  tripId: r.tripId,
  version: r.version,
  entries: [...r.entries.values()].map((e) => ({ ...e })),
});
