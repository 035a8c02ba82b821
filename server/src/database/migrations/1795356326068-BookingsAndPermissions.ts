import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BookingsAndPermissions1795356326068 implements MigrationInterface {
  name = 'BookingsAndPermissions1795356326068';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "bookings" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "school_org_id" integer, "title" character varying(200), "purpose" character varying(1000), "date" date NOT NULL, "start_time" character varying(8) NOT NULL, "end_date" date NOT NULL, "end_time" character varying(8) NOT NULL, "duration_minutes" integer, "students" integer NOT NULL DEFAULT '0', "adults" integer NOT NULL DEFAULT '0', "pickup_points" jsonb NOT NULL DEFAULT '[]', "dropoff_points" jsonb NOT NULL DEFAULT '[]', "buses_requested" integer, "bus_type" character varying(100), "notes" text, "created_by" character varying(200) NOT NULL, "created_by_email" character varying(254) NOT NULL, "created_by_id" integer, "status" character varying(20) NOT NULL DEFAULT 'Requested', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bee6805982cc1e248e94ce94957" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_1de94a03870e41d2a765a9b3c3" ON "bookings"  ("school_org_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_2ab7f927262f1f56d6f45bca10" ON "bookings"  ("created_by_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_40ea7a6141b2fde9058ff2837c" ON "bookings"  ("tenant_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "permission_matrices" ("tenant_id" integer NOT NULL, "roles" jsonb NOT NULL, "updated_by_id" integer, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d086e62397ef7f49428f9d79a9b" PRIMARY KEY ("tenant_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "bookings" ADD CONSTRAINT "FK_0c41823fa6a879a6aeba1774657" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bookings" ADD CONSTRAINT "FK_1de94a03870e41d2a765a9b3c38" FOREIGN KEY ("school_org_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bookings" ADD CONSTRAINT "FK_2ab7f927262f1f56d6f45bca107" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "permission_matrices" ADD CONSTRAINT "FK_d086e62397ef7f49428f9d79a9b" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "permission_matrices" DROP CONSTRAINT "FK_d086e62397ef7f49428f9d79a9b"`);
    await queryRunner.query(`ALTER TABLE "bookings" DROP CONSTRAINT "FK_2ab7f927262f1f56d6f45bca107"`);
    await queryRunner.query(`ALTER TABLE "bookings" DROP CONSTRAINT "FK_1de94a03870e41d2a765a9b3c38"`);
    await queryRunner.query(`ALTER TABLE "bookings" DROP CONSTRAINT "FK_0c41823fa6a879a6aeba1774657"`);
    await queryRunner.query(`DROP TABLE "permission_matrices"`);
    await queryRunner.query(`DROP INDEX "IDX_40ea7a6141b2fde9058ff2837c"`);
    await queryRunner.query(`DROP INDEX "IDX_2ab7f927262f1f56d6f45bca10"`);
    await queryRunner.query(`DROP INDEX "IDX_1de94a03870e41d2a765a9b3c3"`);
    await queryRunner.query(`DROP TABLE "bookings"`);
  }
}
