import { type Client, Pool, type PoolClient } from 'pg';
import { PREPARED_PER_CONNECTION, PreparingClient } from '../../server/src/database/preparing-client';
import { testDatabaseUrl } from '../support/test-env';

/**
 * The PostgreSQL connections' prepared statements (server/src/database/preparing-client.ts), on one connection so the
 * session's own list (pg_prepared_statements) shows what it holds. The table is a temporary one: the session's alone.
 */
describe('PreparingClient: writes prepared once per connection, reads planned for their values', () => {
  const pool = new Pool({ connectionString: testDatabaseUrl(), max: 1, Client: PreparingClient });
  const held = async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows[0].n;
  let before = 0;

  beforeEach(async () => {
    await pool.query(`DROP TABLE IF EXISTS pg_temp.things`);
    await pool.query(`CREATE TEMP TABLE things (id int PRIMARY KEY, name text NOT NULL)`);
    before = await held();
  });

  afterAll(() => pool.end());

  it('parses and plans a write once, however often it runs, and answers as plain text would', async () => {
    for (let id = 1; id <= 5; id++) {
      const { rows } = await pool.query(`INSERT INTO things (id, name) VALUES ($1, $2) RETURNING id, name`, [id, `thing ${id}`]);
      expect(rows).toEqual([{ id, name: `thing ${id}` }]);
    }
    const { rows } = await pool.query(`SELECT name FROM things WHERE id = ANY($1::int[]) ORDER BY id`, [[2, 4]]);
    expect(rows).toEqual([{ name: 'thing 2' }, { name: 'thing 4' }]);
    const locked = await pool.query(`SELECT name FROM things WHERE id = $1 FOR UPDATE`, [5]);
    expect(locked.rows).toEqual([{ name: 'thing 5' }]);
    // The INSERT and the locking read; the plain read is planned for its values on every run.
    expect((await held()) - before).toBe(2);
  });

  it('keeps its statements through a rollback and an error, inside a transaction and after', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'rolled back']);
      await client.query('ROLLBACK');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'kept']);
      await expect(client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'twice'])).rejects.toMatchObject({ code: '23505' });
      // A statement that fails to parse is not taken for prepared.
      const broken = `INSERT INTO things (id, name) VALUES ($1, $2) RETURNING nope`;
      await expect(client.query(broken, [2, 'two'])).rejects.toMatchObject({ code: '42703' });
      await expect(client.query(broken, [2, 'two'])).rejects.toMatchObject({ code: '42703' });
      expect((await client.query(`SELECT name FROM things WHERE id = $1`, [1])).rows).toEqual([{ name: 'kept' }]);
    } finally {
      client.release();
    }
    expect((await held()) - before).toBe(1);
  });

  it('prepares a statement again once a table changed the shape of its rows', async () => {
    // On the connection itself (pg-pool's own query() closes a connection whose query failed).
    const client = await pool.connect();
    try {
      const touch = `UPDATE things SET name = $1 WHERE id = $2 RETURNING *`;
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
      expect((await client.query(touch, ['two', 1])).rows).toEqual([{ id: 1, name: 'two' }]);
      await client.query(`ALTER TABLE things ADD COLUMN note text NOT NULL DEFAULT 'new'`);
      await expect(client.query(touch, ['three', 1])).rejects.toMatchObject({ code: '0A000' });
      expect((await client.query(touch, ['three', 1])).rows).toEqual([{ id: 1, name: 'three', note: 'new' }]);
    } finally {
      client.release();
    }
  });

  it(`deallocates the least recently used past ${PREPARED_PER_CONNECTION} on a connection`, async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 30; i++) await pool.query(`UPDATE things SET name = $1 WHERE id = ${i}`, ['x']);
    // The first of them was deallocated on the way, and is prepared again.
    expect((await pool.query(`UPDATE things SET name = $1 WHERE id = 0`, ['x'])).rowCount).toBe(0);
    expect(await held()).toBe(PREPARED_PER_CONNECTION);
  });
});

/** The connection's writes to its socket while `step` runs (what the socket hands the kernel: corked messages go in one). */
async function writes(client: PoolClientWithStream, step: () => Promise<unknown>): Promise<number> {
  const socket = client.connection.stream;
  const own = { write: socket._write, writev: socket._writev };
  let n = 0;
  socket._write = (...a) => {
    n += 1;
    return own.write.apply(socket, a);
  };
  socket._writev = (...a) => {
    n += 1;
    return own.writev.apply(socket, a);
  };
  try {
    await step();
  } finally {
    socket._write = own.write;
    socket._writev = own.writev;
  }
  return n;
}
type Writer = (...a: unknown[]) => void;
type PoolClientWithStream = PoolClient & { connection: { stream: { _write: Writer; _writev: Writer } } };

