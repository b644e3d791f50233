import type { MigrationInterface, QueryRunner } from "typeorm";

export class MediaStoredBytes1795450062471 implements MigrationInterface {
  name = "MediaStoredBytes1795450062471";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_files" ADD "stored_bytes" bigint NOT NULL DEFAULT '0'`);
    // Rows from before the quota: their originals' size (variants are a small fraction of it).
    await queryRunner.query(`UPDATE "media_files" SET "stored_bytes" = "bytes"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_files" DROP COLUMN "stored_bytes"`);
  }
}
