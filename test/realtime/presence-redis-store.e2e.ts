import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { RedisPresenceStore } from '../../server/src/realtime/presence/presence-redis.store';
import type { TripEntry } from '../../server/src/realtime/presence/presence-store';
import { presenceStoreContract } from '../support/presence-store-contract';
import { redisUrl, sleep } from './live-client';

/** The Redis store's scripts against the real Redis, under a key prefix of this run's own. */
describe('RedisPresenceStore', () => {
  const schema = `presence_store_${randomBytes(4).toString('hex')}`;
  const client = createClient({ url: redisUrl() });
  const link = { commands: client };
  const store = (replica: string, aliveMs = 5_000) => new RedisPresenceStore(link, replica, schema, aliveMs);

  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `presence:${schema}:*`, COUNT: 500 })) keys.push(...batch);
    if (keys.length > 0) await client.del(keys);
    await client.close();
  });

  presenceStoreContract((replica) => store(replica));

  const entry = (replica: string, tenantId: number, tripId: number, socketId: string, userId: number): TripEntry => ({
    replica,
    socketId,
    tenantId,
    tripId,
    userId,
    name: `User ${userId}`,
    role: 'school_staff',
    activity: 'viewing',
    since: new Date().toISOString(),
  });

  it('sweeps the entries of a replica that stopped beating, once, and leaves the living ones alone', async () => {
    const living = store('living');
    const doomed = store('doomed', 300);
    await living.sweep(); // the contract's replicas above never beat: they are swept first
    expect(await living.beat()).toBe(false); // its first beat: it was not known before
    expect(await living.beat()).toBe(true);
    await doomed.beat();
    await living.put(entry('living', 901, 9_001, 's1', 1));
    await doomed.put(entry('doomed', 901, 9_001, 's2', 2));
    await doomed.put(entry('doomed', 901, 9_002, 's3', 2));
    await living.connect({ replica: 'living', socketId: 's1', scope: 901, userId: 1 });
    await doomed.connect({ replica: 'doomed', socketId: 's2', scope: 901, userId: 2 });

    expect(await living.sweep()).toEqual({ trips: [], users: [] }); // still alive
    await sleep(400); // its "alive" key expires
    const swept = await living.sweep();
    expect(swept.trips.map((t) => [t.tripId, t.entries.map((e) => e.userId)]).sort()).toEqual([
      [9_001, [1]],
      [9_002, []],
    ]);
    expect(swept.users).toEqual([{ scope: 901, userId: 2, online: false, version: swept.trips[0].version }]);
    expect((await living.online([901]))[0].userIds).toEqual([1]);
    expect(await store('another').sweep()).toEqual({ trips: [], users: [] }); // nothing left to sweep
    // the swept replica learns it was given up for dead at its next beat, and can write itself back
    expect(await doomed.beat()).toBe(false);
    const back = await doomed.replace([entry('doomed', 901, 9_002, 's3', 2)], []);
    expect(back.trips.map((t) => [t.tripId, t.entries.map((e) => e.userId)])).toEqual([[9_002, [2]]]);
  });

  it('leaves no key behind when the last replica of a deployment leaves', async () => {
    const own = `${schema}_alone`;
    const alone = new RedisPresenceStore(link, 'alone', own, 5_000);
    await alone.beat();
    await alone.put(entry('alone', 903, 9_201, 's1', 1));
    await alone.connect({ replica: 'alone', socketId: 's1', scope: 903, userId: 1 });
    const left = await alone.leave();
    expect(left.trips.map((t) => [t.tripId, t.entries])).toEqual([[9_201, []]]);
    expect(left.users).toEqual([expect.objectContaining({ scope: 903, userId: 1, online: false })]);
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `presence:${own}:*`, COUNT: 500 })) keys.push(...batch);
    expect(keys).toEqual([]);
  });

  it('numbers changes above the clock in microseconds, also after the counter was lost', async () => {
    const s = store('clock');
    const before = Date.now() * 1000;
    const first = await s.put(entry('clock', 902, 9_101, 's1', 1));
    expect(first.version).toBeGreaterThanOrEqual(before);
    await client.del(`presence:${schema}:v`); // as a Redis restart without persistence would
    const second = await s.put(entry('clock', 902, 9_101, 's2', 2));
    expect(second.version).toBeGreaterThan(first.version);
  });
});
