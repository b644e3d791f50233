import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Highlights (docs/decisions/053-highlights.md): the memories a person features on their profile,
 * in their order. A deleted memory or account takes its rows with it; a memory its owner no longer
 * shares a timeline with is left out when read.
 */
export class Highlights1795920000000 implements MigrationInterface {
  name = "Highlights1795920000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "highlights" (
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "memory_id" uuid NOT NULL REFERENCES "memories"("id") ON DELETE CASCADE,
        "position" integer NOT NULL,
        PRIMARY KEY ("user_id", "memory_id")
      )`,
    );
    await q.query(`CREATE INDEX "highlights_memory_idx" ON "highlights" ("memory_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "highlights"`);
  }
}
