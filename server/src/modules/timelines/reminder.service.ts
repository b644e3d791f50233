import type { DataSource } from "typeorm";
import type { Env } from "../../config/env.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import { isAppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { createRateLimiter, limitError, limitKey, type RateLimiter } from "../../lib/rate-limit.js";
import { resolveSessionSecret } from "../../lib/session-secret.js";
import type { Viewer } from "../access/access.service.js";
import { UserReads } from "../users/user.reads.js";
import { INVITATION_MAIL_JOB, INVITATION_MAIL_WINDOW_MS, type InvitationMailJob } from "./invitation-mail.job.js";
import { TimelineReads } from "./timeline.reads.js";
import { creatorsWaitingProposal, inviteeNameFor } from "./waiting-proposal.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import { TimelineStatus } from "../../entities/timeline.enums.js";

/** One reminder per proposal per this many seconds (docs/decisions/055-reminders-invite-links-and-new-marks.md). */
export const REMIND_WINDOW_SEC = 24 * 3600;

export const remindLaterMessage = (name: string) => `You can remind ${name} again tomorrow`;

export interface ReminderDeps {
  ds: DataSource;
  env: Env;
  clock: Clock;
  logger: Logger;
  jobs: JobQueue;
}

/**
 * "Remind {name}" on the waiting page: the invitation mail again, the very mail of the proposal
 * (invitation-mail.job.ts), so a reminder tells no more than the invitation did whether the
 * address has an account. Once per proposal per day (the rate_limits table, lib/rate-limit.ts);
 * the per-address limit of invitations (3 a day, timeline.service.ts) still holds: past it the
 * reminder is counted and no mail goes, exactly as a proposal past it.
 */
export class ReminderService {
  private readonly reads: { timelines: TimelineReads; users: UserReads };
  private perProposal: RateLimiter | null = null;
  private perAddress: RateLimiter | null = null;

  constructor(private readonly deps: ReminderDeps) {
    this.reads = { timelines: new TimelineReads(deps.ds), users: new UserReads(deps.ds) };
  }

  private limiters() {
    this.perProposal ??= createRateLimiter(this.deps.ds, {
      name: "timeline-remind",
      points: 1,
      durationSec: REMIND_WINDOW_SEC,
    });
    // the same counters as the invitations' own per-address rule (same name and window)
    this.perAddress ??= createRateLimiter(this.deps.ds, {
      name: "timeline-invite-address",
      points: 3,
      durationSec: 24 * 3600,
    });
    return { proposal: this.perProposal, address: this.perAddress };
  }

  /** Sends the reminder; RATE_LIMITED "You can remind {name} again tomorrow" within a day of the last. */
  async remind(viewer: Viewer, timelineId: string): Promise<Timeline> {
    const t = await creatorsWaitingProposal(this.reads.timelines, viewer, timelineId);
    const { proposal, address } = this.limiters();
    const state = await proposal.peek(t.id);
    if (state.blocked) {
      const name = await inviteeNameFor(this.reads.users, viewer, t);
      throw limitError(remindLaterMessage(name), state.retryAfter, state.resetTime);
    }
    try {
      await proposal.consume(t.id, "");
    } catch (err) {
      if (!isAppError(err) || err.code !== "RATE_LIMITED") throw err;
      // a second tap that raced the first: the same answer
      const name = await inviteeNameFor(this.reads.users, viewer, t);
      throw limitError(
        remindLaterMessage(name),
        Number(err.details.retryAfter),
        new Date(String(err.details.resetTime)),
      );
    }
    try {
      await address.consume(limitKey(resolveSessionSecret(this.deps.env), t.collaboratorEmail), "invitations");
    } catch (err) {
      if (isAppError(err) && err.code === "RATE_LIMITED") {
        this.deps.logger.info({ timelineId: t.id }, "reminder mail skipped: address limit reached");
        return t;
      }
      throw err;
    }
    const notAfter = new Date(this.deps.clock.now().getTime() + INVITATION_MAIL_WINDOW_MS).toISOString();
    await this.deps.jobs.send<InvitationMailJob>(INVITATION_MAIL_JOB, {
      timelineId: t.id,
      inviterId: t.createdById,
      notAfter,
    });
    this.deps.logger.info({ event: "invitation_reminder_queued", timelineId: t.id }, "invitation reminder queued");
    return t;
  }

  /**
   * When "Remind" works again for the viewer: null when it works now, and for anyone but the
   * creator of a waiting proposal (nothing about the limit reaches anyone else).
   */
  async remindableAt(viewer: Viewer, t: Timeline): Promise<Date | null> {
    if (!viewer.userId || t.createdById !== viewer.userId || t.status !== TimelineStatus.PENDING) return null;
    const state = await this.limiters().proposal.peek(t.id);
    return state.blocked ? state.resetTime : null;
  }
}
