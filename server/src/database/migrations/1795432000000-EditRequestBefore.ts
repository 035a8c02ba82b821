import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An edit request keeps the trip's form fields as they were before the school's first change
 * (`edit_request_before`), so the dispatcher reads what changed, in words, before accepting it. Cleared when the
 * request is answered. Edit requests already waiting have no record of before: they show no changes.
 */
export class EditRequestBefore1795432000000 implements MigrationInterface {
  name = 'EditRequestBefore1795432000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trips" ADD "edit_request_before" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trips" DROP COLUMN "edit_request_before"`);
  }
}
