import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate cards (docs/domain.md, "Rate cards"): every version of a bus company's prices, VAT and cancellation policy.
 * Rows are never updated or deleted; the unique key makes two versions of one number impossible.
 */
export class RateCards1795500000003 implements MigrationInterface {
  name = 'RateCards1795500000003';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "rate_cards" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_org_id" integer NOT NULL, "version" integer NOT NULL, "currency" character varying(3) NOT NULL, "vat_basis_points" integer NOT NULL, "lines" jsonb NOT NULL, "cancellation_tiers" jsonb NOT NULL, "created_by_id" integer, "created_by" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_rate_cards_company_version" UNIQUE ("company_org_id", "version"), CONSTRAINT "PK_rate_cards" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "rate_cards" ADD CONSTRAINT "FK_rate_cards_company" FOREIGN KEY ("company_org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "rate_cards" ADD CONSTRAINT "FK_rate_cards_created_by" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rate_cards"`);
  }
}
