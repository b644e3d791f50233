import type { MigrationInterface, QueryRunner } from "typeorm";
import { AccessGraphChanges1795810000000 } from "./1795810000000-AccessGraphChanges.js";
import { AccessGraphVersion1795712000000 } from "./1795712000000-AccessGraphVersion.js";

/**
 * The audience is found by a bounded search of the graph's edges
 * (docs/decisions/039-devices-kept-and-removed.md), so the in-memory snapshot's version, change log
 * and the triggers that kept them go, with the schedule of the log's pruning job.
 */
export class DropAccessGraphLog1795880000000 implements MigrationInterface {
  name = "DropAccessGraphLog1795880000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const t of ["insert", "delete", "update", "truncate"]) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS "timelines_graph_${t}" ON "timelines"`);
      await queryRunner.query(`DROP FUNCTION IF EXISTS access_graph_after_${t}()`);
    }
    // the users' trigger that wrote the log on account deletion (AccessGraphChanges1795810000000)
    await queryRunner.query(`DROP TRIGGER IF EXISTS "users_graph_forget" ON "users"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS access_graph_forget_users()`);
    await queryRunner.query(`DROP TABLE IF EXISTS "access_graph_changes"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "access_graph_version"`);
    await queryRunner.query(
      `DO $$ BEGIN
         IF to_regclass('pgboss.schedule') IS NOT NULL THEN
           DELETE FROM pgboss.schedule WHERE name = 'access-graph-changes-prune';
         END IF;
       END $$`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await new AccessGraphVersion1795712000000().up(queryRunner);
    await new AccessGraphChanges1795810000000().up(queryRunner);
  }
}
