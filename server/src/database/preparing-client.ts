import { Client, Query, type QueryConfig, type QueryResult } from 'pg';
import { prepareValue } from 'pg/lib/utils';

/** How many named statements one connection keeps; past it, the least recently used is deallocated. */
export const PREPARED_PER_CONNECTION = 200;

/** What a pg connection remembers of the statements it has parsed (node-postgres's own bookkeeping). */
interface Parsed {
  parsedStatements: Record<string, string>;
}

/**
 * Whether a statement writes or locks rows (INSERT, UPDATE, DELETE, SELECT … FOR UPDATE): those are prepared. Their
 * plans hardly depend on the values (a row by its key, a row into a table), so the plan PostgreSQL settles on for
 * every run is the one it would make for each. A read is left to be planned for its values every time: after five
 * runs of a prepared read PostgreSQL may settle on one plan for all values, and for a bus company's dashboard over
 * 100,000 trips that plan took 40 ms where planning for the company took 4 (`npm run bench -- reads`).
 * Keywords are matched in capitals, as TypeORM and this code write them.
 */
export const writesOrLocks = (text: string): boolean => /\b(INSERT|UPDATE|DELETE)\b/.test(text);

/** How TypeORM opens a transaction (the PGlite pool defers it too). */
export const START = 'START TRANSACTION';
/** The connection's own prepared BEGIN, parsed with its first transaction. */
const BEGIN_STATEMENT = 'begin';
/** The config of the connection's BEGIN statement, one object per call. */
const begin = (): QueryConfig => ({ name: BEGIN_STATEMENT, text: START, values: [] });

/** What a deferred START TRANSACTION answers at once (TypeORM reads nothing of it). */
const started = (): QueryResult => ({ command: START, rowCount: null, oid: 0, fields: [], rows: [] });

/** The parts of node-postgres's Connection and Query a statement sent with its BEGIN uses (not in its types). */
interface Wire {
  stream: { cork?: () => void; uncork?: () => void };
  parse(config: { text: string }): void;
  bind(config: { statement?: string; values?: unknown[]; valueMapper?: (value: unknown) => unknown }): void;
  execute(config: object): void;
}
interface QueryInternals {
  submit(connection: Wire): Error | null;
  handleCommandComplete(message: unknown, connection: Wire): void;
}

/** A write held to go with the transaction's next statement ({@link PreparingClient.later}). */
interface Held {
  text: string;
  values: unknown[];
}

/**
 * A statement sent with what goes in front of it, in one message batch that ends with one Sync: its transaction's
 * BEGIN (the Bind and Execute of the connection's prepared BEGIN) when owed, then the writes held for it (each parsed
 * unnamed, bound and executed), then the statement's own messages. PostgreSQL runs them in order and skips everything
 * after an error up to the Sync, so the statement never runs outside its transaction nor after a held write that
 * failed: that error is the statement's. The CommandCompletes of what went in front come back first and are not the
 * statement's.
 */
