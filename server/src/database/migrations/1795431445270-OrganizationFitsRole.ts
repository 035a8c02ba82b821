import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data only: a user's organization must fit their role (contracts/roles.ts ORG_TYPE_FOR_ROLE),
 * which the API now enforces. Accounts given another kind before (school staff at a bus company, whose
 * bookings reached that company's dispatchers) lose it; an admin sets the right one again.
 */
export class OrganizationFitsRole1795431445270 implements MigrationInterface {
  name = 'OrganizationFitsRole1795431445270';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "users" SET "active_org_id" = NULL WHERE "active_org_id" IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM "organizations" "o" WHERE "o"."id" = "users"."active_org_id" AND "o"."tenant_id" = "users"."tenant_id"
           AND (("users"."role" = 'school_staff' AND "o"."type" = 'school') OR ("users"."role" = 'bus_company' AND "o"."type" = 'bus_company')))`,
    );
  }

  public async down(): Promise<void> {
    // The organizations let go are not recorded: nothing to restore.
  }
}
