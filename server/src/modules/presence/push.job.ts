import { defineJob, type JobDefinition } from "../../jobs/job-queue.js";
import type { Logger } from "../../lib/logger.js";
import type { PushSender } from "../../lib/push-sender.js";
import { PUSH_SEND_JOB, PUSH_TICK_JOB, PushService, type PushSendJob } from "./push.service.js";

/** A note waits at most a day on the push service for a device that is off. */
const TTL_SECONDS = 24 * 3600;

/**
 * One note to one device (docs/decisions/035-presence.md). 404 or 410 from the push service: the
 * subscription is gone, and removed. Any other failure is retried by the queue (5 times from 30 s,
 * doubling), then logged and dropped. The log names the subscription's id, never the note.
 */
export function pushSendJob(push: PushService, sender: PushSender, logger: Logger): JobDefinition<PushSendJob> {
  return defineJob<PushSendJob>({
    name: PUSH_SEND_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    async handler({ data, lastAttempt }) {
      const target = await push.target(data.subscriptionId);
      if (!target) return;
      const log = logger.child({ subscriptionId: data.subscriptionId });
      let status: number;
      try {
        status = await sender.send(target, JSON.stringify(data.note), {
          ttlSeconds: TTL_SECONDS,
          topic: PushService.topicOf(data.note),
        });
      } catch (err) {
        if (lastAttempt)
          return log.warn({ event: "push.dropped", reason: "unreachable" }, "push dropped after retries");
        throw err;
      }
      if (status === 404 || status === 410) {
        await push.dropSubscription(data.subscriptionId);
        return log.info({ event: "push.subscription_gone", status }, "push subscription removed (gone)");
      }
      if (status >= 200 && status < 300) return log.info({ event: "push.sent" }, "push sent");
      if (lastAttempt) return log.warn({ event: "push.dropped", status }, "push dropped after retries");
      throw new Error(`push service answered ${status}`);
    },
  });
}

/** Every minute, in one process: end-of-hour notes, notes held through quiet hours, daily notes. */
export function pushTickJob(push: PushService): JobDefinition {
  return defineJob({
    name: PUSH_TICK_JOB,
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 120,
    singleton: true,
    cron: "* * * * *",
    handler: () => push.tick(),
  });
}
