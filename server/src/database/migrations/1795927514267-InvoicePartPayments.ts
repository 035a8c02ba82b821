import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Payments in parts: an invoice may have several payments, each with an id of its own (the invoice's was the key). */
export class InvoicePartPayments1795927514267 implements MigrationInterface {
  name = 'InvoicePartPayments1795927514267';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoice_payments" ADD "id" SERIAL NOT NULL`);
    await queryRunner.query(`ALTER TABLE "invoice_payments" DROP CONSTRAINT "PK_invoice_payments"`);
    await queryRunner.query(`ALTER TABLE "invoice_payments" ADD CONSTRAINT "PK_invoice_payments" PRIMARY KEY ("id")`);
    await queryRunner.query(`CREATE INDEX "IDX_invoice_payments_invoice" ON "invoice_payments"  ("invoice_id", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_invoice_payments_invoice"`);
    await queryRunner.query(`ALTER TABLE "invoice_payments" DROP CONSTRAINT "PK_invoice_payments"`);
    await queryRunner.query(`ALTER TABLE "invoice_payments" ADD CONSTRAINT "PK_invoice_payments" PRIMARY KEY ("invoice_id")`);
    await queryRunner.query(`ALTER TABLE "invoice_payments" DROP COLUMN "id"`);
  }
}
