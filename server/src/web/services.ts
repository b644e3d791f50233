import type { ServiceDeps } from "../service-deps.js";
import { createMailer } from "../lib/mailer.js";
import { mailOnce } from "../lib/mail-once.js";
import { AuthService } from "../modules/auth/auth.service.js";
import { MediaService } from "../modules/media/media.service.js";
import { UserService } from "../modules/users/user.service.js";
import { HighlightService } from "../modules/highlights/highlight.service.js";
import { AccessService, type Viewer } from "../modules/access/access.service.js";
import { MediaReads } from "../modules/media/media.reads.js";
import { MemoryReads } from "../modules/memories/memory.reads.js";
import { TimelineReads } from "../modules/timelines/timeline.reads.js";
import { UserReads } from "../modules/users/user.reads.js";
import { MemoryService } from "../modules/memories/memory.service.js";
import { MemoryMediaReads } from "../modules/memories/memory-media.reads.js";
import { MemoryPrivacyService } from "../modules/memories/memory-privacy.service.js";
import { NotificationService } from "../modules/notifications/notification.service.js";
import { RelationshipService } from "../modules/relationships/relationship.service.js";
import { TimelineService } from "../modules/timelines/timeline.service.js";
import { AudienceService } from "../modules/timelines/audience.service.js";
import { ReminderService } from "../modules/timelines/reminder.service.js";
import { InviteLinkService } from "../modules/timelines/invite-link.service.js";
import { TimelineVisitReads } from "../modules/timelines/timeline-visit.reads.js";
import { TimelineVisitService } from "../modules/timelines/timeline-visit.service.js";
import { PrivacyChangeService } from "../modules/timelines/privacy-change.service.js";
import { PrivacyNotices } from "../modules/notifications/privacy-notices.js";
import { createLoaders, loadersOf } from "./loaders.js";
import { InlineQueue } from "../jobs/inline-queue.js";
import { mediaSweepJob } from "../modules/media/sweep.job.js";
import { ResumableUploads } from "../modules/media/resumable-uploads.js";
import { mediaLegacyVideosJob, mediaTranscodeJob } from "../modules/media/transcode.job.js";
import { timelineCreatedFanOutJob } from "../modules/notifications/fan-out.job.js";
import { AccountDeletionService } from "../modules/account/account-deletion.service.js";
import { ExportService } from "../modules/account/export.service.js";
import { PreferencesService } from "../modules/presence/preferences.service.js";
import { PushService } from "../modules/presence/push.service.js";
import { pushSendJob, pushTickJob } from "../modules/presence/push.job.js";
import { pushEvents } from "../modules/presence/push-port.js";
import { createPushSender } from "../lib/push-sender.js";
import { resolveVapid } from "../lib/vapid.js";
import { resolveSessionSecret } from "../lib/session-secret.js";
import { DigestService, digestMailJob, digestTickJob } from "../modules/presence/digest.service.js";

