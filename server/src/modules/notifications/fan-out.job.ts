import { defineJob, type JobDefinition } from "../../jobs/job-queue.js";
import type { Logger } from "../../lib/logger.js";
import type { AccessService } from "../access/access.service.js";
import { TimelineReads } from "../timelines/timeline.reads.js";
import type { NotificationService } from "./notification.service.js";

export const TIMELINE_CREATED_FANOUT_JOB = "timeline-created-fan-out";

export interface FanOutJob {
  timelineId: string;
  actorId: string;
}

/**
 * The `timeline_created` fan-out after a proposal is accepted (docs/decisions/007-notifications.md):
 * the accept answers at once; the audience is computed and notified by the queue, retried on
 * failure, once (the fan-out itself is idempotent per day, docs/decisions/022-grouped-updates.md).
 */
export function timelineCreatedFanOutJob(deps: {
  ds: import("typeorm").DataSource;
  access: AccessService;
  notifications: NotificationService;
  logger: Logger;
}): JobDefinition<FanOutJob> {
  const reads = { timelines: new TimelineReads(deps.ds) };
  return defineJob<FanOutJob>({
    name: TIMELINE_CREATED_FANOUT_JOB,
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 300,
    async handler({ data }) {
      const t = await reads.timelines.visible(deps.access.viewer(data.actorId), data.timelineId);
      if (!t) return; // deleted (or left) since: nobody to tell
      const count = await deps.notifications.timelineCreatedFanOut(t, data.actorId);
      deps.logger.info({ event: "notifications.fan_out", timelineId: t.id, count }, "timeline_created fan-out done");
    },
  });
}
