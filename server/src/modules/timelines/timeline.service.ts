import type { Page, PageRequest } from "../../db/keyset.js";
import type { OwnTimelineFilter } from "./timeline.reads.js";
import type { DataSource } from "typeorm";
import type { Env } from "../../config/env.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, badInput, conflict, forbidden, notFound, unauthenticated } from "../../lib/errors.js";
import { ACCESS_MESSAGES, parsePrivacy, TITLE_MAX, type TimelineAccessResult } from "./timeline.rules.js";
import type { PrivacyChangeOutcome, PrivacyChangeService } from "./privacy-change.service.js";
import type { Logger } from "../../lib/logger.js";
import type { Mailer } from "../../lib/mailer.js";
import { createRateLimiter, limitKey, type RateLimiter } from "../../lib/rate-limit.js";
import { resolveSessionSecret } from "../../lib/session-secret.js";
import { requiredText } from "../../lib/validation.js";
import { isParticipant, type Viewer } from "../access/access.service.js";
import { UserReads } from "../users/user.reads.js";
import { TimelineReads } from "./timeline.reads.js";
import { normalizeEmail } from "../../lib/email-address.js";
import type { MediaPort } from "../media/media-port.js";
import type { NotificationService } from "../notifications/notification.service.js";
import type { User } from "../../entities/user.entity.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { TimelineStatus } from "../../entities/timeline.enums.js";
import {
  INVITATION_MAIL_JOB,
  INVITATION_MAIL_WINDOW_MS,
  invitationMailJob,
  type InvitationMailJob,
} from "./invitation-mail.job.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { TIMELINE_CREATED_FANOUT_JOB, type FanOutJob } from "../notifications/fan-out.job.js";

export {
  ACCESS_MESSAGES,
  parsePrivacy,
  PRIVACY_VALUES,
  TITLE_MAX,
  type TimelineAccessResult,
} from "./timeline.rules.js";

export interface CreateTimelineInput {
  title: unknown;
  collaboratorId?: unknown;
  collaboratorEmail?: unknown;
  privacy: unknown;
}

export interface UpdateTimelineInput {
  id: string;
  title?: unknown;
  privacy?: unknown;
}

export interface TimelineServiceDeps {
  ds: DataSource;
  env: Env;
  logger: Logger;
  clock: Clock;
  media: MediaPort;
  mailer: Mailer | null;
  notifications: NotificationService;
  jobs: JobQueue;
  /** Two keys to widen, one to narrow (docs/decisions/026-two-keys-privacy.md). */
  privacyChanges: PrivacyChangeService;
}

/**
 * Timelines: a pair's shared space (docs/product.md §3–§6, docs/decisions/003-privacy-tiers.md, §7). Every read goes through the
 * Viewer (AccessService); only the two participants write.
 */
export class TimelineService {
  private readonly ds: DataSource;
  private readonly reads: { timelines: TimelineReads; users: UserReads };
  private inviterLimiter: RateLimiter | null = null;
  private addressLimiter: RateLimiter | null = null;
  private limitSecret: string | null = null;

  constructor(private readonly deps: TimelineServiceDeps) {
    this.ds = deps.ds;
    this.reads = { timelines: new TimelineReads(deps.ds), users: new UserReads(deps.ds) };
    if (deps.mailer) deps.jobs.define(invitationMailJob({ ...deps, mailer: deps.mailer }));
  }

  private get repo() {
    return this.ds.getRepository(Timeline);
  }

  // ---- reads ---------------------------------------------------------------------------------

  /**
   * A page of the caller's own timelines (creator or collaborator), most recent activity first;
   * declined ones are left out; optionally narrowed by equality filters (`GET /api/timelines/filter`).
   */
  ownPage(viewer: Viewer, req: PageRequest, filter?: OwnTimelineFilter): Promise<Page<Timeline>> {
    return this.reads.timelines.ownPage(viewer, req, filter);
  }

  /** A timeline by id when the viewer may see it; null otherwise (no existence oracle). */
  findVisible(viewer: Viewer, id: string): Promise<Timeline | null> {
    return this.reads.timelines.visible(viewer, id);
  }

  async getVisible(viewer: Viewer, id: string): Promise<Timeline> {
    const t = await this.findVisible(viewer, id);
    if (!t) throw notFound("Timeline not found");
    return t;
  }

  /** For writes: NOT_FOUND when the viewer cannot see it, FORBIDDEN when they see it but are not in it. */
  private async participantTimeline(viewer: Viewer, id: string): Promise<Timeline> {
    const t = await this.getVisible(viewer, id);
    if (!isParticipant(viewer.userId, t)) throw forbidden("Only the two people who share this timeline can change it");
    return t;
  }

  /**
   * A person's timelines for their public profile: accepted + active, and visible to the viewer;
   * most recent activity first. Unknown person → empty.
   */
  async userTimelinesPage(viewer: Viewer, profileUser: User | null, req: PageRequest): Promise<Page<Timeline>> {
    if (!profileUser || !viewer.signedIn) return { items: [], cursors: [], hasNextPage: false };
    return this.reads.timelines.pageOfPerson(viewer, profileUser.id, "accepted-active", req);
  }

