import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The mails delivered, by key (a mail job's id): a job run again after its result could not be
 * stored (the database went down after the mail server had accepted the mail) sends nothing
 * twice (lib/mail-once.ts). Rows older than a day are pruned as new ones are written.
 */
export class MailDeliveries1795830000000 implements MigrationInterface {
  name = "MailDeliveries1795830000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "mail_deliveries" ("key" text PRIMARY KEY, "sent_at" timestamptz NOT NULL DEFAULT now())`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "mail_deliveries"`);
  }
}