/**
 * A transaction's BEGIN, answered at once and sent in front of its first statement with parameters (one write, one
 * round trip), as TypeORM opens every transaction: `START TRANSACTION`, awaited, then the statements.
 */
describe('PreparingClient: a transaction’s BEGIN goes with its first statement', () => {
  const pool = new Pool({ connectionString: testDatabaseUrl(), max: 1, Client: PreparingClient });
  const xact = `SELECT pg_current_xact_id()::text AS x`;

  beforeEach(async () => {
    await pool.query(`DROP TABLE IF EXISTS pg_temp.things`);
    await pool.query(`CREATE TEMP TABLE things (id int PRIMARY KEY, name text NOT NULL)`);
  });
  afterAll(() => pool.end());

  it('runs the first statement, a write or a read, inside the transaction, and rolls back with it', async () => {
    const client = (await pool.connect()) as PoolClientWithStream;
    try {
      for (const first of [
        `INSERT INTO things (id, name) VALUES ($1, 'x') RETURNING pg_current_xact_id()::text AS x`,
        `SELECT $1::int AS n, pg_current_xact_id()::text AS x`,
      ]) {
        await client.query('START TRANSACTION');
        const { rows } = await client.query(first, [1]);
        // One transaction id for both statements: the first did not run on its own.
        expect((await client.query(xact)).rows[0].x).toBe(rows[0].x);
        await client.query('ROLLBACK');
      }
      expect((await client.query(`SELECT count(*)::int AS n FROM things`)).rows[0].n).toBe(0);
      await client.query('START TRANSACTION');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'kept']);
      await client.query('COMMIT');
      expect((await client.query(`SELECT name FROM things`)).rows).toEqual([{ name: 'kept' }]);
    } finally {
      client.release();
    }
  });

  it('sends nothing for START TRANSACTION, and the first statement with it in one write', async () => {
    const client = (await pool.connect()) as PoolClientWithStream;
    try {
      // The connection's first transaction parses its BEGIN; from the second on, BEGIN is owed.
      await client.query('START TRANSACTION');
      await client.query('COMMIT');
      expect(await writes(client, () => client.query('START TRANSACTION'))).toBe(0);
      expect(await writes(client, () => client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']))).toBe(1);
      expect(await writes(client, () => client.query('COMMIT'))).toBe(1);
      // A transaction that sent nothing ends without a word.
      expect(
        await writes(client, async () => {
          await client.query('START TRANSACTION');
          await client.query('ROLLBACK');
        }),
      ).toBe(0);
      expect((await client.query(`SELECT name FROM things`)).rows).toEqual([{ name: 'one' }]);
    } finally {
      client.release();
    }
  });

  it('leaves the transaction failed when its first statement fails, as a BEGIN of its own would', async () => {
    const client = await pool.connect();
    try {
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
      await client.query('START TRANSACTION');
      await expect(client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
      await expect(client.query(`SELECT $1::int AS n`, [1])).rejects.toMatchObject({ code: '25P02' });
      await client.query('ROLLBACK');
      expect((await client.query(`SELECT name FROM things`)).rows).toEqual([{ name: 'one' }]);
    } finally {
      client.release();
    }
  });

  it('parses its BEGIN again when the first START TRANSACTION failed, and never sends a statement it does not hold', async () => {
    // A connection of its own: its first START TRANSACTION is the one that fails.
    const client: Client = new PreparingClient({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      await client.query(`CREATE TEMP TABLE things (id int PRIMARY KEY, name text NOT NULL)`);
      // Inside a failed transaction PostgreSQL refuses even to parse: the connection's BEGIN statement is not made.
      await client.query('BEGIN');
      await expect(client.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
      await expect(client.query('START TRANSACTION')).rejects.toMatchObject({ code: '25P02' });
      await client.query('ROLLBACK');
      await client.query('START TRANSACTION');
      const { rows } = await client.query(`INSERT INTO things (id, name) VALUES ($1, 'x') RETURNING pg_current_xact_id()::text AS x`, [1]);
      expect((await client.query(xact)).rows[0].x).toBe(rows[0].x);
      await client.query('ROLLBACK');
      await client.query('START TRANSACTION');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'kept']);
      await client.query('COMMIT');
      expect((await client.query(`SELECT id FROM things`)).rows).toEqual([{ id: 2 }]);
    } finally {
      await client.end();
    }
  });

  it('sends BEGIN on its own ahead of a statement without parameters: an isolation level, a savepoint', async () => {
    const client = await pool.connect();
    try {
      await client.query('START TRANSACTION');
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      expect((await client.query(`SELECT current_setting($1) AS level`, ['transaction_isolation'])).rows[0].level).toBe('repeatable read');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
      await client.query('SAVEPOINT a');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'two']);
      await client.query('ROLLBACK TO SAVEPOINT a');
      await client.query('COMMIT');
      expect((await client.query(`SELECT id FROM things ORDER BY id`)).rows).toEqual([{ id: 1 }]);
    } finally {
      client.release();
    }
  });
});

