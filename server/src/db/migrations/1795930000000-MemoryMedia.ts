import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Several photos per memory (docs/decisions/051-several-photos-per-memory.md): a memory's 1 to 10
 * media in order, position 0 the cover (which `memories.media_id` keeps). Every existing memory's
 * one media becomes its position 0.
 */
export class MemoryMedia1795930000000 implements MigrationInterface {
  name = "MemoryMedia1795930000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "memory_media" ("memory_id" uuid NOT NULL, "media_file_id" uuid NOT NULL, "position" integer NOT NULL, CONSTRAINT "memory_media_position_range" CHECK ("position" >= 0 AND "position" < 10), CONSTRAINT "PK_282ee3d0e294dee198faef24b8e" PRIMARY KEY ("memory_id", "media_file_id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "memory_media_file_uq" ON "memory_media"  ("media_file_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "memory_media_position_uq" ON "memory_media"  ("memory_id", "position") `,
    );
    await queryRunner.query(
      `ALTER TABLE "memory_media" ADD CONSTRAINT "FK_faaca0fe7014f80294e5f85cea1" FOREIGN KEY ("memory_id") REFERENCES "memories"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "memory_media" ADD CONSTRAINT "FK_299fb9799b003418bc883d23238" FOREIGN KEY ("media_file_id") REFERENCES "media_files"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO "memory_media" ("memory_id", "media_file_id", "position") SELECT "id", "media_id", 0 FROM "memories"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memory_media" DROP CONSTRAINT "FK_299fb9799b003418bc883d23238"`);
    await queryRunner.query(`ALTER TABLE "memory_media" DROP CONSTRAINT "FK_faaca0fe7014f80294e5f85cea1"`);
    await queryRunner.query(`DROP INDEX "public"."memory_media_position_uq"`);
    await queryRunner.query(`DROP INDEX "public"."memory_media_file_uq"`);
    await queryRunner.query(`DROP TABLE "memory_media"`);
  }
}
