import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The change log of the connection graph (docs/decisions/025-audience-preview.md, "Keeping the
 * snapshot current"): the statement-level triggers of `AccessGraphVersion` now also append each
 * statement's net edge changes to `access_graph_changes` (one row per pair: +n when n edge rows of
 * the pair appeared, −n when they disappeared; a pair can have several timelines), under the
 * version they bump, in the same transaction. The version row is updated first and its row lock is
 * held until commit, so versions are handed out in commit order: once a reader sees version v, every
 * change with a version ≤ v is visible too. Rows older than a day are pruned by
 * `graph-changes-prune.job.ts`, and every version naming a deleted account goes with it; a process
 * whose snapshot is older than the log, or meets a missing version, rebuilds it.
 */
const EDGE = (r: string) => `(${r}.status = 'accepted' AND ${r}.is_active AND ${r}.collaborator_id IS NOT NULL)`;
const PAIRS = (rows: string, r: string, delta: number) =>
  `SELECT least(${r}.created_by_id, ${r}.collaborator_id) AS a, greatest(${r}.created_by_id, ${r}.collaborator_id) AS b,
     ${delta} AS delta FROM ${rows} ${r} WHERE ${EDGE(r)}`;

/** Bumps the version (row lock first) and logs the net changes, only when there are any. */
const LOGGING = (deltas: string) => `
  WITH d AS (SELECT a, b, sum(delta)::integer AS delta FROM (${deltas}) e GROUP BY a, b HAVING sum(delta) <> 0),
  bump AS (UPDATE access_graph_version SET version = version + 1 WHERE id = 1 AND EXISTS (SELECT 1 FROM d)
    RETURNING version)
  INSERT INTO access_graph_changes (version, a, b, delta) SELECT bump.version, d.a, d.b, d.delta FROM bump, d`;

const NEW = {
  insert: LOGGING(PAIRS("new_rows", "n", 1)),
  delete: LOGGING(PAIRS("old_rows", "o", -1)),
  update: LOGGING(`${PAIRS("new_rows", "n", 1)} UNION ALL ${PAIRS("old_rows", "o", -1)}`),
};

/** The functions of `AccessGraphVersion`, for `down`. */
const OLD = {
  insert: `IF EXISTS (SELECT 1 FROM new_rows n WHERE ${EDGE("n")}) THEN
      UPDATE access_graph_version SET version = version + 1 WHERE id = 1; END IF`,
  delete: `IF EXISTS (SELECT 1 FROM old_rows o WHERE ${EDGE("o")}) THEN
      UPDATE access_graph_version SET version = version + 1 WHERE id = 1; END IF`,
  update: `IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE ${EDGE("o")} IS DISTINCT FROM ${EDGE("n")}
             OR (${EDGE("n")} AND (o.created_by_id, o.collaborator_id) IS DISTINCT FROM (n.created_by_id, n.collaborator_id))) THEN
      UPDATE access_graph_version SET version = version + 1 WHERE id = 1; END IF`,
};

async function replace(queryRunner: QueryRunner, bodies: Record<string, string>): Promise<void> {
  for (const [t, body] of Object.entries(bodies))
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION access_graph_after_${t}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${body};
         RETURN NULL;
       END $$`,
    );
}

export class AccessGraphChanges1795810000000 implements MigrationInterface {
  name = "AccessGraphChanges1795810000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "access_graph_changes" ("version" bigint NOT NULL, "a" uuid NOT NULL, "b" uuid NOT NULL,
        "delta" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_access_graph_changes" PRIMARY KEY ("version", "a", "b"))`,
    );
    await replace(queryRunner, NEW);
    // A deleted account leaves no row (docs/decisions/023-export-and-deletion.md): every version
    // that names the person goes whole, so a process that still needs it finds a gap and rebuilds,
    // never a version with part of its changes.
    await queryRunner.query(
      `CREATE FUNCTION access_graph_forget_users() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM access_graph_changes WHERE version IN
           (SELECT c.version FROM access_graph_changes c JOIN old_rows o ON o.id IN (c.a, c.b));
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "users_graph_forget" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION access_graph_forget_users()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "users_graph_forget" ON "users"`);
    await queryRunner.query(`DROP FUNCTION access_graph_forget_users()`);
    await replace(queryRunner, OLD);
    await queryRunner.query(`DROP TABLE "access_graph_changes"`);
  }
}