  /**
   * The access page (docs/decisions/003-privacy-tiers.md, as changed by
   * docs/decisions/032-who-may-learn-whom.md): a timeline the viewer may see is granted with its
   * link; any other id, existing or not, gets the missing answer, byte for byte (no existence, tier
   * or title of something one may not see).
   */
  async access(viewer: Viewer, id: string): Promise<TimelineAccessResult> {
    const t = await this.findVisible(viewer, id);
    if (!t) {
      return {
        canView: false,
        privacy: null,
        title: null,
        message: ACCESS_MESSAGES.notFound,
        actionUrl: "/app/timelines",
        actionText: "Back to Timelines",
        otherUser: null,
      };
    }
    return {
      canView: true,
      privacy: t.privacy,
      title: t.title,
      message: ACCESS_MESSAGES.granted,
      actionUrl: `/app/view-timeline?id=${t.id}`,
      actionText: "View Timeline",
      otherUser: null,
    };
  }

  // ---- writes --------------------------------------------------------------------------------

  /**
   * Creates a pending proposal. The collaborator is chosen by id, or by e-mail: an address with an
   * account is that account; an address without one waits for their first sign-in (auth's
   * claimPendingInvitations). Either address gets the same invitation e-mail (rate-limited).
   */
  async create(viewer: Viewer, input: CreateTimelineInput): Promise<Timeline> {
    const creatorId = viewer.userId;
    if (!creatorId) throw unauthenticated();
    const title = requiredText(input.title, "Title", TITLE_MAX);
    const privacy = parsePrivacy(input.privacy, true);
    const asker = viewer;
    const creator = await this.reads.users.self(asker);
    if (!creator) throw notFound("User not found");

    let collaborator: User | null = null;
    let collaboratorEmail: string;
    let sealed = false;
    const byId = input.collaboratorId != null && input.collaboratorId !== "" ? String(input.collaboratorId) : null;
    const byEmail = input.collaboratorEmail != null && input.collaboratorEmail !== "" ? input.collaboratorEmail : null;
    if (byId) {
      collaborator = await this.reads.users.byId(asker, byId);
      if (!collaborator) throw badInput("Collaborator not found");
      collaboratorEmail = collaborator.email;
    } else if (byEmail) {
      const email = normalizeEmail(byEmail);
      if (!email) throw badInput("Please enter a valid e-mail address for your collaborator");
      collaborator = await this.reads.users.byEmail(asker, email);
      collaboratorEmail = email;
      // By e-mail, the answer must not tell whether the address has an account: the same limits
      // apply, and an account the creator shares nothing with stays sealed while pending.
      if (collaborator && collaborator.id !== creatorId) {
        sealed = !(await this.reads.users.partnersAmong(asker, [collaborator.id])).has(collaborator.id);
      }
    } else {
      throw badInput("Choose a collaborator for this timeline");
    }
    if (collaborator?.id === creatorId || collaboratorEmail === creator.email) {
      throw badInput("You can't create a timeline with yourself");
    }

    // Every proposal made by address is mailed, whether or not the address has an account, so
    // nothing tells the two apart (docs/decisions/037-each-voice-its-authors.md, "Invitations").
    const invite = !byId;
    // by id or by address, every proposal counts: one limit for every way of reaching someone
    await this.checkInviteLimits(creatorId);

    const now = this.deps.clock.now();
    const timeline = await this.ds.transaction(async (m) => {
      const row = m.getRepository(Timeline).create({
        title,
        privacy,
        status: TimelineStatus.PENDING,
        isActive: true,
        createdById: creatorId,
        collaboratorId: collaborator?.id ?? null,
        collaboratorEmail,
        collaboratorSealed: sealed,
        lastActivity: now,
        previewMediaIds: [],
      });
      await m.getRepository(Timeline).insert(row);
      await this.deps.notifications.timelineProposed(row, creator, m);
      return row;
    });
    if (invite) await this.sendInvitation(creator, timeline, collaboratorEmail);
    return (await this.reads.timelines.ownNew(asker, timeline.id))!;
  }

  private limiters() {
    this.inviterLimiter ??= createRateLimiter(this.ds, {
      name: "timeline-invite-sender",
      points: this.deps.env.INVITE_DAILY_LIMIT,
      durationSec: 24 * 3600,
    });
    this.addressLimiter ??= createRateLimiter(this.ds, {
      name: "timeline-invite-address",
      points: 3,
      durationSec: 24 * 3600,
    });
    this.limitSecret ??= resolveSessionSecret(this.deps.env);
    return { inviter: this.inviterLimiter, address: this.addressLimiter, secret: this.limitSecret };
  }

  /**
   * At most INVITE_DAILY_LIMIT (20) proposals per sender per day, by id or by e-mail, whether or not the address has an
   * account (429 before anything is created; docs/decisions/032-who-may-learn-whom.md).
   */
  private async checkInviteLimits(creatorId: string): Promise<void> {
    const { inviter } = this.limiters();
    await inviter.consume(creatorId, "You have sent too many invitations today. Please try again later.");
  }

