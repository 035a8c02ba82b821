import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Trips1795356453958 implements MigrationInterface {
  name = 'Trips1795356453958';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "trips" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "school_org_id" integer NOT NULL, "bus_company_org_id" integer, "created_by_id" integer, "created_by" character varying(200) NOT NULL, "created_by_email" character varying(254) NOT NULL, "trip_type" character varying(40) NOT NULL, "custom_type" character varying(100), "origin" character varying(200), "destination" character varying(200) NOT NULL, "departure_date" date NOT NULL, "departure_time" character varying(8) NOT NULL, "return_date" date NOT NULL, "return_time" character varying(8) NOT NULL, "students" integer NOT NULL, "staff" integer, "notes" character varying(2000), "booster_seats_requested" boolean NOT NULL DEFAULT false, "booster_seat_count" integer NOT NULL DEFAULT '0', "status" character varying(20) NOT NULL, "status_before_cancel_request" character varying(20), "bus_info" jsonb, "driver_info" jsonb, "buses" jsonb NOT NULL DEFAULT '[]'::jsonb, "price" numeric(12,2) NOT NULL DEFAULT '0', "paid" boolean NOT NULL DEFAULT false, "edit_request" boolean NOT NULL DEFAULT false, "cancel_request" boolean NOT NULL DEFAULT false, "deleted" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f71c231dee9c05a9522f9e840f5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_trips_created_by_live" ON "trips"  ("created_by_id", "id") WHERE deleted = false`);
    await queryRunner.query(`CREATE INDEX "IDX_trips_bus_company_live" ON "trips"  ("bus_company_org_id", "id") WHERE deleted = false`);
    await queryRunner.query(`CREATE INDEX "IDX_trips_school_live" ON "trips"  ("school_org_id", "id") WHERE deleted = false`);
    await queryRunner.query(`CREATE INDEX "IDX_trips_tenant_live" ON "trips"  ("tenant_id", "id") WHERE deleted = false`);
    await queryRunner.query(
      `CREATE TABLE "trip_passengers" ("id" SERIAL NOT NULL, "trip_id" integer NOT NULL, "full_name" character varying(200) NOT NULL, "guardian_name" character varying(200), "guardian_phone" character varying(50), "pickup_point" character varying(200), "dropoff_point" character varying(200), "notes" character varying(2000), "checked_in" boolean NOT NULL DEFAULT false, "created_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a7d43e9846e77db14a9faf940d1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_2a8d61a1eaa3a308cd5d789bec" ON "trip_passengers"  ("trip_id", "id") `);
    await queryRunner.query(
      `CREATE TABLE "trip_subtrips" ("id" SERIAL NOT NULL, "trip_id" integer NOT NULL, "buses" jsonb NOT NULL, "created_by_id" integer, "created_by" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_422b56bd643779d2dff730f685b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e2fcfe768bc4468c7b16b60822" ON "trip_subtrips"  ("trip_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "trip_history" ("id" SERIAL NOT NULL, "trip_id" integer NOT NULL, "action" character varying(30) NOT NULL, "from_status" character varying(20), "to_status" character varying(20), "fields" jsonb NOT NULL DEFAULT '[]'::jsonb, "actor_id" integer, "actor_name" character varying(200) NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fceffb14169415141bb306c67e4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_109b755eab2dca22b49c451953" ON "trip_history"  ("trip_id", "id") `);
    await queryRunner.query(
      `ALTER TABLE "trips" ADD CONSTRAINT "FK_0c6f5db37b85dafb343bc4df600" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trips" ADD CONSTRAINT "FK_b3c9331164312859fea582cad33" FOREIGN KEY ("school_org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trips" ADD CONSTRAINT "FK_726dd0ab8cd2e2b12e8af85f4bf" FOREIGN KEY ("bus_company_org_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trips" ADD CONSTRAINT "FK_f92498f85fcf2604db511d1c447" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_passengers" ADD CONSTRAINT "FK_eb4d71a7ddc160a148cff951443" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_passengers" ADD CONSTRAINT "FK_fc65fc141362fbec4b6d730843d" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_subtrips" ADD CONSTRAINT "FK_e7fe64964f9131f739bcb99b8f0" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_subtrips" ADD CONSTRAINT "FK_050c5fd02cf8f849d922fd76863" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_history" ADD CONSTRAINT "FK_7f2f803c3f517fe79738696a3ed" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_history" ADD CONSTRAINT "FK_d9806b433ce028177b0958c6e6c" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trip_history" DROP CONSTRAINT "FK_d9806b433ce028177b0958c6e6c"`);
    await queryRunner.query(`ALTER TABLE "trip_history" DROP CONSTRAINT "FK_7f2f803c3f517fe79738696a3ed"`);
    await queryRunner.query(`ALTER TABLE "trip_subtrips" DROP CONSTRAINT "FK_050c5fd02cf8f849d922fd76863"`);
    await queryRunner.query(`ALTER TABLE "trip_subtrips" DROP CONSTRAINT "FK_e7fe64964f9131f739bcb99b8f0"`);
    await queryRunner.query(`ALTER TABLE "trip_passengers" DROP CONSTRAINT "FK_fc65fc141362fbec4b6d730843d"`);
    await queryRunner.query(`ALTER TABLE "trip_passengers" DROP CONSTRAINT "FK_eb4d71a7ddc160a148cff951443"`);
    await queryRunner.query(`ALTER TABLE "trips" DROP CONSTRAINT "FK_f92498f85fcf2604db511d1c447"`);
    await queryRunner.query(`ALTER TABLE "trips" DROP CONSTRAINT "FK_726dd0ab8cd2e2b12e8af85f4bf"`);
    await queryRunner.query(`ALTER TABLE "trips" DROP CONSTRAINT "FK_b3c9331164312859fea582cad33"`);
    await queryRunner.query(`ALTER TABLE "trips" DROP CONSTRAINT "FK_0c6f5db37b85dafb343bc4df600"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_109b755eab2dca22b49c451953"`);
    await queryRunner.query(`DROP TABLE "trip_history"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e2fcfe768bc4468c7b16b60822"`);
    await queryRunner.query(`DROP TABLE "trip_subtrips"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2a8d61a1eaa3a308cd5d789bec"`);
    await queryRunner.query(`DROP TABLE "trip_passengers"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_trips_tenant_live"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_trips_school_live"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_trips_bus_company_live"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_trips_created_by_live"`);
    await queryRunner.query(`DROP TABLE "trips"`);
  }
}
