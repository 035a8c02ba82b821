/**
 * A token bucket: `capacity` tokens, refilled continuously at `capacity` per `periodMs`. Each presence command
 * of a connection takes one (presence.service.ts); an empty bucket refuses, so a burst of `capacity` passes
 * and a flood is cut to the refill rate.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly capacity: number,
    private readonly periodMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  /** Takes a token when there is one. */
  take(): boolean {
    const now = this.now();
    const elapsed = Math.max(now - this.last, 0);
    this.last = now;
    this.tokens = Math.min(this.capacity, this.tokens + (elapsed * this.capacity) / this.periodMs);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
