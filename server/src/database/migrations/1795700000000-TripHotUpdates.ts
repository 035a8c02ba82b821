import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lets PostgreSQL change a trip in place when the change touches no indexed column: paid, the price, the buses and
 * drivers, the return time, the version (trips/README.md, "Changes in place").
 *
 * An UPDATE writes a new version of the row. When no column any index reads has changed and the row's page has room
 * for the new version, PostgreSQL links it from the old one (a heap-only tuple) and writes no index entry; otherwise
 * every index of `trips` gets one: twelve B-trees, the trigram GIN over five text columns and the GiST of the days.
 * Two things stood in the way:
 * - `IDX_trips_tenant_status_live` carried `paid` and `price` (INCLUDE) so that counts and Finance's totals could be
 *   read from the index alone. Those figures now come from the counters (migration TripCounters); what still counts
 *   rows (a status with a month, a search) reads the trips themselves. So the index keeps its keys and loses the two.
 * - A table's pages were filled to the brim, so a new version rarely found room beside the old one. Trips now fill
 *   their pages to 90 %, and the counters, whose rows are rewritten on every counted change, to 50 %. Pages already
 *   written keep their fill until they are rewritten; trips written from now on, which are the ones still changing,
 *   have the room.
 *
 * A status change, a date change, an edit of the searched texts and a reassignment to another company or requester
 * still write every index: their columns are keys.
 */
export class TripHotUpdates1795700000000 implements MigrationInterface {
  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trips" SET (fillfactor = 90)`);
    await queryRunner.query(`ALTER TABLE "trip_counters" SET (fillfactor = 50)`);
    await queryRunner.query(`ALTER TABLE "trip_day_counters" SET (fillfactor = 50)`);
    await queryRunner.query(`DROP INDEX "IDX_trips_tenant_status_live"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_trips_tenant_status_live" ON "trips" ("tenant_id", "status", "departure_date") WHERE deleted = false`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_trips_tenant_status_live"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_trips_tenant_status_live" ON "trips" ("tenant_id", "status", "departure_date") INCLUDE ("paid", "price") WHERE deleted = false`,
    );
    await queryRunner.query(`ALTER TABLE "trip_day_counters" RESET (fillfactor)`);
    await queryRunner.query(`ALTER TABLE "trip_counters" RESET (fillfactor)`);
    await queryRunner.query(`ALTER TABLE "trips" RESET (fillfactor)`);
  }
}
