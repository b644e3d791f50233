import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A withdrawn proposal leaves its invitee a notice (docs/decisions/032-who-may-learn-whom.md): a
 * notice type, and the title of the timeline for a notice that outlives it.
 */
export class WithdrawnProposals1795840000000 implements MigrationInterface {
  name = "WithdrawnProposals1795840000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" ADD "timeline_title" character varying(1000)`);
    // a new enum value may not be used in this transaction, and is not
    await queryRunner.query(`ALTER TYPE "public"."notification_type" ADD VALUE 'timeline_withdrawn'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "notifications" WHERE "type"::text = 'timeline_withdrawn'`);
    await queryRunner.query(`DROP INDEX "public"."notifications_memory_added_day_uq"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_friend_day_uq"`);
    await queryRunner.query(
      `CREATE TYPE "public"."notification_type_old" AS ENUM('timeline_proposal', 'timeline_accepted', 'timeline_rejected', 'timeline_request', 'timeline_created', 'photos_uploaded', 'memory_added', 'memory_tagged', 'other', 'privacy_request', 'privacy_accepted', 'privacy_declined', 'partner_note_added')`,
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
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "timeline_title"`);
  }
}
