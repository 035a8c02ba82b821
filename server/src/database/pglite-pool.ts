import { EventEmitter } from 'node:events';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * A `pg`-shaped pool over one embedded PGlite database, for TypeORM's postgres driver.
 *
 * PGlite is a single session. typeorm-pglite's pool hands that one session to every TypeORM
 * connection at once, so two requests' transactions interleave (one's ROLLBACK undoes the other's
 * work). Here a connection is a lease: the next caller waits until the holder releases it, which
 * gives each transaction the session to itself, as PostgreSQL would.
 */
interface Lease {
  release: () => void;
}

type Callback = (err: Error | null, client?: PGliteClient, release?: () => void) => void;

function open(dataDir: string): Promise<PGlite> {
  return PGlite.create(dataDir, {
    // Trigram indexes for the trip search (migration TripListIndexes), as on PostgreSQL.
    extensions: { pg_trgm },
    // Mirror node-postgres: int8 and numeric come back as strings, booleans go out as literals.
    parsers: { [types.INT8]: (v: string) => v, [types.NUMERIC]: (v: string) => v },
    serializers: { [types.BOOL]: (v: unknown) => (v === true || v === 'true' || v === 1 ? 'TRUE' : 'FALSE') },
  });
}

class PGliteClient extends EventEmitter {
  constructor(private readonly db: PGlite) {
    super();
  }

  // A NOTICE a statement raised goes to the client's 'notice' listeners, as node-postgres's Client emits it.
  private readonly options = { onNotice: (notice: unknown) => this.emit('notice', notice) };

  async query(sql: string, params?: unknown[]) {
    if (params && params.length > 0) return this.db.query(sql, params, this.options);
    // Without parameters TypeORM may send several statements at once; pg returns the last result.
    const results = await this.db.exec(sql, this.options);
    return results[results.length - 1] ?? { rows: [], fields: [] };
  }
}

/** One database per pool: each TypeORM data source (one per app) owns its PGlite. */
export function pglitePoolFor(dataDir: string) {
  return class PGlitePool extends EventEmitter {
    private queue: Promise<void> = Promise.resolve();
    private db: Promise<PGlite> | undefined;

    private open(): Promise<PGlite> {
      return (this.db ??= open(dataDir));
    }

    private acquire(): Promise<Lease> {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const ready = this.queue.then(() => ({ release }));
      this.queue = this.queue.then(() => held);
      return ready;
    }

    connect(cb: Callback): void {
      Promise.all([this.open(), this.acquire()]).then(
        ([db, lease]) => {
          let released = false;
          cb(null, new PGliteClient(db), () => {
            if (!released) {
              released = true;
              lease.release();
            }
          });
        },
        (err: Error) => cb(err),
      );
    }

    async query(sql: string, params?: unknown[]) {
      const [db, lease] = await Promise.all([this.open(), this.acquire()]);
      try {
        return await new PGliteClient(db).query(sql, params);
      } finally {
        lease.release();
      }
    }

    async end(cb?: (err: Error | null) => void): Promise<void> {
      const db = this.db;
      this.db = undefined;
      try {
        if (db) await (await db).close();
        cb?.(null);
      } catch (e) {
        cb?.(e as Error);
      }
    }
  };
}
