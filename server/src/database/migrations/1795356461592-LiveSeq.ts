import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LiveSeq1795356461592 implements MigrationInterface {
  name = 'LiveSeq1795356461592';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "live_seqs" ("tenant_id" integer NOT NULL, "seq" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_fe6d64055f73aa59d8c8d8c1afc" PRIMARY KEY ("tenant_id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "live_seqs"`);
  }
}
