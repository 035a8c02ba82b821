import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795355827157 implements MigrationInterface {
  name = 'Initial1795355827157';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "revoked_tokens" ("jti" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b18aa48269f87cafba8c6310624" PRIMARY KEY ("jti"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_5aee0c1828e7b9238ca3fe47bc" ON "revoked_tokens"  ("expires_at") `);
    await queryRunner.query(
      `CREATE TABLE "tenants" ("id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "slug" character varying(80) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_2310ecc5cb8be427097154b18fc" UNIQUE ("slug"), CONSTRAINT "PK_53be67a04681c66b87ee27c9321" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "organizations" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "type" character varying(20) NOT NULL, "name" character varying(200) NOT NULL, "slug" character varying(80) NOT NULL, "code" character varying(80), "parent_org_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6b031fcd0863e3f6b44230163f9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_9c417745ec02ee1c872d191868" ON "organizations"  ("tenant_id", "slug") `);
    await queryRunner.query(
      `CREATE TABLE "partnerships" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "school_org_id" integer NOT NULL, "bus_company_org_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_55de3c169ff0d5d88e9a7cb0cd6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_ff6e39c614e9011b0dafb1d7d7" ON "partnerships"  ("school_org_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_a7021ebc25ccdfe00ff17fed2e" ON "partnerships"  ("bus_company_org_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_ac7dca01d754a200d0421d09d7" ON "partnerships"  ("school_org_id", "bus_company_org_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" SERIAL NOT NULL, "tenant_id" integer, "active_org_id" integer, "name" character varying(200) NOT NULL, "email" character varying(254) NOT NULL, "password_hash" character varying(255) NOT NULL, "role" character varying(40) NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'pending', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_109638590074998bb72a2f2cf0" ON "users"  ("tenant_id") `);
    await queryRunner.query(
      `ALTER TABLE "organizations" ADD CONSTRAINT "FK_73cf5671daf6562fae8c1a2df99" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "organizations" ADD CONSTRAINT "FK_481a9e0bcafdaf38c019445df9f" FOREIGN KEY ("parent_org_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "partnerships" ADD CONSTRAINT "FK_10d6d5a8cde3893da8d965f9634" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "partnerships" ADD CONSTRAINT "FK_ff6e39c614e9011b0dafb1d7d77" FOREIGN KEY ("school_org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "partnerships" ADD CONSTRAINT "FK_a7021ebc25ccdfe00ff17fed2ea" FOREIGN KEY ("bus_company_org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_109638590074998bb72a2f2cf08" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_fdd88fce3834b2c422cc27a9337" FOREIGN KEY ("active_org_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_fdd88fce3834b2c422cc27a9337"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_109638590074998bb72a2f2cf08"`);
    await queryRunner.query(`ALTER TABLE "partnerships" DROP CONSTRAINT "FK_a7021ebc25ccdfe00ff17fed2ea"`);
    await queryRunner.query(`ALTER TABLE "partnerships" DROP CONSTRAINT "FK_ff6e39c614e9011b0dafb1d7d77"`);
    await queryRunner.query(`ALTER TABLE "partnerships" DROP CONSTRAINT "FK_10d6d5a8cde3893da8d965f9634"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP CONSTRAINT "FK_481a9e0bcafdaf38c019445df9f"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP CONSTRAINT "FK_73cf5671daf6562fae8c1a2df99"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_109638590074998bb72a2f2cf0"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ac7dca01d754a200d0421d09d7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a7021ebc25ccdfe00ff17fed2e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ff6e39c614e9011b0dafb1d7d7"`);
    await queryRunner.query(`DROP TABLE "partnerships"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9c417745ec02ee1c872d191868"`);
    await queryRunner.query(`DROP TABLE "organizations"`);
    await queryRunner.query(`DROP TABLE "tenants"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5aee0c1828e7b9238ca3fe47bc"`);
    await queryRunner.query(`DROP TABLE "revoked_tokens"`);
  }
}
