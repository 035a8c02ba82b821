import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Fleet1795429756577 implements MigrationInterface {
  name = 'Fleet1795429756577';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "fleet_buses" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_org_id" integer NOT NULL, "name" character varying(100) NOT NULL, "name_key" character varying(100) NOT NULL, "plate" character varying(20), "plate_key" character varying(20), "bus_type" character varying(40) NOT NULL, "seats" integer NOT NULL, "booster_seats" integer NOT NULL DEFAULT '0', "active" boolean NOT NULL DEFAULT true, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7bb5de75e16c08ddc7152a49ec0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_fleet_buses_company_plate" ON "fleet_buses"  ("company_org_id", "plate_key") WHERE plate_key IS NOT NULL`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_fleet_buses_company_name" ON "fleet_buses"  ("company_org_id", "name_key") `);
    await queryRunner.query(
      `CREATE TABLE "fleet_drivers" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_org_id" integer NOT NULL, "name" character varying(200) NOT NULL, "mobile" character varying(50) NOT NULL, "licence_expiry" date NOT NULL, "active" boolean NOT NULL DEFAULT true, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_406855fba9899b6fef771fd0cf2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_fleet_drivers_company" ON "fleet_drivers"  ("company_org_id", "name") `);
    await queryRunner.query(
      `CREATE TABLE "fleet_assignments" ("id" SERIAL NOT NULL, "trip_id" integer NOT NULL, "company_org_id" integer NOT NULL, "bus_id" integer, "driver_id" integer, "starts_at" TIMESTAMP NOT NULL, "ends_at" TIMESTAMP NOT NULL, CONSTRAINT "PK_d0820ca606144d7c6ed19cfa77a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_fleet_assignments_driver_end" ON "fleet_assignments"  ("driver_id", "ends_at") WHERE driver_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_fleet_assignments_bus_end" ON "fleet_assignments"  ("bus_id", "ends_at") WHERE bus_id IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_fleet_assignments_trip" ON "fleet_assignments"  ("trip_id") `);
    await queryRunner.query(
      `CREATE TABLE "trip_alerts" ("id" SERIAL NOT NULL, "trip_id" integer NOT NULL, "tenant_id" integer NOT NULL, "kind" character varying(20) NOT NULL, "raised_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_93bcf578a0931994780f65d7f1c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_trip_alerts_tenant" ON "trip_alerts"  ("tenant_id", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_trip_alerts_trip_kind" ON "trip_alerts"  ("trip_id", "kind") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_trips_accepted_departure" ON "trips"  ("departure_date") WHERE deleted = false AND status = 'Accepted'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_trips_bus_company_return" ON "trips"  ("bus_company_org_id", "return_date") WHERE deleted = false`,
    );
    await queryRunner.query(
      `ALTER TABLE "fleet_buses" ADD CONSTRAINT "FK_58a1f4a9f97ee39bbd223f1cfa7" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fleet_buses" ADD CONSTRAINT "FK_30fa28f5d494b0f77cdefdcd4c9" FOREIGN KEY ("company_org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fleet_drivers" ADD CONSTRAINT "FK_54e21f363aa277402334266d0e4" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fleet_drivers" ADD CONSTRAINT "FK_95ed63e2fe73b648e1857bf8c4c" FOREIGN KEY ("company_org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fleet_assignments" ADD CONSTRAINT "FK_18c56e8856a335fa363b67647b7" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fleet_assignments" ADD CONSTRAINT "FK_cded58ccb6b297d4469675bca90" FOREIGN KEY ("company_org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fleet_assignments" ADD CONSTRAINT "FK_c4ca3dbfe8de26f965d1c476baf" FOREIGN KEY ("bus_id") REFERENCES "fleet_buses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fleet_assignments" ADD CONSTRAINT "FK_9cb5802b74e6817afbbb046088b" FOREIGN KEY ("driver_id") REFERENCES "fleet_drivers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_alerts" ADD CONSTRAINT "FK_4163908fc4657ac40a031c5a5ac" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_alerts" ADD CONSTRAINT "FK_01fd0c3a9eb7cd7e257e1c262ec" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trip_alerts" DROP CONSTRAINT "FK_01fd0c3a9eb7cd7e257e1c262ec"`);
    await queryRunner.query(`ALTER TABLE "trip_alerts" DROP CONSTRAINT "FK_4163908fc4657ac40a031c5a5ac"`);
    await queryRunner.query(`ALTER TABLE "fleet_assignments" DROP CONSTRAINT "FK_9cb5802b74e6817afbbb046088b"`);
    await queryRunner.query(`ALTER TABLE "fleet_assignments" DROP CONSTRAINT "FK_c4ca3dbfe8de26f965d1c476baf"`);
    await queryRunner.query(`ALTER TABLE "fleet_assignments" DROP CONSTRAINT "FK_cded58ccb6b297d4469675bca90"`);
    await queryRunner.query(`ALTER TABLE "fleet_assignments" DROP CONSTRAINT "FK_18c56e8856a335fa363b67647b7"`);
    await queryRunner.query(`ALTER TABLE "fleet_drivers" DROP CONSTRAINT "FK_95ed63e2fe73b648e1857bf8c4c"`);
    await queryRunner.query(`ALTER TABLE "fleet_drivers" DROP CONSTRAINT "FK_54e21f363aa277402334266d0e4"`);
    await queryRunner.query(`ALTER TABLE "fleet_buses" DROP CONSTRAINT "FK_30fa28f5d494b0f77cdefdcd4c9"`);
    await queryRunner.query(`ALTER TABLE "fleet_buses" DROP CONSTRAINT "FK_58a1f4a9f97ee39bbd223f1cfa7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_trips_bus_company_return"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_trips_accepted_departure"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_trip_alerts_trip_kind"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_trip_alerts_tenant"`);
    await queryRunner.query(`DROP TABLE "trip_alerts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fleet_assignments_trip"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fleet_assignments_bus_end"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fleet_assignments_driver_end"`);
    await queryRunner.query(`DROP TABLE "fleet_assignments"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fleet_drivers_company"`);
    await queryRunner.query(`DROP TABLE "fleet_drivers"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_fleet_buses_company_name"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_fleet_buses_company_plate"`);
    await queryRunner.query(`DROP TABLE "fleet_buses"`);
  }
}
