import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Limits count user-perceived characters (docs/decisions/017-hostile-input.md): a title of 100
 * family emoji is 700 code points, so the columns hold ten code points per allowed character.
 * Widening a varchar is a catalogue change in PostgreSQL (no table rewrite).
 */
export class GraphemeTextWidths1795400000000 implements MigrationInterface {
  name = "GraphemeTextWidths1795400000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memories" ALTER COLUMN "caption" TYPE character varying(5000)`);
    await queryRunner.query(`ALTER TABLE "memories" ALTER COLUMN "location" TYPE character varying(2000)`);
    await queryRunner.query(`ALTER TABLE "memories" ALTER COLUMN "meaning" TYPE character varying(10000)`);
    await queryRunner.query(`ALTER TABLE "notifications" ALTER COLUMN "message" TYPE character varying(5000)`);
    await queryRunner.query(`ALTER TABLE "timelines" ALTER COLUMN "title" TYPE character varying(1000)`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "display_name" TYPE character varying(1000)`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "bio" TYPE character varying(5000)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memories" ALTER COLUMN "caption" TYPE character varying(500)`);
    await queryRunner.query(`ALTER TABLE "memories" ALTER COLUMN "location" TYPE character varying(200)`);
    await queryRunner.query(`ALTER TABLE "memories" ALTER COLUMN "meaning" TYPE character varying(1000)`);
    await queryRunner.query(`ALTER TABLE "notifications" ALTER COLUMN "message" TYPE character varying(500)`);
    await queryRunner.query(`ALTER TABLE "timelines" ALTER COLUMN "title" TYPE character varying(100)`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "display_name" TYPE character varying(100)`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "bio" TYPE character varying(500)`);
  }
}
