import type { MigrationInterface, QueryRunner } from "typeorm";

/** A shared timeline whose other participant deleted their account (docs/decisions/023-export-and-deletion.md). */
export class FormerMember1795600000000 implements MigrationInterface {
  name = "FormerMember1795600000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "timelines" ADD "former_member" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "timelines" DROP COLUMN "former_member"`);
  }
}
