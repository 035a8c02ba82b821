import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail for people away from the console (docs/domain.md, "Notifications"): the outbox the change's transaction writes
 * and the drainers send from, and each user's choice of notices (null: every notice on).
 */
export class EmailOutbox1795500000002 implements MigrationInterface {
  name = 'EmailOutbox1795500000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox_messages" ("id" SERIAL NOT NULL, "tenant_id" integer, "user_id" integer, "notice" character varying(40) NOT NULL, "to_email" character varying(254) NOT NULL, "subject" character varying(300) NOT NULL, "text" text NOT NULL, "html" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attempts" integer NOT NULL DEFAULT 0, "sent_at" TIMESTAMP WITH TIME ZONE, "last_error" character varying(1000), CONSTRAINT "PK_outbox_messages" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outbox_messages_due" ON "outbox_messages" ("sent_at", "next_attempt_at") WHERE "sent_at" IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "outbox_messages" ADD CONSTRAINT "FK_outbox_messages_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "email_notices" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "email_notices"`);
    await queryRunner.query(`DROP TABLE "outbox_messages"`);
  }
}
