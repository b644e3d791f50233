import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Keyset paging (docs/decisions/024-paged-reads.md): the sort-key times kept to the millisecond so
 * a cursor carries them exactly, and one index per order of a timeline's memories.
 */
export class PagedReads1795457624345 implements MigrationInterface {
  name = "PagedReads1795457624345";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."memories_timeline_date_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_recipient_created_idx"`);
    await queryRunner.query(`ALTER TABLE "timelines" ALTER COLUMN "last_activity" TYPE TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "timelines" ALTER COLUMN "created_at" TYPE TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "memories" ALTER COLUMN "created_at" TYPE TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "notifications" ALTER COLUMN "created_at" TYPE TIMESTAMP(3) WITH TIME ZONE`);
    // newest / oldest memory_date first, a missing date as the earliest (memories/memory-order.ts)
    await queryRunner.query(
      `CREATE INDEX "memories_timeline_order_idx" ON "memories" ("timeline_id", (COALESCE("memory_date", CAST('-infinity' AS date))), "created_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "memories_timeline_created_idx" ON "memories"  ("timeline_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "memories_timeline_position_idx" ON "memories"  ("timeline_id", "position", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "notifications_recipient_created_idx" ON "notifications"  ("recipient_id", "created_at", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."notifications_recipient_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."memories_timeline_order_idx"`);
    await queryRunner.query(`DROP INDEX "public"."memories_timeline_position_idx"`);
    await queryRunner.query(`DROP INDEX "public"."memories_timeline_created_idx"`);
    await queryRunner.query(`ALTER TABLE "notifications" ALTER COLUMN "created_at" TYPE TIMESTAMP(6) WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "memories" ALTER COLUMN "created_at" TYPE TIMESTAMP(6) WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "timelines" ALTER COLUMN "created_at" TYPE TIMESTAMP(6) WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "timelines" ALTER COLUMN "last_activity" TYPE TIMESTAMP(6) WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "notifications_recipient_created_idx" ON "notifications" ("recipient_id", "created_at") `,
    );
    await queryRunner.query(`CREATE INDEX "memories_timeline_date_idx" ON "memories" ("timeline_id", "memory_date") `);
  }
}
