import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The digest periods claimed (docs/decisions/035-presence.md): a row per person and period
 * (`day:2026-03-11`, `week:2026-03-09`, `preview:2026-03-11T08:15`), written before the mail is
 * queued, so no period is sent twice across restarts and processes. Rows older than sixty days
 * are pruned by the digest's tick.
 */
export class DigestSends1795870000000 implements MigrationInterface {
  name = "DigestSends1795870000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "digest_sends" (
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "period" text NOT NULL,
        "claimed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "period")
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "digest_sends"`);
  }
}
