import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Two keys to widen a timeline's tier (docs/decisions/026-two-keys-privacy.md): the tier asked
 * for, by whom and when; the tier and the answer of a privacy notice; three notice types.
 */
export class TwoKeysPrivacy1795713000000 implements MigrationInterface {
  name = "TwoKeysPrivacy1795713000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "timelines" ADD "pending_privacy" "public"."timeline_privacy"`);
    await queryRunner.query(`ALTER TABLE "timelines" ADD "privacy_requested_by_id" uuid`);
    await queryRunner.query(`ALTER TABLE "timelines" ADD "privacy_requested_at" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "timelines" ADD CONSTRAINT "FK_59a68cd06e40894c4cc7e869a2b" FOREIGN KEY ("privacy_requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "notifications" ADD "privacy" "public"."timeline_privacy"`);
    await queryRunner.query(`ALTER TABLE "notifications" ADD "resolution" character varying(16)`);
    // new enum values may not be used in this transaction, and are not
    await queryRunner.query(`ALTER TYPE "public"."notification_type" ADD VALUE 'privacy_request'`);
    await queryRunner.query(`ALTER TYPE "public"."notification_type" ADD VALUE 'privacy_accepted'`);
    await queryRunner.query(`ALTER TYPE "public"."notification_type" ADD VALUE 'privacy_declined'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "notifications" WHERE "type"::text LIKE 'privacy_%'`);
    await queryRunner.query(`DROP INDEX "public"."notifications_memory_added_day_uq"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_friend_day_uq"`);
    await queryRunner.query(
      `CREATE TYPE "public"."notification_type_old" AS ENUM('timeline_proposal', 'timeline_accepted', 'timeline_rejected', 'timeline_request', 'timeline_created', 'photos_uploaded', 'memory_added', 'memory_tagged', 'other')`,
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
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "resolution"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "privacy"`);
    await queryRunner.query(`ALTER TABLE "timelines" DROP CONSTRAINT "FK_59a68cd06e40894c4cc7e869a2b"`);
    await queryRunner.query(`ALTER TABLE "timelines" DROP COLUMN "privacy_requested_at"`);
    await queryRunner.query(`ALTER TABLE "timelines" DROP COLUMN "privacy_requested_by_id"`);
    await queryRunner.query(`ALTER TABLE "timelines" DROP COLUMN "pending_privacy"`);
  }
}
