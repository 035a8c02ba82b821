import { presenceStoreContract } from '../../../../test/support/presence-store-contract';
import { MemoryPresenceStore } from './presence-memory.store';
import { nextVersion } from './presence-store';

describe('MemoryPresenceStore', () => {
  presenceStoreContract((replica) => new MemoryPresenceStore(replica));

  it('never sweeps anyone: one process has no other replica to lose', async () => {
    const store = new MemoryPresenceStore('r1');
    expect(await store.beat()).toBe(true);
    expect(await store.sweep()).toEqual({ trips: [], users: [] });
  });
});

describe('nextVersion', () => {
  it('counts up, and never falls below the clock in microseconds (so a lost counter cannot go back)', () => {
    expect(nextVersion(5_000_000_000_000_000, 1_000)).toBe(5_000_000_000_000_001);
    expect(nextVersion(0, 1_700_000_000_000)).toBe(1_700_000_000_000_000);
  });
});
