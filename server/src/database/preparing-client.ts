import { Client, type QueryConfig } from 'pg';

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
 */
export class PreparingClient extends Client {
  private readonly names = new Map<string, string>();
  private count = 0;

  // node-postgres's other overloads (a config object, a submittable) pass through untouched.
  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || !writesOrLocks(text)) {
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const config: QueryConfig = { name: this.nameFor(text), text, values };
    const failed = (e: unknown) => {
      if ((e as { code?: string } | null)?.code === '0A000') this.forget(text);
    };
    if (typeof callback === 'function') {
      return super.query(config, (e: Error | null, result: unknown) => {
        failed(e);
        (callback as (e: Error | null, result: unknown) => void)(e, result);
      }) as never;
    }
    return super.query(config).catch((e: unknown) => {
      failed(e);
      throw e;
    }) as never;
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
    const parsed = (this as unknown as { connection: Parsed }).connection.parsedStatements;
    if (parsed[name] === undefined) return;
    delete parsed[name];
    // DEALLOCATE is not transactional and cannot fail for a statement the server confirmed; in a transaction that
    // already failed it fails like everything else, and the statement is only left unused.
    (super.query(`DEALLOCATE ${name}`) as Promise<unknown>).catch(() => undefined);
  }
}
