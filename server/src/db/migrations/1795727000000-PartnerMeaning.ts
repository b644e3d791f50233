import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Two voices on one memory (docs/decisions/027-two-voices.md): the other participant's note, and
 * the notice its first writing sends to the memory's creator (at most one per memory and day).
 */
export class PartnerMeaning1795727000000 implements MigrationInterface {
  name = "PartnerMeaning1795727000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memories" ADD "partner_meaning" character varying(10000)`);
    await queryRunner.query(`ALTER TABLE "notifications" ADD "related_memory_id" uuid`);
    // a new enum value may be added inside the migration's transaction as long as nothing here uses it
    await queryRunner.query(`ALTER TYPE "public"."notification_type" ADD VALUE 'partner_note_added'`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notifications_partner_note_day_uq" ON "notifications" ("related_memory_id", "recipient_id", "group_day") WHERE "related_memory_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_31c4e74aa8b0f14390b8b77f17a" FOREIGN KEY ("related_memory_id") REFERENCES "memories"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_31c4e74aa8b0f14390b8b77f17a"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_partner_note_day_uq"`);
    await queryRunner.query(`DELETE FROM "notifications" WHERE "type" = 'partner_note_added'`);
    await queryRunner.query(
      `CREATE TYPE "public"."notification_type_old" AS ENUM('timeline_proposal', 'timeline_accepted', 'timeline_rejected', 'timeline_request', 'timeline_created', 'photos_uploaded', 'memory_added', 'memory_tagged', 'other')`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ALTER COLUMN "type" TYPE "public"."notification_type_old" USING "type"::"text"::"public"."notification_type_old"`,
    );
    await queryRunner.query(`DROP TYPE "public"."notification_type"`);
    await queryRunner.query(`ALTER TYPE "public"."notification_type_old" RENAME TO "notification_type"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "related_memory_id"`);
    await queryRunner.query(`ALTER TABLE "memories" DROP COLUMN "partner_meaning"`);
  }
}
