import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The SHA-256 of each original as received, to find the same photo added twice to one timeline
 * (docs/decisions/050-trip-uploads.md). Uploads stored before it have none.
 */
export class MediaSha2561795890000000 implements MigrationInterface {
  name = "MediaSha2561795890000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_files" ADD "sha256" character(64)`);
    await queryRunner.query(`CREATE INDEX "media_files_sha256_idx" ON "media_files" ("sha256")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."media_files_sha256_idx"`);
    await queryRunner.query(`ALTER TABLE "media_files" DROP COLUMN "sha256"`);
  }
}
