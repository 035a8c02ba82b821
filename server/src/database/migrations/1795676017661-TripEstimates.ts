import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A price before the request (docs/domain.md, "Rate cards"): the distance a request gives, and its estimate as quoted. */
export class TripEstimates1795676017661 implements MigrationInterface {
  name = 'TripEstimates1795676017661';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trips" ADD "distance_km" integer`);
    await queryRunner.query(`ALTER TABLE "trips" ADD "estimate" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trips" DROP COLUMN "estimate"`);
    await queryRunner.query(`ALTER TABLE "trips" DROP COLUMN "distance_km"`);
  }
}
