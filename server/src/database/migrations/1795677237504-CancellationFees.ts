import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Cancellation fees (docs/domain.md, "A price before the request"): when a cancellation was asked for, and what it cost. */
export class CancellationFees1795677237504 implements MigrationInterface {
  name = 'CancellationFees1795677237504';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trips" ADD "cancel_requested_wall" character varying(16)`);
    await queryRunner.query(`ALTER TABLE "trips" ADD "cancel_requested_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "trips" ADD "cancellation_fee" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trips" DROP COLUMN "cancellation_fee"`);
    await queryRunner.query(`ALTER TABLE "trips" DROP COLUMN "cancel_requested_at"`);
    await queryRunner.query(`ALTER TABLE "trips" DROP COLUMN "cancel_requested_wall"`);
  }
}
