import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATION_TYPES_1795900000000, rebuildNotificationType } from "../../src/db/notification-type-enum.js";
import { createTestDatabase } from "../helpers/test-db.js";

type Db = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * A migration that has shipped can be taken back: the newest ones are undone (`down()`) and run
 * again on a database of their own, and TypeORM then finds nothing to change, as after a fresh run.
 */
describe("the newest migrations undo and redo", () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it("undoes the last five migrations and runs them again to the same schema", async () => {
    for (let i = 0; i < 5; i++) await db.ds.undoLastMigration({ transaction: "each" });
    const rerun = await db.ds.runMigrations({ transaction: "each" });
    expect(rerun).toHaveLength(5);
    const sql = await db.ds.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).toEqual([]);
  });

  it("rebuilds the notification type without a value, keeping the notices of the types it keeps", async () => {
    const runner = db.ds.createQueryRunner();
    try {
      await runner.query(`ALTER TYPE "public"."notification_type" ADD VALUE 'undo_probe'`);
      await rebuildNotificationType(runner, NOTIFICATION_TYPES_1795900000000);
      const rows: { v: string }[] = await runner.query(
        `SELECT unnest(enum_range(NULL::"public"."notification_type"))::text AS v`,
      );
      expect(rows.map((r) => r.v)).toEqual([...NOTIFICATION_TYPES_1795900000000]);
      const indexes: { indexname: string }[] = await runner.query(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'notifications' AND indexname IN ('notifications_memory_added_day_uq', 'notifications_friend_day_uq') ORDER BY 1`,
      );
      expect(indexes.map((r) => r.indexname)).toEqual([
        "notifications_friend_day_uq",
        "notifications_memory_added_day_uq",
      ]);
    } finally {
      await runner.release();
    }
  });
});
