import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Each voice its author's (docs/decisions/037-each-voice-its-authors.md): who last changed the
 * creator's caption, place, date or media when that was the other person, and the notices such a
 * change or a deletion sends the memory's creator. A memory's notices are one per type and day, so
 * an edit does not swallow the day's partner-note notice.
 */
export class MemoryVoices1795900000000 implements MigrationInterface {
  name = "MemoryVoices1795900000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memories" ADD "edited_by_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "memories" ADD CONSTRAINT "FK_5b9db38b9a0ad437942c3f00228" FOREIGN KEY ("edited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    // new enum values may be added inside the migration's transaction as long as nothing here uses them
    await queryRunner.query(`ALTER TYPE "public"."notification_type" ADD VALUE 'memory_edited'`);
    await queryRunner.query(`ALTER TYPE "public"."notification_type" ADD VALUE 'memory_deleted'`);
    await queryRunner.query(`DROP INDEX "public"."notifications_partner_note_day_uq"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notifications_memory_day_uq" ON "notifications" ("related_memory_id", "recipient_id", "type", "group_day") WHERE "related_memory_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "notifications" WHERE "type"::text IN ('memory_edited', 'memory_deleted')`);
    await queryRunner.query(`DROP INDEX "public"."notifications_memory_day_uq"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notifications_partner_note_day_uq" ON "notifications" ("related_memory_id", "recipient_id", "group_day") WHERE "related_memory_id" IS NOT NULL`,
    );
    await queryRunner.query(`DROP INDEX "public"."notifications_memory_added_day_uq"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_friend_day_uq"`);
    await queryRunner.query(
      `CREATE TYPE "public"."notification_type_old" AS ENUM('timeline_proposal', 'timeline_accepted', 'timeline_rejected', 'timeline_request', 'timeline_created', 'photos_uploaded', 'memory_added', 'memory_tagged', 'other', 'privacy_request', 'privacy_accepted', 'privacy_declined', 'partner_note_added', 'timeline_withdrawn')`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ALTER COLUMN "type" TYPE "public"."notification_type_old" USING "type"::"text"::"public"."notification_type_old"`,
    );
    await queryRunner.query(`DROP TYPE "public"."notification_type"`);
    await queryRunner.query(`ALTER TYPE "public"."notification_type_old" RENAME TO "notification_type"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notifications_memory_added_day_uq" ON "notifications" ("recipient_id", "related_timeline_id", "group_day") WHERE "type" = 'memory_added'`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notifications_friend_day_uq" ON "notifications" ("recipient_id", "related_user_id", "group_day") WHERE "type" IN ('timeline_created', 'photos_uploaded')`,
    );
    await queryRunner.query(`ALTER TABLE "memories" DROP CONSTRAINT "FK_5b9db38b9a0ad437942c3f00228"`);
    await queryRunner.query(`ALTER TABLE "memories" DROP COLUMN "edited_by_id"`);
  }
}
