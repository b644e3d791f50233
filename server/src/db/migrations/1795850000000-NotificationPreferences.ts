import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Each person's notification preferences (docs/decisions/035-presence.md): push off/hourly/daily,
 * the e-mail digest off/daily/weekly, the hour of the daily or weekly note, the time zone, quiet
 * hours and the timelines muted. No row: the defaults (everything off, 08:00, quiet 22–08, UTC).
 */
export class NotificationPreferences1795850000000 implements MigrationInterface {
  name = "NotificationPreferences1795850000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "notification_preferences" (
        "user_id" uuid PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
        "push" text NOT NULL DEFAULT 'off' CHECK ("push" IN ('off', 'hourly', 'daily')),
        "email_digest" text NOT NULL DEFAULT 'off' CHECK ("email_digest" IN ('off', 'daily', 'weekly')),
        "digest_hour" smallint NOT NULL DEFAULT 8 CHECK ("digest_hour" BETWEEN 0 AND 23),
        "time_zone" text,
        "quiet_start" smallint NOT NULL DEFAULT 22 CHECK ("quiet_start" BETWEEN 0 AND 23),
        "quiet_end" smallint NOT NULL DEFAULT 8 CHECK ("quiet_end" BETWEEN 0 AND 23),
        "muted_timeline_ids" uuid[] NOT NULL DEFAULT '{}',
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "notification_preferences"`);
  }
}