/**
 * A write whose answer nobody reads, held for the transaction's next statement (PreparingClient.later): with the
 * COMMIT in one write, in its place in the transaction, and failing the COMMIT when it fails.
 */
describe('PreparingClient: a held write goes with the next statement', () => {
  const pool = new Pool({ connectionString: testDatabaseUrl(), max: 1, Client: PreparingClient });
  const names = async (client: PoolClient) => (await client.query(`SELECT id, name FROM things ORDER BY id`)).rows;

  beforeEach(async () => {
    await pool.query(`DROP TABLE IF EXISTS pg_temp.things`);
    await pool.query(`CREATE TEMP TABLE things (id int PRIMARY KEY, name text NOT NULL)`);
  });
  afterAll(() => pool.end());

  /** The pool's one connection, as PreparingClient. */
  const lend = async () => (await pool.connect()) as PoolClientWithStream & PreparingClient;

  it('sends nothing when it is held, and goes with the COMMIT in one write', async () => {
    const client = await lend();
    try {
      await client.query('START TRANSACTION');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
      expect(await writes(client, async () => client.later(`UPDATE things SET name = $1 WHERE id = $2`, ['held', 1]))).toBe(0);
      expect(await writes(client, () => client.query('COMMIT'))).toBe(1);
      expect(await names(client)).toEqual([{ id: 1, name: 'held' }]);
      // The transaction's only statement: BEGIN, the write and COMMIT leave together.
      await client.query('START TRANSACTION');
      client.later(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'two']);
      expect(await writes(client, () => client.query('COMMIT'))).toBe(1);
      expect(await names(client)).toEqual([
        { id: 1, name: 'held' },
        { id: 2, name: 'two' },
      ]);
    } finally {
      client.release();
    }
  });

  it('runs before the next statement, in one write with it, and that statement sees it', async () => {
    const client = await lend();
    try {
      const read = `SELECT name FROM things WHERE id = $1`;
      await client.query('START TRANSACTION');
      client.later(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'first']);
      client.later(`UPDATE things SET name = name || $1 WHERE id = $2`, [', then second', 1]);
      expect(await writes(client, async () => expect((await client.query(read, [1])).rows).toEqual([{ name: 'first, then second' }]))).toBe(
        1,
      );
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'two']);
      await client.query('COMMIT');
      expect(await names(client)).toEqual([
        { id: 1, name: 'first, then second' },
        { id: 2, name: 'two' },
      ]);
    } finally {
      client.release();
    }
  });

  it('fails the COMMIT with its own error and leaves nothing of the transaction; the connection goes on', async () => {
    const client = await lend();
    try {
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
      await client.query('START TRANSACTION');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'two']);
      client.later(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'again']);
      await expect(client.query('COMMIT')).rejects.toMatchObject({ code: '23505' });
      await client.query('ROLLBACK');
      expect(await names(client)).toEqual([{ id: 1, name: 'one' }]);
      // BEGIN, the prepared writes and a held write all work as before on the same connection.
      await client.query('START TRANSACTION');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [3, 'three']);
      client.later(`UPDATE things SET name = $1 WHERE id = $2`, ['held', 3]);
      await client.query('COMMIT');
      expect(await names(client)).toEqual([
        { id: 1, name: 'one' },
        { id: 3, name: 'held' },
      ]);
    } finally {
      client.release();
    }
  });

  it('is dropped by a ROLLBACK, and refuses a statement whose answer would be read', async () => {
    const client = await lend();
    try {
      await client.query('START TRANSACTION');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
      client.later(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'two']);
      await client.query('ROLLBACK');
      expect(await names(client)).toEqual([]);
      expect(() => client.later(`INSERT INTO things (id, name) VALUES ($1, $2) RETURNING id`, [3, 'three'])).toThrow(/answers no rows/);
      expect(() => client.later(`SELECT $1::int`, [1])).toThrow(/answers no rows/);
    } finally {
      client.release();
    }
  });
});
