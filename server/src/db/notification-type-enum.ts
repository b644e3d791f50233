import type { QueryRunner } from "typeorm";

/**
 * For a migration's `down()`: PostgreSQL cannot drop a value from an enum, so the notification
 * type is rebuilt with `values` (the list as it was before the migration), after the notices of
 * every other type are deleted. The two partial unique indexes whose predicate names a type are
 * dropped and made again around the change, as the type they compare with is replaced.
 */
export async function rebuildNotificationType(queryRunner: QueryRunner, values: readonly string[]): Promise<void> {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
  await queryRunner.query(`DELETE FROM "notifications" WHERE "type"::text NOT IN (${list})`);
  await queryRunner.query(`DROP INDEX "public"."notifications_memory_added_day_uq"`);
  await queryRunner.query(`DROP INDEX "public"."notifications_friend_day_uq"`);
  await queryRunner.query(`CREATE TYPE "public"."notification_type_old" AS ENUM(${list})`);
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
}

/** The notification types as of MemoryVoices1795900000000, for the `down()` of later migrations. */
export const NOTIFICATION_TYPES_1795900000000 = [
  "timeline_proposal",
  "timeline_accepted",
  "timeline_rejected",
  "timeline_request",
  "timeline_created",
  "photos_uploaded",
  "memory_added",
  "memory_tagged",
  "other",
  "privacy_request",
  "privacy_accepted",
  "privacy_declined",
  "partner_note_added",
  "timeline_withdrawn",
  "memory_edited",
  "memory_deleted",
] as const;
