import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Invoices (docs/domain.md, "Invoices"): issued once, numbered gap-free per company and year by their counters. */
export class Invoices1795680003369 implements MigrationInterface {
  name = 'Invoices1795680003369';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "invoices" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_org_id" integer NOT NULL, "school_org_id" integer NOT NULL, "trip_id" integer NOT NULL, "kind" character varying(20) NOT NULL, "year" integer NOT NULL, "seq" integer NOT NULL, "number" character varying(30) NOT NULL, "currency" character varying(3) NOT NULL, "vat_basis_points" integer NOT NULL, "lines" jsonb NOT NULL, "subtotal" bigint NOT NULL, "vat" bigint NOT NULL, "total" bigint NOT NULL, "due_date" date NOT NULL, "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_invoices_trip_kind" UNIQUE ("trip_id", "kind"), CONSTRAINT "UQ_invoices_company_year_seq" UNIQUE ("company_org_id", "year", "seq"), CONSTRAINT "PK_invoices" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_invoices_tenant" ON "invoices"  ("tenant_id", "id") `);
    await queryRunner.query(
      `CREATE TABLE "invoice_counters" ("company_org_id" integer NOT NULL, "year" integer NOT NULL, "last_seq" integer NOT NULL, CONSTRAINT "PK_invoice_counters" PRIMARY KEY ("company_org_id", "year"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "invoices" ADD CONSTRAINT "FK_invoices_trip" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoices" DROP CONSTRAINT "FK_invoices_trip"`);
    await queryRunner.query(`DROP TABLE "invoice_counters"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_invoices_tenant"`);
    await queryRunner.query(`DROP TABLE "invoices"`);
  }
}
