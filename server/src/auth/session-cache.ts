/** A cached verdict's row and whose token it is. */
interface Entry<Row> {
  userId: number;
  row: Row;
  /** When it is no longer believed (ms since the epoch, the cache's clock). */
  until: number;
}

/** What a committed change touched of the sign-in check's facts: users by id, signed-out tokens by id. */
export interface SessionKeys {
  users: readonly number[];
  tokens: readonly string[];
}

/**
 * The sign-in check's answers for tokens seen lately, so that a signed-in request costs no statement (SessionSync
 * keeps it true across replicas). Keyed by token id; a user's entries are dropped together when anything of theirs
 * changes, a token's when it is signed out.
 *
 * A fill races the invalidations: a request that read the database before a change committed must not store what it
 * read after the change has been invalidated. So a fill carries the invalidation count from before its read
 * (`mark`), and is stored only if no invalidation has come since.
 *
 * Entries also expire (`ttlMs`), the backstop for a replica that could not be told of a change (docs/architecture.md,
 * "Sessions"), and the oldest go first beyond `maxEntries`.
 */
export class SessionCache<Row> {
  private readonly entries = new Map<string, Entry<Row>>();
  private readonly byUser = new Map<number, Set<string>>();
  private invalidations = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The row stored for this token of this user, or undefined. */
  get(userId: number, tokenId: string): Row | undefined {
    const entry = this.entries.get(tokenId);
    if (!entry || entry.userId !== userId) return undefined;
    if (entry.until <= this.now()) {
      this.drop(tokenId);
      return undefined;
    }
    return entry.row;
  }

  /** Taken before reading the database for a fill. */
  mark(): number {
    return this.invalidations;
  }

  /** Stores what was read since `mark`, unless something was invalidated meanwhile. */
  fill(mark: number, userId: number, tokenId: string, row: Row): void {
    if (mark !== this.invalidations) return;
    this.drop(tokenId);
    this.entries.set(tokenId, { userId, row, until: this.now() + this.ttlMs });
    let tokens = this.byUser.get(userId);
    if (!tokens) this.byUser.set(userId, (tokens = new Set()));
    tokens.add(tokenId);
    while (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value!);
  }

  invalidate({ users, tokens }: SessionKeys): void {
    this.invalidations++;
    for (const userId of users) for (const tokenId of [...(this.byUser.get(userId) ?? [])]) this.drop(tokenId);
    for (const tokenId of tokens) this.drop(tokenId);
  }

  clear(): void {
    this.invalidations++;
    this.entries.clear();
    this.byUser.clear();
  }

  private drop(tokenId: string): void {
    const entry = this.entries.get(tokenId);
    if (!entry) return;
    this.entries.delete(tokenId);
    const tokens = this.byUser.get(entry.userId);
    tokens?.delete(tokenId);
    if (tokens?.size === 0) this.byUser.delete(entry.userId);
  }
}
