import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A weekly series' trips carry the series' id (docs/domain.md, "A weekly series"): the details of one week show the
 * others, and the rest of a series is cancelled at once. Null for a trip requested alone, and for every trip requested
 * before series were linked. Indexed only where set: most trips are in no series.
 */
export class TripSeries1796000000000 implements MigrationInterface {
  name = 'TripSeries1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trips" ADD "series_id" uuid`);
    await queryRunner.query(`CREATE INDEX "IDX_trips_series" ON "trips" ("series_id") WHERE series_id IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_trips_series"`);
    await queryRunner.query(`ALTER TABLE "trips" DROP COLUMN "series_id"`);
  }
}
