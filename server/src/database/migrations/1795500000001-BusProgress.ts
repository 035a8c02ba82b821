import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The day of travel (docs/domain.md, "The day of travel"): the steps drivers tap for their buses, the alerts raised once
 * per bus and kind (late, or a departure count that differs from the list), and a note on a trip's history row (a trip
 * completed because every bus has returned). The alerts draw their ids from `trip_alerts`' sequence, so a
 * notification's id is unique across both tables.
 */
export class BusProgress1795500000001 implements MigrationInterface {
  name = 'BusProgress1795500000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "trip_progress_steps" ("id" uuid NOT NULL, "tenant_id" integer NOT NULL, "trip_id" integer NOT NULL, "driver_id" integer NOT NULL, "step" character varying(20) NOT NULL, "passengers" integer, "note" character varying(500), "device_at" TIMESTAMP WITH TIME ZONE NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "undone_at" TIMESTAMP WITH TIME ZONE, "actor_id" integer, "actor_name" character varying(200) NOT NULL, CONSTRAINT "PK_de893c2f74f9704a7ca8b9029a1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_trip_progress_steps_trip_received" ON "trip_progress_steps"  ("trip_id", "received_at") `);
    await queryRunner.query(
      `CREATE TABLE "progress_alerts" ("id" integer NOT NULL DEFAULT nextval('trip_alerts_id_seq'), "trip_id" integer NOT NULL, "tenant_id" integer NOT NULL, "driver_id" integer NOT NULL, "kind" character varying(20) NOT NULL, "raised_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9e0157a28a606b98ca3fc671e59" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_progress_alerts_tenant" ON "progress_alerts"  ("tenant_id", "id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_progress_alerts_trip_driver_kind" ON "progress_alerts"  ("trip_id", "driver_id", "kind") `,
    );
    await queryRunner.query(`ALTER TABLE "trip_history" ADD "note" character varying(500)`);
    await queryRunner.query(
      `ALTER TABLE "trip_progress_steps" ADD CONSTRAINT "FK_c851a047487be86e888fe4a2726" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_progress_steps" ADD CONSTRAINT "FK_c72f1fd13ad4499fdd5bed2ecd0" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_progress_steps" ADD CONSTRAINT "FK_310d1d2d2e60509b4d97aa47a6f" FOREIGN KEY ("driver_id") REFERENCES "fleet_drivers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_progress_steps" ADD CONSTRAINT "FK_07bab649c85fb1206ba7554f873" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "progress_alerts" ADD CONSTRAINT "FK_b0bf104b042dff6749a340f45b7" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "progress_alerts" ADD CONSTRAINT "FK_9e72d458641c22ff7ebd0236c54" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress_alerts"`);
    await queryRunner.query(`DROP TABLE "trip_progress_steps"`);
    await queryRunner.query(`ALTER TABLE "trip_history" DROP COLUMN "note"`);
  }
}
