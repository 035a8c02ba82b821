import { SessionCache } from './session-cache';

describe('SessionCache', () => {
  let now = 0;
  const cache = () => new SessionCache<string>(1_000, 3, () => now);
  beforeEach(() => (now = 0));

  it('answers a filled token for its own user only', () => {
    const c = cache();
    c.fill(c.mark(), 7, 'tok', 'row');
    expect(c.get(7, 'tok')).toBe('row');
    expect(c.get(8, 'tok')).toBeUndefined();
    expect(c.get(7, 'other')).toBeUndefined();
  });

  it('drops every token of a changed user, and a signed-out token alone', () => {
    const c = cache();
    c.fill(c.mark(), 7, 'a', 'a');
    c.fill(c.mark(), 7, 'b', 'b');
    c.fill(c.mark(), 8, 'c', 'c');
    c.invalidate({ users: [7], tokens: [] });
    expect([c.get(7, 'a'), c.get(7, 'b'), c.get(8, 'c')]).toEqual([undefined, undefined, 'c']);
    c.invalidate({ users: [], tokens: ['c'] });
    expect(c.size).toBe(0);
  });

  it('does not store what was read before an invalidation that came during the read', () => {
    const c = cache();
    const mark = c.mark();
    c.invalidate({ users: [42], tokens: [] });
    c.fill(mark, 7, 'tok', 'stale');
    expect(c.get(7, 'tok')).toBeUndefined();
    c.fill(c.mark(), 7, 'tok', 'fresh');
    expect(c.get(7, 'tok')).toBe('fresh');
  });

  it('forgets an entry at its time to live, and the oldest beyond its size', () => {
    const c = cache();
    c.fill(c.mark(), 1, 'a', 'a');
    now = 999;
    expect(c.get(1, 'a')).toBe('a');
    now = 1_000;
    expect(c.get(1, 'a')).toBeUndefined();
    for (const t of ['b', 'c', 'd', 'e']) c.fill(c.mark(), 2, t, t);
    expect(c.size).toBe(3);
    expect(c.get(2, 'b')).toBeUndefined();
    expect(c.get(2, 'e')).toBe('e');
  });

  it('empties on clear, and a read begun before it is not stored', () => {
    const c = cache();
    c.fill(c.mark(), 1, 'a', 'a');
    const mark = c.mark();
    c.clear();
    c.fill(mark, 1, 'b', 'b');
    expect(c.size).toBe(0);
  });
});
