import { pglitePoolFor } from './pglite-pool';

type Pool = InstanceType<ReturnType<typeof pglitePoolFor>>;
type Row = Record<string, unknown>;
type Client = { query: (sql: string, params?: unknown[]) => Promise<{ rows: Row[]; affectedRows?: number }> };

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
});
