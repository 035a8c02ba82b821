// Changes written in place (migration TripHotUpdates, server/src/trips/README.md "Changes in place"): a change of a
// trip that touches no column an index reads (paid, the price, the buses and drivers) is written by PostgreSQL beside
// the old row version without a new entry in any of the trips' fourteen indexes, and the counter rows it moves are
// rewritten in place too. Each change runs in a transaction that is rolled back, and PostgreSQL's own per-transaction
// statistics say how many row versions it wrote in place.
import { type TestApp, startTestApp } from '../support/app';
import { buildTenant, type TestTenant } from '../support/factories';
import { BUS, buildTrip } from '../support/trip-factory';

interface Written {
  /** Row versions the statement wrote, per table. */
  updated: { trips: number; counters: number };
  /** Of those, written in place (no index entry). */
  inPlace: { trips: number; counters: number };
}

describe('a trip change that touches no indexed column is written in place', () => {
  let t: TestApp;
  let acme: TestTenant;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'InPlace');
  });
  afterAll(() => t.close());

  /**
   * Runs `UPDATE trips SET <set>` on one trip, as a change does (with its version and time), then rolls it back. The
   * statistics are read before and after the statement: PostgreSQL keeps a session's counts until it reports them.
   */
  async function change(id: number, set: string): Promise<Written> {
    const runner = t.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const counts = async () => {
      const [row] = (await runner.query(`
        SELECT pg_stat_get_xact_tuples_updated('trips'::regclass) AS trips,
               pg_stat_get_xact_tuples_hot_updated('trips'::regclass) AS trips_in_place,
               pg_stat_get_xact_tuples_updated('trip_counters'::regclass) AS counters,
               pg_stat_get_xact_tuples_hot_updated('trip_counters'::regclass) AS counters_in_place`)) as Record<string, string>[];
      return row;
    };
    try {
      const before = await counts();
      await runner.query(`UPDATE trips SET ${set}, version = version + 1, updated_at = now() WHERE id = $1`, [id]);
      const after = await counts();
      const delta = (key: string) => Number(after[key]) - Number(before[key]);
      return {
        updated: { trips: delta('trips'), counters: delta('counters') },
        inPlace: { trips: delta('trips_in_place'), counters: delta('counters_in_place') },
      };
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  it.each([
    ['marked paid', 'paid = true'],
    ['a new price', 'price = price + 150.25'],
    ['other buses and drivers', `buses = '${JSON.stringify([BUS, { ...BUS, driverName: 'Ali Driver' }])}'::jsonb`],
  ])('%s: the trip and its counters, without an index entry', async (_what, set) => {
    const trip = await buildTrip(t, acme, { status: 'Accepted', price: '900.00' });
    const written = await change(trip.id, set);
    expect(written.updated.trips).toBe(1);
    expect(written.inPlace.trips).toBe(1);
    // A counted column moved the trip between counter rows (paid, price); the rows it left and joined were rewritten in place.
    expect(written.inPlace.counters).toBe(written.updated.counters);
  });

  it('a status change still writes every index (the status is a key)', async () => {
    const trip = await buildTrip(t, acme, { status: 'Accepted', price: '900.00' });
    const written = await change(trip.id, `status = 'Completed'`);
    expect(written.updated.trips).toBe(1);
    expect(written.inPlace.trips).toBe(0);
  });

  it('the trips and the counters keep room in their pages for the next version of a row', async () => {
    const options = (await t.db.query(
      `SELECT relname, reloptions FROM pg_class WHERE relname IN ('trips', 'trip_counters', 'trip_day_counters') AND relkind = 'r' AND relnamespace = current_schema()::regnamespace ORDER BY relname`,
    )) as { relname: string; reloptions: string[] }[];
    expect(options).toEqual([
      { relname: 'trip_counters', reloptions: ['fillfactor=50'] },
      { relname: 'trip_day_counters', reloptions: ['fillfactor=50'] },
      { relname: 'trips', reloptions: ['fillfactor=90'] },
    ]);
  });
});