  /**
   * The invitation e-mail. At most 3 per invited address per day from anyone (later proposals
   * still wait for them, without another mail). The mail is a job (invitation-mail.job.ts),
   * retried for 15 minutes; a mail failure does not undo the proposal.
   */
  private async sendInvitation(creator: User, t: Timeline, email: string): Promise<void> {
    const { mailer, logger } = this.deps;
    if (!mailer) return;
    const { address, secret } = this.limiters();
    try {
      await address.consume(limitKey(secret, email), "invitations");
    } catch (err) {
      if (err instanceof AppError && err.code === "RATE_LIMITED") {
        logger.info({ timelineId: t.id }, "invitation mail skipped: address limit reached");
        return;
      }
      throw err;
    }
    const notAfter = new Date(this.deps.clock.now().getTime() + INVITATION_MAIL_WINDOW_MS).toISOString();
    await this.deps.jobs.send<InvitationMailJob>(INVITATION_MAIL_JOB, {
      timelineId: t.id,
      inviterId: creator.id,
      notAfter,
    });
  }

  /** Title and/or privacy, by either participant (docs/product.md §5 settings: title required ≤ 100). */
  async update(viewer: Viewer, input: UpdateTimelineInput): Promise<Timeline> {
    return (await this.updateAndReport(viewer, input)).timeline;
  }

  /** As update; `privacy` says whether a new tier applies now or waits for the other participant. */
  async updateAndReport(
    viewer: Viewer,
    input: UpdateTimelineInput,
  ): Promise<{ timeline: Timeline; privacy: PrivacyChangeOutcome | null }> {
    const t = await this.participantTimeline(viewer, input.id);
    if (input.title !== undefined && input.title !== null) {
      await this.repo.update({ id: t.id }, { title: requiredText(input.title, "Title", TITLE_MAX) });
    }
    const wanted = parsePrivacy(input.privacy, false);
    const privacy = wanted ? await this.deps.privacyChanges.change(viewer, t.id, wanted) : null;
    return { timeline: (await this.reads.timelines.visible(viewer, t.id))!, privacy };
  }

  /**
   * Deletes the timeline with all its memories (and their notifications), then their files. A
   * proposal its creator deletes while it waits is withdrawn: the invitee is told.
   */
  async delete(viewer: Viewer, id: string): Promise<string> {
    const t = await this.participantTimeline(viewer, id);
    const withdrawnBy =
      t.status === TimelineStatus.PENDING && t.createdById === viewer.userId
        ? await this.reads.users.self(viewer)
        : null;
    const mediaIds = await this.ds.transaction(async (m) => {
      if (withdrawnBy) await this.deps.notifications.proposalWithdrawn(t, withdrawnBy, m);
      // every photo and video of each memory, not only its cover (docs/decisions/051-several-photos-per-memory.md)
      const items: unknown = await m.query(
        `DELETE FROM memory_media WHERE memory_id IN (SELECT id FROM memories WHERE timeline_id = $1)
         RETURNING media_file_id AS media_id`,
        [t.id],
      );
      const deleted: unknown = await m.query(`DELETE FROM memories WHERE timeline_id = $1 RETURNING media_id`, [t.id]);
      await m.getRepository(Timeline).delete({ id: t.id });
      // TypeORM answers a DELETE … RETURNING with [rows, rowCount]
      const rowsOf = (r: unknown) => (Array.isArray(r) && Array.isArray(r[0]) ? r[0] : []) as { media_id: string }[];
      return [...new Set([...rowsOf(items), ...rowsOf(deleted)].map((x) => x.media_id))];
    });
    await this.deps.media.remove(mediaIds);
    return t.id;
  }

  /** The invitee answers a pending proposal. */
  async respond(viewer: Viewer, id: string, accept: boolean): Promise<Timeline> {
    const t = await this.getVisible(viewer, id);
    if (t.collaboratorId !== viewer.userId) {
      throw forbidden(
        accept
          ? "Only the invited person can accept this timeline"
          : "Only the invited person can reject this timeline",
      );
    }
    const invitee = (await this.reads.users.self(viewer))!;
    const answered = await this.ds.transaction(async (m) => {
      const result = await m
        .getRepository(Timeline)
        .update(
          { id: t.id, status: TimelineStatus.PENDING },
          { status: accept ? TimelineStatus.ACCEPTED : TimelineStatus.REJECTED, lastActivity: this.deps.clock.now() },
        );
      if (!result.affected) return false;
      await this.deps.notifications.timelineAnswered(t, invitee, accept, m);
      return true;
    });
    if (!answered) throw conflict("This timeline proposal has already been answered");
    const fresh = (await this.reads.timelines.visible(viewer, t.id))!;
    // Accepted: the timeline is now visible to the pair's connections; tell those who can see it.
    if (accept)
      await this.deps.jobs.send<FanOutJob>(TIMELINE_CREATED_FANOUT_JOB, { timelineId: t.id, actorId: invitee.id });
    return fresh;
  }
}
