import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A version of the connection graph, bumped in the same transaction as any change of its edges
 * (a timeline row that is accepted, active and has a collaborator account appears, disappears or
 * changes its pair), so every process can tell whether its in-memory snapshot of the graph is
 * current with one read (docs/decisions/025-audience-preview.md). Statement-level triggers with
 * transition tables: a bulk insert bumps once, and writes that do not touch an edge (titles,
 * `last_activity`, previews) bump nothing.
 */
const EDGE = (r: string) => `(${r}.status = 'accepted' AND ${r}.is_active AND ${r}.collaborator_id IS NOT NULL)`;

export class AccessGraphVersion1795712000000 implements MigrationInterface {
  name = "AccessGraphVersion1795712000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "access_graph_version" ("id" smallint NOT NULL DEFAULT 1, "version" bigint NOT NULL DEFAULT 0,
        CONSTRAINT "CHK_access_graph_version_one_row" CHECK ("id" = 1),
        CONSTRAINT "PK_access_graph_version" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`INSERT INTO "access_graph_version" ("id", "version") VALUES (1, 0)`);
    const fn = (name: string, changed: string) =>
      queryRunner.query(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF ${changed} THEN
             UPDATE access_graph_version SET version = version + 1 WHERE id = 1;
           END IF;
           RETURN NULL;
         END $$`,
      );
    await fn("access_graph_after_insert", `EXISTS (SELECT 1 FROM new_rows n WHERE ${EDGE("n")})`);
    await fn("access_graph_after_delete", `EXISTS (SELECT 1 FROM old_rows o WHERE ${EDGE("o")})`);
    await fn(
      "access_graph_after_update",
      `EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE ${EDGE("o")} IS DISTINCT FROM ${EDGE("n")}
             OR (${EDGE("n")} AND (o.created_by_id, o.collaborator_id) IS DISTINCT FROM (n.created_by_id, n.collaborator_id)))`,
    );
    await fn("access_graph_after_truncate", "TRUE");
    await queryRunner.query(
      `CREATE TRIGGER "timelines_graph_insert" AFTER INSERT ON "timelines" REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION access_graph_after_insert()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "timelines_graph_delete" AFTER DELETE ON "timelines" REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION access_graph_after_delete()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "timelines_graph_update" AFTER UPDATE ON "timelines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION access_graph_after_update()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "timelines_graph_truncate" AFTER TRUNCATE ON "timelines"
       FOR EACH STATEMENT EXECUTE FUNCTION access_graph_after_truncate()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const t of ["insert", "delete", "update", "truncate"]) {
      await queryRunner.query(`DROP TRIGGER "timelines_graph_${t}" ON "timelines"`);
      await queryRunner.query(`DROP FUNCTION access_graph_after_${t}()`);
    }
    await queryRunner.query(`DROP TABLE "access_graph_version"`);
  }
}
