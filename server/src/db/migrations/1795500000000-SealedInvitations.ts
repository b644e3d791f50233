import type { MigrationInterface, QueryRunner } from "typeorm";

export class SealedInvitations1795500000000 implements MigrationInterface {
  name = "SealedInvitations1795500000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "timelines" ADD "collaborator_sealed" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "timelines" DROP COLUMN "collaborator_sealed"`);
  }
}
