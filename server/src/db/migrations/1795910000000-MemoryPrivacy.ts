import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A memory's own tier, never wider than its timeline's (docs/decisions/052-memory-privacy.md), and
 * a wider tier asked for by one participant, waiting for the other (as for timelines, 026).
 */
export class MemoryPrivacy1795910000000 implements MigrationInterface {
  name = "MemoryPrivacy1795910000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memories" ADD "privacy" "public"."timeline_privacy"`);
    await queryRunner.query(`ALTER TABLE "memories" ADD "pending_privacy" "public"."timeline_privacy"`);
    await queryRunner.query(`ALTER TABLE "memories" ADD "privacy_requested_by_id" uuid`);
    await queryRunner.query(`ALTER TABLE "memories" ADD "privacy_requested_at" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "memories" ADD CONSTRAINT "FK_ec2db34e9a1ded30b17d7032e24" FOREIGN KEY ("privacy_requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM "notifications" WHERE "type"::text LIKE 'privacy_%' AND "related_memory_id" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "memories" DROP CONSTRAINT "FK_ec2db34e9a1ded30b17d7032e24"`);
    await queryRunner.query(`ALTER TABLE "memories" DROP COLUMN "privacy_requested_at"`);
    await queryRunner.query(`ALTER TABLE "memories" DROP COLUMN "privacy_requested_by_id"`);
    await queryRunner.query(`ALTER TABLE "memories" DROP COLUMN "pending_privacy"`);
    await queryRunner.query(`ALTER TABLE "memories" DROP COLUMN "privacy"`);
  }
}
