import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Reminders, invite links and what is new (docs/decisions/055-reminders-invite-links-and-new-marks.md):
 * - one invite link per pending proposal, stored only as the SHA-256 of its token, single use,
 *   expiring; a new link replaces the row (the old token stops working);
 * - when each person last opened each timeline; every participant of an existing timeline starts
 *   as having visited it now, so nothing already there shows as new after the upgrade.
 */
export class InviteLinks1795940000000 implements MigrationInterface {
  name = "InviteLinks1795940000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "timeline_invite_links" (
        "timeline_id" uuid PRIMARY KEY REFERENCES "timelines"("id") ON DELETE CASCADE,
        "token_hash" char(64) NOT NULL UNIQUE,
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        "expires_at" timestamptz(3) NOT NULL,
        "used_at" timestamptz(3),
        "used_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL
      )`,
    );
    await q.query(
      `CREATE TABLE "timeline_visits" (
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "timeline_id" uuid NOT NULL REFERENCES "timelines"("id") ON DELETE CASCADE,
        "visited_at" timestamptz(3) NOT NULL,
        PRIMARY KEY ("user_id", "timeline_id")
      )`,
    );
    await q.query(`CREATE INDEX "timeline_visits_timeline_idx" ON "timeline_visits" ("timeline_id")`);
    await q.query(
      `INSERT INTO "timeline_visits" ("user_id", "timeline_id", "visited_at")
       SELECT "created_by_id", "id", now() FROM "timelines"
       UNION
       SELECT "collaborator_id", "id", now() FROM "timelines" WHERE "collaborator_id" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "timeline_visits"`);
    await q.query(`DROP TABLE "timeline_invite_links"`);
  }
}
