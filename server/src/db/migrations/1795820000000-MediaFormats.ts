import type { MigrationInterface, QueryRunner } from "typeorm";

export class MediaFormats1795820000000 implements MigrationInterface {
  name = "MediaFormats1795820000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."media_status" AS ENUM('ready', 'preparing', 'failed')`);
    await queryRunner.query(`ALTER TABLE "media_files" ADD "status" "public"."media_status" NOT NULL DEFAULT 'ready'`);
    await queryRunner.query(`ALTER TABLE "media_files" ADD "taken_at" character varying(25)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_files" DROP COLUMN "taken_at"`);
    await queryRunner.query(`ALTER TABLE "media_files" DROP COLUMN "status"`);
    await queryRunner.query(`DROP TYPE "public"."media_status"`);
  }
}
