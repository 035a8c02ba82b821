import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SessionGeneration1795430265249 implements MigrationInterface {
  name = 'SessionGeneration1795430265249';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "session_generation" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "session_kept_jti" uuid`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "session_kept_jti"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "session_generation"`);
  }
}
