import type { MigrationInterface, QueryRunner } from "typeorm";

export class Init1795267499703 implements MigrationInterface {
  name = "Init1795267499703";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."media_type" AS ENUM('image', 'video')`);
    await queryRunner.query(
      `CREATE TABLE "media_files" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_id" uuid NOT NULL, "type" "public"."media_type" NOT NULL, "format" character varying(16) NOT NULL, "width" integer, "height" integer, "bytes" bigint NOT NULL, "original_key" character varying(300) NOT NULL, "variants" jsonb NOT NULL DEFAULT '{}', "attached" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_93b4da6741cd150e76f9ac035d8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "media_files_owner_idx" ON "media_files"  ("owner_id") `);
    await queryRunner.query(
      `CREATE INDEX "media_files_unattached_idx" ON "media_files"  ("created_at") WHERE "attached" = false`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "username" character varying(30) NOT NULL, "display_name" character varying(100) NOT NULL, "full_name" character varying(200), "bio" character varying(500) NOT NULL DEFAULT '', "profile_photo_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "users_email_lowercase" CHECK ("email" = lower("email")), CONSTRAINT "users_username_format" CHECK ("username" ~ '^[a-z0-9]{3,30}$'), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_key" ON "users"  ("email") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_key" ON "users"  ("username") `);
    await queryRunner.query(`CREATE TYPE "public"."timeline_status" AS ENUM('pending', 'accepted', 'rejected')`);
    await queryRunner.query(`CREATE TYPE "public"."timeline_privacy" AS ENUM('private', 'semi-private', 'public')`);
    await queryRunner.query(
      `CREATE TABLE "timelines" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "title" character varying(100) NOT NULL, "status" "public"."timeline_status" NOT NULL DEFAULT 'pending', "is_active" boolean NOT NULL DEFAULT true, "privacy" "public"."timeline_privacy" NOT NULL DEFAULT 'private', "created_by_id" uuid NOT NULL, "collaborator_id" uuid, "collaborator_email" character varying(254) NOT NULL, "last_activity" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "preview_media_ids" uuid array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b7e242fccf271037f4d6a00d9dd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "timelines_created_by_idx" ON "timelines"  ("created_by_id") `);
    await queryRunner.query(`CREATE INDEX "timelines_collaborator_idx" ON "timelines"  ("collaborator_id") `);
    await queryRunner.query(`CREATE INDEX "timelines_collaborator_email_idx" ON "timelines"  ("collaborator_email") `);
    await queryRunner.query(
      `CREATE INDEX "timelines_collaborator_edge_idx" ON "timelines"  ("collaborator_id", "created_by_id") WHERE "status" = 'accepted' AND "is_active"`,
    );
    await queryRunner.query(
      `CREATE INDEX "timelines_creator_edge_idx" ON "timelines"  ("created_by_id", "collaborator_id") WHERE "status" = 'accepted' AND "is_active"`,
    );
    await queryRunner.query(
      `CREATE TABLE "memories" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "timeline_id" uuid NOT NULL, "media_id" uuid NOT NULL, "position" integer NOT NULL, "caption" character varying(500) NOT NULL DEFAULT '', "location" character varying(200) NOT NULL DEFAULT '', "memory_date" date, "meaning" character varying(1000) NOT NULL DEFAULT '', "created_by_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "memories_position_positive" CHECK ("position" >= 1), CONSTRAINT "PK_aaa0692d9496fe827b0568612f8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "memories_media_idx" ON "memories"  ("media_id") `);
    await queryRunner.query(`CREATE INDEX "memories_created_by_idx" ON "memories"  ("created_by_id") `);
    await queryRunner.query(`CREATE INDEX "memories_timeline_date_idx" ON "memories"  ("timeline_id", "memory_date") `);
    await queryRunner.query(
      `CREATE TYPE "public"."notification_type" AS ENUM('timeline_proposal', 'timeline_accepted', 'timeline_rejected', 'timeline_request', 'timeline_created', 'photos_uploaded', 'memory_added', 'memory_tagged', 'other')`,
    );
    await queryRunner.query(
      `CREATE TABLE "notifications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "recipient_id" uuid NOT NULL, "type" "public"."notification_type" NOT NULL, "message" character varying(500) NOT NULL, "is_read" boolean NOT NULL DEFAULT false, "related_user_id" uuid, "related_timeline_id" uuid, "action_url" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "notifications_related_timeline_idx" ON "notifications"  ("related_timeline_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "notifications_recipient_unread_idx" ON "notifications"  ("recipient_id") WHERE "is_read" = false`,
    );
    await queryRunner.query(
      `CREATE INDEX "notifications_recipient_created_idx" ON "notifications"  ("recipient_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sign_in_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "token_hash" character(64) NOT NULL, "code_hash" character(64) NOT NULL, "code_attempts" integer NOT NULL DEFAULT '0', "browser_proof_hash" character(64), "purpose" character varying(16) NOT NULL DEFAULT 'login', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "superseded_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_32dc38a124eb12791e7726a4492" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "sign_in_tokens_token_hash_key" ON "sign_in_tokens"  ("token_hash") `);
    await queryRunner.query(
      `CREATE INDEX "sign_in_tokens_email_open_idx" ON "sign_in_tokens"  ("email") WHERE "consumed_at" IS NULL AND "superseded_at" IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_bbc5801373f2845b85be46ff076" FOREIGN KEY ("profile_photo_id") REFERENCES "media_files"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "timelines" ADD CONSTRAINT "FK_17e29f03e3c876864ee423f9e72" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "timelines" ADD CONSTRAINT "FK_40b2505a452746aed844c8e822b" FOREIGN KEY ("collaborator_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "memories" ADD CONSTRAINT "FK_9a6f77295ede4d4088624d38568" FOREIGN KEY ("timeline_id") REFERENCES "timelines"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "memories" ADD CONSTRAINT "FK_be2e837364e03a9c91d73dedd9f" FOREIGN KEY ("media_id") REFERENCES "media_files"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "memories" ADD CONSTRAINT "FK_69b03c18119f08f5186f3f2768a" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_5332a4daa46fd3f4e6625dd275d" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_e9e4444e24f0577125255c492a2" FOREIGN KEY ("related_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_9f07b2d4d787998383a1e9424d2" FOREIGN KEY ("related_timeline_id") REFERENCES "timelines"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_9f07b2d4d787998383a1e9424d2"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_e9e4444e24f0577125255c492a2"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_5332a4daa46fd3f4e6625dd275d"`);
    await queryRunner.query(`ALTER TABLE "memories" DROP CONSTRAINT "FK_69b03c18119f08f5186f3f2768a"`);
    await queryRunner.query(`ALTER TABLE "memories" DROP CONSTRAINT "FK_be2e837364e03a9c91d73dedd9f"`);
    await queryRunner.query(`ALTER TABLE "memories" DROP CONSTRAINT "FK_9a6f77295ede4d4088624d38568"`);
    await queryRunner.query(`ALTER TABLE "timelines" DROP CONSTRAINT "FK_40b2505a452746aed844c8e822b"`);
    await queryRunner.query(`ALTER TABLE "timelines" DROP CONSTRAINT "FK_17e29f03e3c876864ee423f9e72"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_bbc5801373f2845b85be46ff076"`);
    await queryRunner.query(`DROP INDEX "public"."sign_in_tokens_email_open_idx"`);
    await queryRunner.query(`DROP INDEX "public"."sign_in_tokens_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "sign_in_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_recipient_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_recipient_unread_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_related_timeline_idx"`);
    await queryRunner.query(`DROP TABLE "notifications"`);
    await queryRunner.query(`DROP TYPE "public"."notification_type"`);
    await queryRunner.query(`DROP INDEX "public"."memories_timeline_date_idx"`);
    await queryRunner.query(`DROP INDEX "public"."memories_created_by_idx"`);
    await queryRunner.query(`DROP INDEX "public"."memories_media_idx"`);
    await queryRunner.query(`DROP TABLE "memories"`);
    await queryRunner.query(`DROP INDEX "public"."timelines_creator_edge_idx"`);
    await queryRunner.query(`DROP INDEX "public"."timelines_collaborator_edge_idx"`);
    await queryRunner.query(`DROP INDEX "public"."timelines_collaborator_email_idx"`);
    await queryRunner.query(`DROP INDEX "public"."timelines_collaborator_idx"`);
    await queryRunner.query(`DROP INDEX "public"."timelines_created_by_idx"`);
    await queryRunner.query(`DROP TABLE "timelines"`);
    await queryRunner.query(`DROP TYPE "public"."timeline_privacy"`);
    await queryRunner.query(`DROP TYPE "public"."timeline_status"`);
    await queryRunner.query(`DROP INDEX "public"."users_username_key"`);
    await queryRunner.query(`DROP INDEX "public"."users_email_key"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "public"."media_files_unattached_idx"`);
    await queryRunner.query(`DROP INDEX "public"."media_files_owner_idx"`);
    await queryRunner.query(`DROP TABLE "media_files"`);
    await queryRunner.query(`DROP TYPE "public"."media_type"`);
  }
}
