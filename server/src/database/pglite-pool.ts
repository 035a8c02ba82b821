import { EventEmitter } from 'node:events';
import { PGlite, parse, protocol, type Results, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { START, writesOrLocks } from './preparing-client';

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

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** A statement the session has described: prepared under its own name if it writes or locks, else '' (parsed each run). */
interface Prepared {
  name: string;
  /** The parameters' types, as PostgreSQL inferred them (each value is written for its type). */
  paramTypes: number[];
  /** A named statement's rows, when it returns rows (read once, not asked again on every run; a read describes its own). */
  rowDescription?: BackendMessage;
}

/** What a statement that is not sent answers (TypeORM reads nothing of it). */
const unsent = (): Results => ({ rows: [], fields: [] });

/** How many statements the session keeps described; past it, the least recently used is forgotten (closed if named). */
const PREPARED_LIMIT = 500;

function open(dataDir: string): Promise<PGlite> {
  return PGlite.create(dataDir, {
    // Trigram indexes for the trip search (migration TripListIndexes), as on PostgreSQL.
    extensions: { pg_trgm },
    // Mirror node-postgres: int8 and numeric come back as strings, booleans go out as literals.
    parsers: { [types.INT8]: (v: string) => v, [types.NUMERIC]: (v: string) => v },
    serializers: { [types.BOOL]: (v: unknown) => (v === true || v === 'true' || v === 1 ? 'TRUE' : 'FALSE') },
  });
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The one session, spoken to in the wire protocol directly. PGlite's own `query` parses and plans every statement
 * again and calls into WebAssembly six times for it (parse, describe, bind, describe, execute, sync); planning the
 * trip's locking read costs more than running it. Here a statement with parameters that writes or locks is parsed once
 * under a name, as preparing-client.ts does on PostgreSQL (and for the reason given there, reads are not), and each
 * later run is one call: bind, execute, sync. A read is one call too, parsed and planned for its values each time:
 * parse, bind, describe, execute, sync, with its parameters' types remembered from its first run. A prepared statement
 * outlives a rollback (it is the session's, not the transaction's), and PostgreSQL plans it again by itself when a
 * table it reads changes.
 */
class Session {
  private readonly prepared = new Map<string, Prepared>();
  private named = 0;
  /** Statements evicted from the cache, closed at the start of the next call. */
  private closing: string[] = [];
  private turn: Promise<unknown> = Promise.resolve();

  constructor(readonly db: PGlite) {}

  /** `begin`: the transaction's BEGIN goes in front of the statement, in the same call (see PGliteClient). */
  query(sql: string, params: unknown[], onNotice: (notice: unknown) => void, begin = false) {
    return this.inTurn(() => this.run(sql, params, onNotice, begin));
  }

  /** A statement without parameters (several may come at once, as TypeORM sends them): the simple protocol. */
  exec(sql: string, onNotice: (notice: unknown) => void) {
    return this.inTurn(async () => {
      try {
        const results = parse.parseResults(await this.call([protocol.serialize.query(sql)], onNotice, false), this.db.parsers);
        return results[results.length - 1] ?? { rows: [], fields: [] };
      } catch (e) {
        throw Object.assign(e as Error, { query: sql });
      }
    });
  }

  /**
   * Runs `step` after the steps before it. A connection's queries may come at once (TypeORM's Promise.all inside a
   * transaction), and a call's answer is collected in state PGlite keeps across its await: one call at a time.
   */
  private inTurn<T>(step: () => Promise<T>): Promise<T> {
    const run = this.turn.then(step);
    this.turn = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async run(sql: string, params: unknown[], onNotice: (notice: unknown) => void, begin: boolean) {
    try {
      const statement = this.prepared.get(sql) ?? (await this.prepare(sql, onNotice));
      // Most recently used last: the Map's order is the eviction order.
      this.prepared.delete(sql);
      this.prepared.set(sql, statement);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const write = this.db.serializers[statement.paramTypes[i]];
        return write ? write(value) : String(value);
      });
      const bind = protocol.serialize.bind({ statement: statement.name, values });
      const execute = protocol.serialize.execute({});
      // BEGIN's messages first; if it failed, PostgreSQL would skip the statement (up to the Sync), and the call throws.
      const opening = begin ? [protocol.serialize.parse({ text: START }), protocol.serialize.bind({}), execute] : [];
      const own = async (messages: Uint8Array[]) => {
        const answers = await this.call([...opening, ...messages], onNotice);
        return begin ? answers.slice(answers.findIndex((m) => m.name === 'commandComplete') + 1) : answers;
      };
      if (!statement.name) {
        // The unnamed statement, parsed again, and the portal describing its rows as they are now.
        const parsed = protocol.serialize.parse({ text: sql });
        const messages = await own([parsed, bind, protocol.serialize.describe({ type: 'P' }), execute]);
        return parse.parseResults(messages, this.db.parsers)[0];
      }
      const messages = await own([bind, execute]);
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return parse.parseResults(described, this.db.parsers)[0];
    } catch (e) {
      // A table changed under the statement so that its rows would change shape: the next run prepares it again.
      if ((e as { code?: string }).code === '0A000') this.forget(sql);
      throw Object.assign(e as Error, { query: sql, params });
    }
  }

  /** Drops a statement from the cache; it is closed with the next call. */
  private forget(sql: string): void {
    const statement = this.prepared.get(sql);
    if (!statement) return;
    this.prepared.delete(sql);
    if (statement.name) this.closing.push(statement.name);
  }

  private async prepare(sql: string, onNotice: (notice: unknown) => void): Promise<Prepared> {
    const name = writesOrLocks(sql) ? `s${++this.named}` : '';
    const messages = await this.call(
      [protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name })],
      onNotice,
    );
    const statement: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: name ? messages.find((m) => m.name === 'rowDescription') : undefined,
    };
    this.prepared.set(sql, statement);
    if (this.prepared.size > PREPARED_LIMIT) this.forget(this.prepared.keys().next().value as string);
    return statement;
  }

  /**
   * One call into the database: the closes owed, then the messages. Extended-protocol messages end with a Sync (after
   * an error PostgreSQL skips to it, so the session is ready for the next call either way); a simple query ends on
   * its own. Throws the first error.
   */
  private async call(messages: Uint8Array[], onNotice: (notice: unknown) => void, extended = true): Promise<BackendMessage[]> {
    const closes = this.closing.map((name) => protocol.serialize.close({ type: 'S', name }));
    this.closing = [];
    const closed = closes.length > 0 ? [...closes, protocol.serialize.sync()] : [];
    const ended = extended ? [...messages, protocol.serialize.sync()] : messages;
    return this.db.execProtocolStream(concat([...closed, ...ended]), { syncToFs: false, onNotice });
  }
}

