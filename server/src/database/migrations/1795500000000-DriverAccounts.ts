import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Driver accounts (docs/domain.md, "Drivers"): a user may belong to one fleet driver (`users.fleet_driver_id`, one
 * account per driver), made through a one-time invitation link whose token is stored only as its SHA-256.
 */
export class DriverAccounts1795500000000 implements MigrationInterface {
  name = 'DriverAccounts1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "driver_invites" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "driver_id" integer NOT NULL, "token_hash" character varying(64) NOT NULL, "email" character varying(254), "created_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "voided_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_dfb9b4cd98e169ead24de788b68" UNIQUE ("token_hash"), CONSTRAINT "PK_8939e7a840e7cca38a19a35e262" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_driver_invites_driver" ON "driver_invites"  ("driver_id") `);
    await queryRunner.query(`ALTER TABLE "users" ADD "fleet_driver_id" integer`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_users_fleet_driver" ON "users"  ("fleet_driver_id") WHERE fleet_driver_id IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_ce0c476ef0bb451d2c2df8cdd57" FOREIGN KEY ("fleet_driver_id") REFERENCES "fleet_drivers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "driver_invites" ADD CONSTRAINT "FK_be19b63fba6c4c65ae9599bfccd" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "driver_invites" ADD CONSTRAINT "FK_72adec93411a6ddfce95979eb67" FOREIGN KEY ("driver_id") REFERENCES "fleet_drivers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "driver_invites" ADD CONSTRAINT "FK_88348d489180c4f1760386ea1a7" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "driver_invites" DROP CONSTRAINT "FK_88348d489180c4f1760386ea1a7"`);
    await queryRunner.query(`ALTER TABLE "driver_invites" DROP CONSTRAINT "FK_72adec93411a6ddfce95979eb67"`);
    await queryRunner.query(`ALTER TABLE "driver_invites" DROP CONSTRAINT "FK_be19b63fba6c4c65ae9599bfccd"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_ce0c476ef0bb451d2c2df8cdd57"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_users_fleet_driver"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "fleet_driver_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_driver_invites_driver"`);
    await queryRunner.query(`DROP TABLE "driver_invites"`);
  }
}
