import type { OnlineEntry, PresenceStore, TripEntry } from '../../server/src/realtime/presence/presence-store';

/**
 * What every presence store does (server/src/realtime/presence/presence-store.ts), run against the in-memory store
 * (unit) and the Redis store (realtime): `make(replica)` gives a store acting for that replica, all of one
 * deployment. Tenants and trips are numbered apart per call so that runs sharing a store do not collide.
 */
export function presenceStoreContract(make: (replica: string) => PresenceStore | Promise<PresenceStore>): void {
  let seq = Math.floor(Math.random() * 1_000_000) * 100;
  const ids = () => ({ tenantId: ++seq, tripId: ++seq, other: ++seq });
  // each test acts for a replica of its own: a rewrite or a departure touches only that replica's entries
  let replica = '';
  const open = async () => {
    replica = `r${++seq}`;
    return make(replica);
  };
  const entry = (over: Partial<TripEntry> & Pick<TripEntry, 'tenantId' | 'tripId'>): TripEntry => ({
    replica,
    socketId: 'sock-1',
    userId: 7,
    name: 'Dev Desert',
    role: 'bus_company',
    activity: 'viewing',
    since: '2031-05-01T09:41:00.000Z',
    ...over,
  });
  const online = (over: Partial<OnlineEntry> & Pick<OnlineEntry, 'scope'>): OnlineEntry => ({
    replica,
    socketId: 'sock-1',
    userId: 7,
    ...over,
  });

  it('keeps each connection’s announcement on a trip, with a version that grows at every change', async () => {
    const store = await open();
    const { tenantId, tripId } = ids();
    const first = await store.put(entry({ tenantId, tripId }));
    expect(first.entries).toEqual([entry({ tenantId, tripId })]);
    const second = await store.put(entry({ tenantId, tripId, socketId: 'sock-2', userId: 8, name: 'Sam', role: 'school_staff' }));
    expect(second.version).toBeGreaterThan(first.version);
    expect(second.entries.map((e) => e.socketId).sort()).toEqual(['sock-1', 'sock-2']);
    const changed = await store.put(entry({ tenantId, tripId, activity: 'assigning' }));
    expect(changed.version).toBeGreaterThan(second.version);
    expect(changed.entries.find((e) => e.socketId === 'sock-1')?.activity).toBe('assigning');
  });

  it('removes an announcement, says when there was none, and forgets a trip nobody is on', async () => {
    const store = await open();
    const { tenantId, tripId } = ids();
    const put = await store.put(entry({ tenantId, tripId }));
    expect(await store.remove({ replica, socketId: 'nobody', tenantId, tripId }, false)).toBeNull();
    const removed = await store.remove(entry({ tenantId, tripId }), true);
    expect(removed).toMatchObject({ tenantId, tripId, entries: [] });
    expect(removed!.version).toBeGreaterThan(put.version);
    expect(await store.remove(entry({ tenantId, tripId }), true)).toBeNull();
    expect((await store.snapshot([tenantId])).trips).toEqual([]);
  });

  it('gives a snapshot of the tenants asked for, with a version no older than any list in it', async () => {
    const store = await open();
    const { tenantId, tripId, other } = ids();
    const elsewhere = ids();
    await store.put(entry({ tenantId, tripId }));
    await store.put(entry({ tenantId, tripId: other, socketId: 'sock-2' }));
    const foreign = await store.put(entry({ tenantId: elsewhere.tenantId, tripId: elsewhere.tripId }));
    const mine = await store.snapshot([tenantId]);
    expect(mine.trips.map((t) => t.tripId).sort((x, y) => x - y)).toEqual([tripId, other]);
    expect(mine.version).toBeGreaterThanOrEqual(Math.max(...mine.trips.map((t) => t.version), foreign.version));
    const all = await store.snapshot('all');
    expect(all.trips.map((t) => t.tripId)).toEqual(expect.arrayContaining([tripId, other, elsewhere.tripId]));
    expect((await store.snapshot([])).trips).toEqual([]);
  });

  it('counts a user online from their first connection until their last one goes', async () => {
    const store = await open();
    const { tenantId } = ids();
    const first = await store.connect(online({ scope: tenantId }));
    expect(first).toMatchObject({ scope: tenantId, userId: 7, online: true });
    expect(await store.connect(online({ scope: tenantId, socketId: 'sock-2' }))).toBeNull(); // already online
    const other = await store.connect(online({ scope: tenantId, socketId: 'sock-3', userId: 9 }));
    expect(other).toMatchObject({ userId: 9, online: true });
    expect(other!.version).toBeGreaterThan(first!.version);
    expect(await store.online([tenantId])).toEqual([{ scope: tenantId, version: expect.any(Number), userIds: [7, 9] }]);
    expect(await store.disconnect(online({ scope: tenantId }), false)).toBeNull(); // still on sock-2
    const gone = await store.disconnect(online({ scope: tenantId, socketId: 'sock-2' }), true);
    expect(gone).toMatchObject({ scope: tenantId, userId: 7, online: false });
    expect(gone!.version).toBeGreaterThan(other!.version);
    expect(await store.disconnect(online({ scope: tenantId, socketId: 'sock-2' }), true)).toBeNull(); // already gone
    const now = await store.online([tenantId, 'platform']);
    expect(now.find((o) => o.scope === tenantId)?.userIds).toEqual([9]);
    expect(now.find((o) => o.scope === tenantId)!.version).toBeGreaterThanOrEqual(gone!.version);
    expect(await store.disconnect(online({ scope: tenantId, socketId: 'sock-3', userId: 9 }), true)).toMatchObject({ online: false });
    expect((await store.online([tenantId]))[0]).toMatchObject({ scope: tenantId, userIds: [] });
  });

  it('rewrites its replica’s entries to exactly the ones given, and withdraws them all when leaving', async () => {
    const store = await open();
    const { tenantId, tripId, other } = ids();
    await store.put(entry({ tenantId, tripId }));
    await store.connect(online({ scope: tenantId }));
    const changes = await store.replace(
      [entry({ tenantId, tripId: other, socketId: 'sock-2', activity: 'editing' })],
      [online({ scope: tenantId, socketId: 'sock-2' })],
    );
    expect(changes.trips.map((t) => [t.tripId, t.entries.map((e) => e.socketId)]).sort()).toEqual(
      [
        [tripId, []],
        [other, ['sock-2']],
      ].sort(),
    );
    expect(changes.users).toEqual([expect.objectContaining({ scope: tenantId, userId: 7, online: true })]);
    expect((await store.snapshot([tenantId])).trips.map((t) => t.tripId)).toEqual([other]);

    const left = await store.leave();
    expect(left.trips).toEqual(expect.arrayContaining([expect.objectContaining({ tripId: other, entries: [] })]));
    expect((await store.snapshot([tenantId])).trips).toEqual([]);
    expect(left.users).toEqual([expect.objectContaining({ scope: tenantId, userId: 7, online: false })]);
    expect((await store.online([tenantId]))[0].userIds).toEqual([]);
  });
}
