import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Approval at the school (docs/domain.md, "Approval at the school"): each school's policy, the approvals its requests
 * and changes go through (at most one open per trip), and the budget code a policy may ask of a request.
 */
export class ApprovalAtSchool1795674268016 implements MigrationInterface {
  name = 'ApprovalAtSchool1795674268016';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "approval_policies" ("school_org_id" integer NOT NULL, "tenant_id" integer NOT NULL, "steps" jsonb NOT NULL, "budget_code_required" boolean NOT NULL DEFAULT false, "reminder_days" integer NOT NULL, "expiry_days" integer NOT NULL, "version" integer NOT NULL, "updated_by_id" integer, "updated_by" character varying(200) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_approval_policies" PRIMARY KEY ("school_org_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "trip_approvals" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "trip_id" integer NOT NULL, "school_org_id" integer NOT NULL, "kind" character varying(10) NOT NULL, "state" character varying(20) NOT NULL, "step" integer NOT NULL, "steps" integer NOT NULL, "proposed" jsonb, "requested_by_id" integer, "requested_by" character varying(200) NOT NULL, "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "step_since" TIMESTAMP WITH TIME ZONE NOT NULL, "reminded_step" integer, "comment" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_trip_approvals" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_trip_approvals_waiting" ON "trip_approvals"  ("tenant_id", "school_org_id") WHERE state = 'waiting'`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_trip_approvals_open" ON "trip_approvals"  ("trip_id") WHERE state IN ('waiting', 'changesRequested')`,
    );
    await queryRunner.query(`ALTER TABLE "trips" ADD "budget_code" character varying(50)`);
    await queryRunner.query(
      `ALTER TABLE "approval_policies" ADD CONSTRAINT "FK_approval_policies_school" FOREIGN KEY ("school_org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_approvals" ADD CONSTRAINT "FK_trip_approvals_trip" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trip_approvals" DROP CONSTRAINT "FK_trip_approvals_trip"`);
    await queryRunner.query(`ALTER TABLE "approval_policies" DROP CONSTRAINT "FK_approval_policies_school"`);
    await queryRunner.query(`ALTER TABLE "trips" DROP COLUMN "budget_code"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_trip_approvals_open"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_trip_approvals_waiting"`);
    await queryRunner.query(`DROP TABLE "trip_approvals"`);
    await queryRunner.query(`DROP TABLE "approval_policies"`);
  }
}