/**
 * One lease of the session. A transaction's BEGIN waits for its first statement and goes in the same call, as
 * preparing-client.ts sends it with the first statement on PostgreSQL: TypeORM awaits `START TRANSACTION` before its
 * first statement, a call into the database that carries nothing. A statement without parameters takes it as its own
 * first statement; a COMMIT or ROLLBACK of a transaction that sent nothing calls nothing. The lease is the
 * transaction's: a BEGIN owed cannot pass to the next holder.
 */
class PGliteClient extends EventEmitter {
  private beginOwed = false;
  /** Writes waiting for the transaction's next statement (`later`). */
  private held: Array<{ sql: string; params: unknown[] }> = [];

  constructor(private readonly session: Session) {
    super();
  }

  // A NOTICE a statement raised goes to the client's 'notice' listeners, as node-postgres's Client emits it.
  private readonly onNotice = (notice: unknown) => this.emit('notice', notice);

  /**
   * A write whose answer nobody reads, run just before the transaction's next statement (PreparingClient.later on
   * PostgreSQL, where it saves a round trip; here a call into the database costs none, so it simply runs first). If it
   * fails, that statement fails with its error and does not run; a ROLLBACK drops it.
   */
  later(sql: string, params: unknown[]): void {
    this.held.push({ sql, params });
  }

  query(sql: string, params?: unknown[]): Promise<Results> {
    if (sql === 'ROLLBACK') this.held = [];
    if (this.held.length > 0) return this.afterHeld(sql, params);
    const begin = this.beginOwed;
    this.beginOwed = false;
    if (params && params.length > 0) return this.session.query(sql, params, this.onNotice, begin);
    if (sql === START && !begin) {
      this.beginOwed = true;
      return Promise.resolve(unsent());
    }
    if (begin && (sql === 'COMMIT' || sql === 'ROLLBACK')) return Promise.resolve(unsent());
    // Without parameters TypeORM may send several statements at once; pg returns the last result.
    return this.session.exec(begin ? `${START}; ${sql}` : sql, this.onNotice);
  }

  private async afterHeld(sql: string, params?: unknown[]): Promise<Results> {
    const held = this.held;
    this.held = [];
    for (const write of held) await this.query(write.sql, write.params);
    return this.query(sql, params);
  }
}

/** One database per pool: each TypeORM data source (one per app) owns its PGlite. */
export function pglitePoolFor(dataDir: string) {
  return class PGlitePool extends EventEmitter {
    private queue: Promise<void> = Promise.resolve();
    private session: Promise<Session> | undefined;

    private open(): Promise<Session> {
      return (this.session ??= open(dataDir).then((db) => new Session(db)));
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
        ([session, lease]) => {
          let released = false;
          cb(null, new PGliteClient(session), () => {
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
      const [session, lease] = await Promise.all([this.open(), this.acquire()]);
      try {
        return await new PGliteClient(session).query(sql, params);
      } finally {
        lease.release();
      }
    }

    async end(cb?: (err: Error | null) => void): Promise<void> {
      const session = this.session;
      this.session = undefined;
      try {
        if (session) await (await session).db.close();
        cb?.(null);
      } catch (e) {
        cb?.(e as Error);
      }
    }
  };
}