/** Composition root: every service, built once per app. */
export function createServices(deps: ServiceDeps) {
  // every keyed mail (a mail job's) is delivered once per key, whatever retried it (lib/mail-once.ts)
  const mailer = mailOnce(deps.mailer ?? createMailer(deps.env, deps.logger), deps.ds, deps.logger);
  const jobs = deps.jobs ?? new InlineQueue(deps.logger);
  const media = new MediaService({ ...deps, jobs });
  // Resumable uploads, tus (docs/decisions/050-trip-uploads.md): parts beside the media (the bucket, or
  // DATA_DIR/uploads), outcomes in PostgreSQL (docs/decisions/056-resumable-uploads-shared.md), swept with the media.
  const resumable = new ResumableUploads(media, {
    ds: deps.ds,
    dataDir: deps.env.DATA_DIR,
    appUrl: deps.env.APP_URL,
    logger: deps.logger,
  });
  jobs.define(mediaSweepJob(media, deps.logger, resumable));
  jobs.define(mediaTranscodeJob(media.videos));
  jobs.define(mediaLegacyVideosJob(media.legacyVideos, deps.logger));
  // Domain (timelines, memories, access, notifications, connection web): see docs/decisions/003.
  const timelineReads = new TimelineReads(deps.ds);
  const reads = {
    users: new UserReads(deps.ds),
    media: new MediaReads(deps.ds),
    timelines: timelineReads,
    memories: new MemoryReads(deps.ds, timelineReads),
    visits: new TimelineVisitReads(deps.ds),
    memoryMedia: new MemoryMediaReads(deps.ds),
  };
  // each request's Viewer holds its loaders, the request's one cache (docs/decisions/038-one-request-cache.md)
  const access = new AccessService(deps.ds, (viewer) => createLoaders(reads, viewer));
  // Push on each person's terms (docs/decisions/035-presence.md): events written with the notices.
  const preferences = new PreferencesService(deps.ds);
  const vapid = resolveVapid(deps.env);
  const push = new PushService({ ...deps, jobs, access, preferences, vapid });
  if (vapid) jobs.define(pushSendJob(push, createPushSender(vapid), deps.logger));
  jobs.define(pushTickJob(push));
  const pushed = pushEvents(deps.ds, deps.logger, (recipientId) => push.dispatch(recipientId));
  const notifications = new NotificationService(deps.ds, access, deps.clock, pushed);
  const privacyNotices = new PrivacyNotices(deps.clock, pushed);
  /** A memory's own tier (docs/decisions/052-memory-privacy.md). */
  const memoryPrivacy = new MemoryPrivacyService({ ...deps, notices: privacyNotices });
  const memories = new MemoryService({ ...deps, media, notifications, privacy: memoryPrivacy });
  const digest = new DigestService({
    ...deps,
    jobs,
    mailer,
    access,
    preferences,
    secret: resolveSessionSecret(deps.env),
    onThisDay: async (asker, timeZone, now) =>
      (await memories.onThisDay(access.viewer(asker.userId), timeZone, now)).map((m) => ({
        timelineId: m.timelineId,
        timelineTitle: m.timeline?.title ?? "",
        year: Number(String(m.memoryDate).slice(0, 4)),
      })),
  });
  jobs.define(digestMailJob(digest));
  jobs.define(digestTickJob(digest));
  const privacyChanges = new PrivacyChangeService({
    ...deps,
    notices: privacyNotices,
    tierApplied: (m, timelineId, tier) => memoryPrivacy.timelineTierApplied(m, timelineId, tier),
  });
  jobs.define(timelineCreatedFanOutJob({ ds: deps.ds, access, notifications, logger: deps.logger }));
  return {
    mailer,
    jobs,
    auth: new AuthService({ ...deps, mailer, jobs }),
    users: new UserService(deps.ds, media),
    /** The memories each person features on their profile (docs/decisions/053-highlights.md). */
    highlights: new HighlightService(deps.ds),
    media,
    resumable,
    access,
    notifications,
    /** "Who can see this" for each tier (docs/decisions/025-audience-preview.md). */
    audience: new AudienceService(deps.ds, access.expand),
    timelines: new TimelineService({ ...deps, media, mailer, notifications, jobs, privacyChanges }),
    /** Two keys to widen a timeline's tier (docs/decisions/026-two-keys-privacy.md). */
    privacyChanges,
    /** "Remind {name}", invite links, what is new since a visit (docs/decisions/055-reminders-invite-links-and-new-marks.md). */
    reminders: new ReminderService({ ...deps, jobs }),
    inviteLinks: new InviteLinkService(deps),
    visits: new TimelineVisitService(deps),
    memories,
    memoryPrivacy,
    relationships: new RelationshipService(deps.ds),
    /** Notification preferences (docs/decisions/035-presence.md). */
    preferences,
    push,
    /** The e-mail digest (docs/decisions/035-presence.md). */
    digest,
    /** Export and deletion of one's own account (docs/decisions/023-export-and-deletion.md). */
    exports: new ExportService({ ...deps, storage: media.storage }),
    accountDeletion: new AccountDeletionService({ ...deps, notifications, storage: media.storage }),
    /** The request's DataLoaders of one viewer (REST presenters, GraphQL contexts). */
    loaders: (viewer: Viewer) => loadersOf(viewer),
  };
}

export type Services = ReturnType<typeof createServices>;
