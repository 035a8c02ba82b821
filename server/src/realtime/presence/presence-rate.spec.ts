import { TokenBucket } from './presence-rate';

describe('TokenBucket', () => {
  it('lets a burst of its capacity through, then refuses until tokens come back at capacity per period', () => {
    let now = 1_000;
    const bucket = new TokenBucket(5, 10_000, () => now);
    expect(Array.from({ length: 7 }, () => bucket.take())).toEqual([true, true, true, true, true, false, false]);
    now += 1_999; // 0.9995 of a token
    expect(bucket.take()).toBe(false);
    now += 1; // the token is whole
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('never holds more than its capacity, however long it waited', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 10_000, () => now);
    now += 3_600_000;
    expect(Array.from({ length: 4 }, () => bucket.take())).toEqual([true, true, true, false]);
  });

  it('does not mint tokens when the clock goes back', () => {
    let now = 50_000;
    const bucket = new TokenBucket(1, 10_000, () => now);
    expect(bucket.take()).toBe(true);
    now -= 40_000;
    expect(bucket.take()).toBe(false);
  });
});
