import type { DataSource } from "typeorm";
import type { Env } from "../../config/env.js";
import { defineJob, type JobDefinition } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { Mailer } from "../../lib/mailer.js";
import { UserReads } from "../users/user.reads.js";
import { TimelineReads } from "./timeline.reads.js";
import { nameOf } from "../users/user.rules.js";
import { invitationMail } from "./invitation.email.js";
import { TimelineStatus } from "../../entities/timeline.enums.js";

export const INVITATION_MAIL_JOB = "invitation-mail";
/** An invitation not delivered within this time is dropped (the same window as a sign-in link). */
export const INVITATION_MAIL_WINDOW_MS = 15 * 60_000;

/** Only ids wait in the queue: the mail is built from the timeline when it is sent. */
export interface InvitationMailJob {
  timelineId: string;
  inviterId: string;
  /** ISO time after which the mail is dropped. */
  notAfter: string;
}

/**
 * The invitation e-mail to an invited address, with or without an account, the same mail either
 * way (docs/decisions/007-notifications.md, 021-durable-jobs.md, 037-each-voice-its-authors.md).
 * Built at send time from the timeline as its creator sees it: a timeline deleted or answered
 * meanwhile sends nothing.
 */
export function invitationMailJob(deps: {
  ds: DataSource;
  env: Env;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
}): JobDefinition<InvitationMailJob> {
  const reads = { timelines: new TimelineReads(deps.ds), users: new UserReads(deps.ds) };
  return defineJob<InvitationMailJob>({
    name: INVITATION_MAIL_JOB,
    retryLimit: 6,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
    async handler({ id, data, retryCount, lastAttempt }) {
      const log = deps.logger.child({ timelineId: data.timelineId, retryCount });
      const dropped = (reason: string) =>
        log.warn({ event: "invitation_mail_dropped", reason }, "invitation mail dropped, not sent");
      const asker = { userId: data.inviterId };
      const [t, inviter] = await Promise.all([reads.timelines.ownNew(asker, data.timelineId), reads.users.self(asker)]);
      if (!t || !inviter || t.createdById !== inviter.id) return dropped("timeline_gone");
      if (t.status !== TimelineStatus.PENDING) return dropped("answered");
      if (new Date(data.notAfter).getTime() <= deps.clock.now().getTime()) return dropped("expired");
      try {
        await deps.mailer.send({
          ...invitationMail({
            appUrl: deps.env.APP_URL,
            to: t.collaboratorEmail,
            inviterName: nameOf(inviter),
            title: t.title,
          }),
          key: id,
        });
      } catch (err) {
        const error = { message: (err as Error)?.message };
        if (lastAttempt)
          return void log.error(
            { event: "invitation_mail_dropped", reason: "undeliverable", err: error },
            "invitation mail dropped after its last retry",
          );
        log.warn(
          { event: "invitation_mail_failed", err: error },
          "invitation mail could not be sent; it will be retried",
        );
        throw err;
      }
      log.info({ event: "invitation_mail_sent" }, "invitation mail sent");
    },
  });
}
