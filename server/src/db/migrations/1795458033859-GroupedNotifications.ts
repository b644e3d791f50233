import type { MigrationInterface, QueryRunner } from "typeorm";

export class GroupedNotifications1795458033859 implements MigrationInterface {
  name = "GroupedNotifications1795458033859";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" ADD "count" integer NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "notifications" ADD "group_day" date`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notifications_friend_day_uq" ON "notifications"  ("recipient_id", "related_user_id", "group_day") WHERE "type" IN ('timeline_created', 'photos_uploaded')`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notifications_memory_added_day_uq" ON "notifications"  ("recipient_id", "related_timeline_id", "group_day") WHERE "type" = 'memory_added'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."notifications_memory_added_day_uq"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_friend_day_uq"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "group_day"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "count"`);
  }
}
