/**
 * A token bucket: `capacity` tokens, refilled continuously at `perSecond`. Each presence command takes one
 * (presence-commands.service.ts); an empty bucket refuses, so a burst of `capacity` passes and a flood is cut to the
 * refill rate. One per connection (PRESENCE_RATE_LIMIT per 10 s), and one per user on this replica when the per-user
 * limit cannot be kept in Redis (presence-user-rate.service.ts).
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  /** Takes a token when there is one. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether the bucket is back to its capacity: forgetting it changes nothing. */
  isFull(): boolean {
    this.refill();
    return this.tokens >= this.capacity;
  }

  private refill(): void {
    const now = this.now();
    const elapsed = Math.max(now - this.last, 0);
    this.last = now;
    this.tokens = Math.min(this.capacity, this.tokens + (elapsed * this.perSecond) / 1000);
  }
}
