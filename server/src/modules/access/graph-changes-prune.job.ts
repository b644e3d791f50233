import type { DataSource } from "typeorm";
import { defineJob, type JobDefinition } from "../../jobs/job-queue.js";
import type { Logger } from "../../lib/logger.js";
import { GRAPH_CHANGES_KEEP_HOURS, pruneGraphChanges } from "./graph-changes.js";

export const GRAPH_CHANGES_PRUNE_JOB = "access-graph-changes-prune";

/**
 * Prunes the connection graph's change log every 6 hours, with the media sweep's schedule
 * (docs/decisions/021-durable-jobs.md): rows older than `GRAPH_CHANGES_KEEP_HOURS` go. A process
 * whose snapshot is older than what is left rebuilds it on its next audience question
 * (docs/decisions/025-audience-preview.md, "Keeping the snapshot current"). Deleting by age is
 * idempotent, so a slot run twice does no harm.
 */
export function graphChangesPruneJob(ds: DataSource, logger: Logger): JobDefinition<object> {
  return defineJob<object>({
    name: GRAPH_CHANGES_PRUNE_JOB,
    cron: "0 */6 * * *",
    singleton: true,
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    async handler() {
      const pruned = await pruneGraphChanges(ds, GRAPH_CHANGES_KEEP_HOURS);
      logger.info({ event: "graph_changes_prune", pruned }, "graph change log pruned");
    },
  });
}
