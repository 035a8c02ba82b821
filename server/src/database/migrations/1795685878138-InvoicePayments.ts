import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Invoice payments, credit notes (several per trip: the trip-and-kind key now leaves them out) and companies' due days. */
export class InvoicePayments1795685878138 implements MigrationInterface {
  name = 'InvoicePayments1795685878138';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoices" DROP CONSTRAINT "UQ_invoices_trip_kind"`);
    await queryRunner.query(
      `CREATE TABLE "invoice_payments" ("invoice_id" integer NOT NULL, "tenant_id" integer NOT NULL, "paid_on" date NOT NULL, "reference" character varying(100) NOT NULL, "amount" bigint NOT NULL, "recorded_by_id" integer, "recorded_by" character varying(200) NOT NULL, "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_invoice_payments" PRIMARY KEY ("invoice_id"))`,
    );
    await queryRunner.query(`ALTER TABLE "invoices" ADD "credits_invoice_id" integer`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD "reason" character varying(500)`);
    await queryRunner.query(`ALTER TABLE "rate_cards" ADD "due_days" integer NOT NULL DEFAULT '30'`);
    await queryRunner.query(`CREATE INDEX "IDX_invoices_credits" ON "invoices"  ("credits_invoice_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_invoices_trip_kind" ON "invoices"  ("trip_id", "kind") WHERE kind <> 'credit'`);
    await queryRunner.query(
      `ALTER TABLE "invoices" ADD CONSTRAINT "FK_invoices_credits" FOREIGN KEY ("credits_invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "invoice_payments" ADD CONSTRAINT "FK_invoice_payments_invoice" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "invoice_payments" ADD CONSTRAINT "FK_invoice_payments_recorded_by" FOREIGN KEY ("recorded_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoice_payments" DROP CONSTRAINT "FK_invoice_payments_recorded_by"`);
    await queryRunner.query(`ALTER TABLE "invoice_payments" DROP CONSTRAINT "FK_invoice_payments_invoice"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP CONSTRAINT "FK_invoices_credits"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_invoices_trip_kind"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_invoices_credits"`);
    await queryRunner.query(`ALTER TABLE "rate_cards" DROP COLUMN "due_days"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "reason"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "credits_invoice_id"`);
    await queryRunner.query(`DROP TABLE "invoice_payments"`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD CONSTRAINT "UQ_invoices_trip_kind" UNIQUE ("trip_id", "kind")`);
  }
}
