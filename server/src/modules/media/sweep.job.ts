import { defineJob, type JobDefinition } from "../../jobs/job-queue.js";
import type { Logger } from "../../lib/logger.js";
import type { MediaService } from "./media.service.js";

export const MEDIA_SWEEP_JOB = "media-sweep";

/**
 * The orphan sweeper every 6 hours (docs/decisions/004-media-pipeline.md): a pg-boss schedule, so
 * each slot is one job in one process, on a singleton queue; the advisory lock of
 * `sweepExclusive` stays as the guard against the start-up sweep (docs/decisions/021-durable-jobs.md).
 */
export function mediaSweepJob(media: MediaService, logger: Logger): JobDefinition<object> {
  return defineJob<object>({
    name: MEDIA_SWEEP_JOB,
    cron: "0 */6 * * *",
    singleton: true,
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 3600,
    async handler() {
      const swept = await media.sweepExclusive();
      logger.info({ event: "media_sweep", ...(swept ?? { skipped: true }) }, "media sweep done");
    },
  });
}
