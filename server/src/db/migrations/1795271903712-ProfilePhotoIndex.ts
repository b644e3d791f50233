import type { MigrationInterface, QueryRunner } from "typeorm";

export class ProfilePhotoIndex1795271903712 implements MigrationInterface {
  name = "ProfilePhotoIndex1795271903712";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "users_profile_photo_idx" ON "users"  ("profile_photo_id") WHERE "profile_photo_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."users_profile_photo_idx"`);
  }
}
