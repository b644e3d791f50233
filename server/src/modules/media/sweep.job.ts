import { defineJob, type JobDefinition } from "../../jobs/job-queue.js";
import type { Logger } from "../../lib/logger.js";
import type { MediaService } from "./media.service.js";
import type { ResumableUploads } from "./resumable-uploads.js";

export const MEDIA_SWEEP_JOB = "media-sweep";

/**
 * The orphan sweeper every 6 hours (docs/decisions/004-media-pipeline.md): a pg-boss schedule, so
 * each slot is one job in one process, on a singleton queue; the advisory lock of
 * `sweepExclusive` stays as the guard against the start-up sweep (docs/decisions/021-durable-jobs.md).
 */
export function mediaSweepJob(
  media: MediaService,
  logger: Logger,
  resumable?: Pick<ResumableUploads, "sweepExpired">,
): JobDefinition<object> {
  return defineJob<object>({
    name: MEDIA_SWEEP_JOB,
    cron: "0 */6 * * *",
    singleton: true,
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 3600,
    async handler() {
      const swept = await media.sweepExclusive();
      // resumable uploads not finished within a day (docs/decisions/050-trip-uploads.md)
      const expiredUploads = (await resumable?.sweepExpired()) ?? 0;
      logger.info({ event: "media_sweep", ...(swept ?? { skipped: true }), expiredUploads }, "media sweep done");
    },
  });
}
