import { TokenBucket } from './presence-rate';

describe('TokenBucket', () => {
  it('lets a burst of its capacity through, then refuses until tokens come back at the refill rate', () => {
    let now = 1_000;
    const bucket = new TokenBucket(5, 0.5, () => now);
    expect(Array.from({ length: 7 }, () => bucket.take())).toEqual([true, true, true, true, true, false, false]);
    now += 1_999; // 0.9995 of a token
    expect(bucket.take()).toBe(false);
    now += 1; // the token is whole
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('refills a burst and a rate set apart: 20 at once, then 10 a second', () => {
    let now = 0;
    const bucket = new TokenBucket(20, 10, () => now);
    expect(Array.from({ length: 21 }, () => bucket.take()).filter(Boolean)).toHaveLength(20);
    now += 1_000;
    expect(Array.from({ length: 11 }, () => bucket.take()).filter(Boolean)).toHaveLength(10);
  });

  it('never holds more than its capacity, however long it waited', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 0.3, () => now);
    now += 3_600_000;
    expect(Array.from({ length: 4 }, () => bucket.take())).toEqual([true, true, true, false]);
  });

  it('does not mint tokens when the clock goes back', () => {
    let now = 50_000;
    const bucket = new TokenBucket(1, 0.1, () => now);
    expect(bucket.take()).toBe(true);
    now -= 40_000;
    expect(bucket.take()).toBe(false);
  });

  it('is full again once it has refilled, and not before', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 1, () => now);
    bucket.take();
    expect(bucket.isFull()).toBe(false);
    now += 999;
    expect(bucket.isFull()).toBe(false);
    now += 1;
    expect(bucket.isFull()).toBe(true);
  });
});
