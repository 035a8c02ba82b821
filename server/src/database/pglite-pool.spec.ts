import { pglitePoolFor } from './pglite-pool';

type Pool = InstanceType<ReturnType<typeof pglitePoolFor>>;
type Row = Record<string, unknown>;
type Client = {
  query: (sql: string, params?: unknown[]) => Promise<{ rows: Row[]; affectedRows?: number }>;
  later: (sql: string, params: unknown[]) => void;
};

/** A connection lent by the pool, as TypeORM takes one for a transaction. */
function lend(pool: Pool): Promise<{ client: Client; release: () => void }> {
  return new Promise((ok, fail) =>
    pool.connect((err, client, release) => (err ? fail(err) : ok({ client: client as unknown as Client, release: release! }))),
  );
}

/** The named statements the session holds (pg_prepared_statements lists the protocol's as well as PREPARE's). */
async function prepared(pool: Pool): Promise<number> {
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_prepared_statements`);
  return rows[0].n as number;
}

describe('PGlite pool: writes prepared once per session, reads planned for their values', () => {
  // One database for all (starting one takes seconds); each test has a table of its own, and counts the statements it adds.
  const pool: Pool = new (pglitePoolFor('memory://'))();
  let before = 0;

  // Opening the database (its first query) takes seconds, more on a busy machine than a test's five.
  beforeAll(() => pool.query('SELECT 1'), 60_000);

  beforeEach(async () => {
    await pool.query(`DROP TABLE IF EXISTS things`);
    await pool.query(`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, done boolean NOT NULL DEFAULT false)`);
    before = await prepared(pool);
  });

  afterAll(() => pool.end());

  it('answers statements with parameters as PostgreSQL would, run after run, each write from one prepared statement', async () => {
    for (let id = 1; id <= 3; id++) {
      const inserted = await pool.query(`INSERT INTO things (id, name, done) VALUES ($1, $2, $3) RETURNING id, name, done`, [
        id,
        `thing ${id}`,
        id === 2,
      ]);
      expect(inserted.rows).toEqual([{ id, name: `thing ${id}`, done: id === 2 }]);
    }
    const done = await pool.query(`SELECT id FROM things WHERE done = $1 ORDER BY id`, [false]);
    expect(done.rows).toEqual([{ id: 1 }, { id: 3 }]);
    const updated = await pool.query(`UPDATE things SET done = $1 WHERE id <> $2`, [true, 2]);
    expect(updated.affectedRows).toBe(2);
    expect((await pool.query(`SELECT id FROM things WHERE done = $1 ORDER BY id`, [false])).rows).toEqual([]);
    // The INSERT and the UPDATE, however many runs; the SELECT is parsed and planned for its values every time.
    expect((await prepared(pool)) - before).toBe(2);
  });

  it('keeps its statements through a rollback, and the session works on after an error', async () => {
    const { client, release } = await lend(pool);
    await client.query('BEGIN');
    await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'kept?']);
    await client.query('ROLLBACK');
    await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'first']);
    await expect(client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'again'])).rejects.toMatchObject({
      code: '23505',
      query: `INSERT INTO things (id, name) VALUES ($1, $2)`,
    });
    await expect(client.query(`SELECT name FROM things WHERE id = $1`, [1])).resolves.toMatchObject({ rows: [{ name: 'first' }] });
    release();
    expect((await prepared(pool)) - before).toBe(1);
  });

  it('prepares a statement again once a table changed the shape of its rows, and reads them as they are now', async () => {
    await pool.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
    const touch = `UPDATE things SET done = $1 WHERE id = $2 RETURNING *`;
    const read = `SELECT * FROM things WHERE id = $1`;
    expect((await pool.query(touch, [true, 1])).rows).toEqual([{ id: 1, name: 'one', done: true }]);
    expect((await pool.query(read, [1])).rows).toEqual([{ id: 1, name: 'one', done: true }]);
    await pool.query(`ALTER TABLE things ADD COLUMN note text NOT NULL DEFAULT 'new'`);
    // A read is described afresh on every run.
    expect((await pool.query(read, [1])).rows).toEqual([{ id: 1, name: 'one', done: true, note: 'new' }]);
    // PostgreSQL refuses to run the old plan for rows of another shape; the pool forgets it, and the next run reads right.
    await expect(pool.query(touch, [false, 1])).rejects.toMatchObject({ code: '0A000' });
    expect((await pool.query(touch, [false, 1])).rows).toEqual([{ id: 1, name: 'one', done: false, note: 'new' }]);
  });

  it('answers statements sent at once on one lent client each with its own rows (TypeORM does, inside a transaction)', async () => {
    await pool.query(`INSERT INTO things (id, name) SELECT i, 'thing ' || i FROM generate_series(1, 20) AS i`);
    const { client, release } = await lend(pool);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? client.query(`SELECT name FROM things WHERE id = ANY($1::int[]) ORDER BY id`, [[i + 1, i + 2]])
          : client.query(`SELECT upper(name) AS name FROM things WHERE id = $1`, [i + 1]),
      ),
    );
    release();
    expect(answers.map((a) => a.rows.map((r) => r.name))).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? [`thing ${i + 1}`, `thing ${i + 2}`] : [`THING ${i + 1}`])),
    );
  });

  it('raises notices to the lent client', async () => {
    const { client, release } = await lend(pool);
    const notices: string[] = [];
    (client as unknown as NodeJS.EventEmitter).on('notice', (n: { message: string }) => notices.push(n.message));
    await client.query(`DO $$ BEGIN RAISE NOTICE 'plain'; END $$`);
    await client.query(`CREATE FUNCTION shout(t text) RETURNS int LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE '%', t; RETURN 1; END $$`);
    await client.query(`SELECT shout($1)`, ['with a parameter']);
    release();
    expect(notices).toEqual(['plain', 'with a parameter']);
  });

  it('closes the least recently used statements past its limit of 500', async () => {
    for (let i = 0; i < 520; i++) await pool.query(`UPDATE things SET done = $1 WHERE id = ${i}`, [true]);
    expect((await pool.query(`UPDATE things SET done = $1 WHERE id = 519`, [true])).affectedRows).toBe(0);
    // The closes owed went out with the calls after them; the count has no parameters, so it is not kept.
    expect(await prepared(pool)).toBe(500);
  }, 30_000);

  describe('a transaction’s BEGIN, sent with its first statement', () => {
    /** The session's calls into the database while `step` runs. */
    async function calls(step: () => Promise<unknown>): Promise<number> {
      const { db } = await (pool as unknown as { session: Promise<{ db: { execProtocolStream: (...a: unknown[]) => unknown } }> }).session;
      const own = db.execProtocolStream;
      let n = 0;
      db.execProtocolStream = (...a: unknown[]) => {
        n += 1;
        return own.apply(db, a);
      };
      try {
        await step();
      } finally {
        db.execProtocolStream = own;
      }
      return n;
    }
    const xact = `SELECT pg_current_xact_id()::text AS x`;

    it('runs the first statement, a write or a read, inside the transaction, and rolls back with it', async () => {
      const { client, release } = await lend(pool);
      for (const first of [
        `INSERT INTO things (id, name) VALUES ($1, 'x') RETURNING pg_current_xact_id()::text AS x`,
        `SELECT $1::int AS n, pg_current_xact_id()::text AS x`,
      ]) {
        await client.query('START TRANSACTION');
        const { rows } = await client.query(first, [1]);
        expect((await client.query(xact)).rows[0].x).toBe(rows[0].x);
        await client.query('ROLLBACK');
      }
      await client.query('START TRANSACTION');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'kept']);
      await client.query('COMMIT');
      release();
      expect((await pool.query(`SELECT id, name FROM things`)).rows).toEqual([{ id: 2, name: 'kept' }]);
    });

    it('calls nothing for START TRANSACTION, and the first statement with it in one call', async () => {
      const { client, release } = await lend(pool);
      const insert = `INSERT INTO things (id, name) VALUES ($1, $2)`;
      await client.query(insert, [1, 'prepared first']);
      expect(await calls(() => client.query('START TRANSACTION'))).toBe(0);
      expect(await calls(() => client.query(insert, [2, 'two']))).toBe(1);
      expect(await calls(() => client.query('COMMIT'))).toBe(1);
      expect(
        await calls(async () => {
          await client.query('START TRANSACTION');
          await client.query('ROLLBACK');
        }),
      ).toBe(0);
      release();
      expect((await pool.query(`SELECT id FROM things ORDER BY id`)).rows).toEqual([{ id: 1 }, { id: 2 }]);
    });

    it('leaves the transaction failed when its first statement fails, as a BEGIN of its own would', async () => {
      const { client, release } = await lend(pool);
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
      await client.query('START TRANSACTION');
      await expect(client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
      await expect(client.query(`SELECT $1::int AS n`, [1])).rejects.toMatchObject({ code: '25P02' });
      await client.query('ROLLBACK');
      release();
      expect((await pool.query(`SELECT name FROM things`)).rows).toEqual([{ name: 'one' }]);
    });

    it('takes BEGIN in front of a statement without parameters: an isolation level, a savepoint', async () => {
      const { client, release } = await lend(pool);
      await client.query('START TRANSACTION');
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      expect((await client.query(`SELECT current_setting($1) AS level`, ['transaction_isolation'])).rows[0].level).toBe('repeatable read');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
      await client.query('SAVEPOINT a');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'two']);
      await client.query('ROLLBACK TO SAVEPOINT a');
      await client.query('COMMIT');
      release();
      expect((await pool.query(`SELECT id FROM things ORDER BY id`)).rows).toEqual([{ id: 1 }]);
    });
  });

  describe('a write held for the next statement', () => {
    const rows = async () => (await pool.query(`SELECT id, name FROM things ORDER BY id`)).rows;

    it('runs in its place, before the next statement (which sees it), and commits with the transaction', async () => {
      const { client, release } = await lend(pool);
      await client.query('START TRANSACTION');
      client.later(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'first']);
      client.later(`UPDATE things SET name = name || $1 WHERE id = $2`, [', then second', 1]);
      expect((await client.query(`SELECT name FROM things WHERE id = $1`, [1])).rows).toEqual([{ name: 'first, then second' }]);
      client.later(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'with the commit']);
      await client.query('COMMIT');
      release();
      expect(await rows()).toEqual([
        { id: 1, name: 'first, then second' },
        { id: 2, name: 'with the commit' },
      ]);
    });

    it('fails the COMMIT with its own error and leaves nothing of the transaction; a ROLLBACK drops it', async () => {
      const { client, release } = await lend(pool);
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'one']);
      await client.query('START TRANSACTION');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [2, 'two']);
      client.later(`INSERT INTO things (id, name) VALUES ($1, $2)`, [1, 'again']);
      await expect(client.query('COMMIT')).rejects.toMatchObject({ code: '23505' });
      await client.query('ROLLBACK');
      await client.query('START TRANSACTION');
      await client.query(`INSERT INTO things (id, name) VALUES ($1, $2)`, [3, 'three']);
      client.later(`INSERT INTO things (id, name) VALUES ($1, $2)`, [4, 'four']);
      await client.query('ROLLBACK');
      release();
      expect(await rows()).toEqual([{ id: 1, name: 'one' }]);
    });
  });
});
