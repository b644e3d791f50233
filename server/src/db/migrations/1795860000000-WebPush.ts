import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Web Push (docs/decisions/035-presence.md): a subscription per device, bound to the session that
 * made it (logging out, everywhere or here, or deleting the account removes it); the events waiting
 * to be pushed, written in the transaction of what caused them; the hour a timeline's first note
 * opened ("hourly"); the days a daily note went.
 */
export class WebPush1795860000000 implements MigrationInterface {
  name = "WebPush1795860000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "push_subscriptions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "session_id" varchar REFERENCES "session"("sid") ON DELETE CASCADE,
        "endpoint" text NOT NULL UNIQUE,
        "p256dh" text NOT NULL,
        "auth" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`,
    );
    await q.query(`CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id")`);
    await q.query(`CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" ("session_id")`);
    await q.query(
      `CREATE TABLE "push_events" (
        "id" bigserial PRIMARY KEY,
        "recipient_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "kind" text NOT NULL CHECK ("kind" IN ('memories', 'proposal', 'consent')),
        "timeline_id" uuid NOT NULL REFERENCES "timelines"("id") ON DELETE CASCADE,
        "actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL
      )`,
    );
    await q.query(`CREATE INDEX "push_events_recipient_idx" ON "push_events" ("recipient_id", "id")`);
    await q.query(
      `CREATE TABLE "push_windows" (
        "recipient_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "timeline_id" uuid NOT NULL REFERENCES "timelines"("id") ON DELETE CASCADE,
        "opened_at" timestamptz NOT NULL,
        PRIMARY KEY ("recipient_id", "timeline_id")
      )`,
    );
    await q.query(
      `CREATE TABLE "push_days" (
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "day" date NOT NULL,
        PRIMARY KEY ("user_id", "day")
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "push_days"`);
    await q.query(`DROP TABLE "push_windows"`);
    await q.query(`DROP TABLE "push_events"`);
    await q.query(`DROP TABLE "push_subscriptions"`);
  }
}