function withPrefix(
  config: QueryConfig,
  prefix: { begin: boolean; held: readonly Held[] },
  callback: (e: Error | null, result: QueryResult) => void,
): Query {
  const query = new Query(config, undefined, callback as never);
  const own = query as unknown as QueryInternals;
  const submit = own.submit.bind(query);
  const complete = own.handleCommandComplete.bind(query);
  let ahead = (prefix.begin ? 1 : 0) + prefix.held.length;
  own.submit = (connection) => {
    // Corks nest: the statement's own messages (corked in submit) leave in the same write as these.
    connection.stream.cork?.();
    try {
      if (prefix.begin) {
        connection.bind({ statement: BEGIN_STATEMENT });
        connection.execute({});
      }
      for (const { text, values } of prefix.held) {
        connection.parse({ text });
        connection.bind({ values, valueMapper: prepareValue });
        connection.execute({});
      }
      return submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  };
  own.handleCommandComplete = (message, connection) => {
    if (ahead === 0) complete(message, connection);
    else ahead -= 1;
  };
  return query;
}

/**
 * node-postgres's Client, with every statement that writes or locks prepared once per connection ({@link writesOrLocks}):
 * the first run parses and plans it under a name, later runs only bind and execute. TypeORM sends plain text, so
 * PostgreSQL would plan the trip's locking read and its update-with-history again on every change, at more cost than
 * running them.
 *
 * Names are per connection (`p1`, `p2`, …) and never reused, so a statement forgotten here can never be mistaken for
 * another; the least recently used past {@link PREPARED_PER_CONNECTION} is deallocated (TypeORM writes `IN` lists with
 * one parameter per value, so the texts are not a fixed set). A statement whose rows changed shape under it (a
 * migration, PostgreSQL's 0A000) is forgotten and prepared again on its next run. A read, and a statement without
 * parameters (BEGIN, COMMIT, several at once), stays plain text.
 *
 * A transaction's BEGIN waits for its first statement and goes with it, in the same write ({@link withPrefix}): TypeORM
 * sends `START TRANSACTION` and awaits its answer before the first statement, a round trip that carries nothing. It
 * is answered at once here, and sent in front of the next statement with parameters. A statement without parameters
 * (an isolation level, a savepoint) has it sent on its own first, as before; a COMMIT or ROLLBACK of a transaction
 * that sent nothing sends nothing.
 *
 * A write whose answer nobody reads can wait for the transaction's next statement, usually its COMMIT, and go in the
 * same write ({@link later}): the e-mail a change queues, a drain's marks.
 */
export class PreparingClient extends Client {
  private readonly names = new Map<string, string>();
  private count = 0;
  /** A START TRANSACTION answered but not yet sent. */
  private beginOwed = false;
  /** Writes waiting for the transaction's next statement ({@link later}). */
  private held: Held[] = [];

  /**
   * Holds a write whose answer nobody reads (an INSERT, UPDATE or DELETE without RETURNING) until the transaction's next
   * statement, usually its COMMIT, and sends it in front of that one, in the same write: a round trip fewer. It still
   * runs in its place, before that statement; if it fails, that statement fails with its error (PostgreSQL skips the
   * rest of the batch), so a COMMIT that carried it fails and the transaction is rolled back. A ROLLBACK drops it.
   * The statement carrying held writes is parsed unnamed that once, and must be a single statement.
   */
  later(text: string, values: unknown[]): void {
    if (!/^\s*(INSERT|UPDATE|DELETE)\b/.test(text) || /\bRETURNING\b/.test(text)) {
      throw new Error(`Only a write that answers no rows can wait for the next statement: ${text.slice(0, 80)}`);
    }
    this.held.push({ text, values });
  }

  // node-postgres's other overloads (a config object, a submittable) pass through untouched, behind an owed BEGIN.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const callback = typeof values === 'function' ? values : args[2];
    if (typeof text !== 'string') {
      if (this.held.length > 0) throw new Error('Writes held for the next statement cannot go with a query object');
      if (this.beginOwed) this.sendBegin();
      return this.pass(args);
    }
    const params = Array.isArray(values) ? values : [];
    // A rollback takes the held writes with it: they never ran.
    if (text === 'ROLLBACK') this.held = [];
    const carrying = this.held.length > 0;
    if (params.length === 0 && !carrying) {
      if (text === START && !this.beginOwed) {
        // Whether PostgreSQL confirmed the connection's BEGIN statement (node-postgres notes it on ParseComplete).
        if (this.parsed()[BEGIN_STATEMENT] !== undefined) {
          this.beginOwed = true;
          return this.answer(callback, started());
        }
        // The connection's first (or a first that failed): parsed under its name, and run, as any statement.
        return this.pass(typeof callback === 'function' ? [begin(), callback] : [begin()]);
      }
      if (this.beginOwed && (text === 'COMMIT' || text === 'ROLLBACK')) {
        // A transaction that sent nothing has nothing to end.
        this.beginOwed = false;
        return this.answer(callback, { ...started(), command: text });
      }
      if (this.beginOwed) this.sendBegin();
      return this.pass(args);
    }
    // Unnamed when it carries held writes: node-postgres would note their ParseComplete as this statement's.
    const prepared = !carrying && writesOrLocks(text);
    if (!prepared && !this.beginOwed && !carrying) return this.pass(args);
    // The extended protocol even without parameters: a plain-text query in the batch would not wait for its Sync.
    const config: QueryConfig = prepared
      ? { name: this.nameFor(text), text, values: params }
      : { text, values: params, ...(carrying ? { queryMode: 'extended' as const } : {}) };
    let settle!: (e: Error | null, result: QueryResult) => void;
    const done = new Promise<QueryResult>((resolve, reject) => {
      settle = (e, result) => {
        if (prepared && (e as { code?: string } | null)?.code === '0A000') this.forget(text);
        if (typeof callback === 'function') (callback as (e: Error | null, r: QueryResult) => void)(e, result);
        if (e) reject(e);
        else resolve(result);
      };
    });
    if (this.beginOwed || carrying) {
      const prefix = { begin: this.beginOwed, held: this.held };
      this.beginOwed = false;
      this.held = [];
      super.query(withPrefix(config, prefix, settle));
    } else {
      super.query(config, settle);
    }
    if (typeof callback === 'function') {
      done.catch(() => undefined);
      return undefined as never;
    }
    return done as never;
  }

  /** The statements PostgreSQL confirmed on this connection, by name (node-postgres's own bookkeeping). */
  private parsed(): Record<string, string> {
    return (this as unknown as { connection: Parsed }).connection.parsedStatements;
  }

  private pass(args: unknown[]): never {
    return (super.query as (...a: unknown[]) => never)(...args);
  }

  /** Answers a statement that is not sent, as node-postgres would: through the callback, or a promise. */
  private answer(callback: unknown, result: QueryResult): never {
    if (typeof callback === 'function') {
      process.nextTick(() => (callback as (e: null, r: QueryResult) => void)(null, result));
      return undefined as never;
    }
    return Promise.resolve(result) as never;
  }

  /** Sends the owed BEGIN on its own, ahead of a statement that cannot carry it (queued in order, as every query is). */
  private sendBegin(): void {
    this.beginOwed = false;
    // Its failure (a broken connection) is also the next statement's, which reports it.
    (super.query(begin()) as unknown as Promise<unknown>).catch(() => undefined);
  }

  private nameFor(text: string): string {
    let name = this.names.get(text);
    if (name) this.names.delete(text);
    else name = `p${++this.count}`;
    // Most recently used last: the Map's order is the eviction order.
    this.names.set(text, name);
    if (this.names.size > PREPARED_PER_CONNECTION) this.forget(this.names.keys().next().value as string);
    return name;
  }

  /** Forgets a statement; if PostgreSQL holds it, it is deallocated (queued behind the queries already sent). */
  private forget(text: string): void {
    const name = this.names.get(text);
    if (!name) return;
    this.names.delete(text);
    const parsed = this.parsed();
    if (parsed[name] === undefined) return;
    delete parsed[name];
    // DEALLOCATE is not transactional and cannot fail for a statement the server confirmed; in a transaction that
    // already failed it fails like everything else, and the statement is only left unused.
    (super.query(`DEALLOCATE ${name}`) as Promise<unknown>).catch(() => undefined);
  }
}
