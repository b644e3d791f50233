import type { Page, PageRequest } from "../../db/keyset.js";
import type { DataSource, EntityManager } from "typeorm";
import type { PushEvents } from "../presence/push-port.js";
import type { Clock } from "../../lib/clock.js";
import { forbidden, notFound, unauthenticated } from "../../lib/errors.js";
import { clipText } from "../../lib/text-rules.js";
import { isParticipant, type AccessService, type Asker, type Viewer } from "../access/access.service.js";
import { TimelineReads } from "../timelines/timeline.reads.js";
import { UserReads } from "../users/user.reads.js";
import { NotificationReads } from "./notification.reads.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import type { User } from "../../entities/user.entity.js";
import { Notification } from "../../entities/notification.entity.js";
import { NotificationType } from "../../entities/notification.enums.js";
import { nameOf } from "../users/user.rules.js";
import {
  memoryDeletedText,
  memoryEditedText,
  messageText,
  partnerNoteText,
  withdrawnText,
} from "./notification-message.js";

/** The UTC day a grouped notice collects (docs/decisions/022-grouped-updates.md). */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const startOfUtcDay = (d: Date) => new Date(`${utcDay(d)}T00:00:00.000Z`);

export const NOTIFICATION_PAGE_SIZE = 50;
/**
 * friend-* notifications: a repeat of the same type for the same timeline within this window
 * changes nothing (retries are idempotent); later the same day it refreshes the day's notice.
 */
export const FRIEND_DEDUPE_MS = 60 * 60 * 1000;

export const timelineUrl = (id: string) => `/app/view-timeline?id=${id}`;

type TimelineRef = Pick<Timeline, "id" | "title" | "createdById" | "collaboratorId">;

/**
 * Notifications (docs/decisions/007-notifications.md): created by the server on each event, never on the client's say-so
 * alone. The friend-* fan-out only reaches people who may see the timeline (AccessService).
 */
export class NotificationService {
  private readonly reads: { notifications: NotificationReads; timelines: TimelineReads; users: UserReads };

  constructor(
    private readonly ds: DataSource,
    private readonly access: AccessService,
    private readonly clock: Clock,
    /** Push is told of memories and proposals in the same transaction (docs/decisions/035-presence.md). */
    private readonly push?: PushEvents,
  ) {
    this.reads = {
      notifications: new NotificationReads(ds),
      timelines: new TimelineReads(ds),
      users: new UserReads(ds),
    };
  }

  private repo(m?: EntityManager) {
    return (m ?? this.ds.manager).getRepository(Notification);
  }

  /**
   * A page of the recipient's notifications, newest first (docs/decisions/024-paged-reads.md).
   * Enforced at retrieval like everything else (docs/decisions/003-privacy-tiers.md): a
   * notification about a timeline the recipient can no longer see (privacy changed, deleted
   * connection…) is left out, so its title does not linger.
   */
  async page(viewer: Viewer, req: PageRequest): Promise<Page<Notification>> {
    return this.reads.notifications.page(viewer, req);
  }

  /** Unread notifications the list would show. */
  async unreadCount(viewer: Viewer): Promise<number> {
    return this.reads.notifications.unreadCount(viewer);
  }

  /**
   * Marks one of the caller's notifications read. A `timeline_proposal` whose timeline is still
   * pending is not dismissed (docs/product.md §4): it keeps its Accept/Reject until answered.
   */
  async markRead(viewer: Viewer, id: string): Promise<Notification> {
    if (!viewer.userId) throw unauthenticated();
    const asker = viewer;
    const n = await this.reads.notifications.own(asker, id);
    if (!n) throw notFound("Notification not found");
    if (n.isRead) return n;
    if (
      n.type === NotificationType.TIMELINE_PROPOSAL &&
      (await this.reads.notifications.proposalStillPending(asker, n))
    )
      return n;
    // A request to widen keeps its Accept / Decline until answered (docs/decisions/026-two-keys-privacy.md).
    if (n.type === NotificationType.PRIVACY_REQUEST && !n.resolution) return n;
    await this.repo().update({ id: n.id }, { isRead: true });
    n.isRead = true;
    return n;
  }

  /** Marks everything read except proposals and privacy requests still waiting for an answer; returns how many changed. */
  async markAllRead(viewer: Viewer): Promise<number> {
    const userId = viewer.userId;
    if (!userId) throw unauthenticated();
    const rows: unknown = await this.ds.query(
      `UPDATE notifications n SET is_read = true
        WHERE n.recipient_id = $1 AND n.is_read = false
          AND NOT (n.type = 'timeline_proposal' AND EXISTS (
            SELECT 1 FROM timelines t WHERE t.id = n.related_timeline_id AND t.status = 'pending'))
          AND NOT (n.type = 'privacy_request' AND n.resolution IS NULL)
        RETURNING n.id`,
      [userId],
    );
    return Array.isArray(rows) && Array.isArray(rows[0]) ? rows[0].length : 0;
  }

  // ---- events ------------------------------------------------------------------------------

  private async add(m: EntityManager | undefined, rows: Partial<Notification>[]): Promise<void> {
    const now = this.clock.now();
    if (rows.length) await this.repo(m).insert(rows.map((r) => ({ ...r, createdAt: now })));
  }

  /** create → timeline_proposal to the invitee (when they have an account; else at sign-in). */
  async timelineProposed(t: TimelineRef, creator: User, m?: EntityManager): Promise<void> {
    if (!t.collaboratorId) return;
    const at = this.clock.now();
    await this.push?.record(
      m ?? this.ds.manager,
      { recipientId: t.collaboratorId, kind: "proposal", timelineId: t.id, actorId: creator.id },
      at,
    );
    return this.add(m, [
      {
        recipientId: t.collaboratorId,
        type: NotificationType.TIMELINE_PROPOSAL,
        message: clipText(`${nameOf(creator)} invited you to share the timeline "${t.title}"`, 500),
        relatedUserId: creator.id,
        relatedTimelineId: t.id,
        actionUrl: "/app/updates",
      },
    ]);
  }

  /**
   * A proposal deleted while pending (by its creator, or with their account): its invitee is told,
   * with a notice that outlives the timeline (docs/decisions/032-who-may-learn-whom.md). `creator`
   * null: they are leaving, and are named "Former member".
   */
  async proposalWithdrawn(t: TimelineRef, creator: User | null, m: EntityManager): Promise<void> {
    if (!t.collaboratorId || t.collaboratorId === creator?.id) return;
    await this.add(m, [
      {
        recipientId: t.collaboratorId,
        type: NotificationType.TIMELINE_WITHDRAWN,
        message: withdrawnText(creator, t.title),
        relatedUserId: creator?.id ?? null,
        timelineTitle: t.title,
        actionUrl: "/app/timelines",
      },
    ]);
  }

  /**
   * A person is leaving: the notices of everyone else that name them are written again as they are
   * read from now on, "Former member" in their place, so no stored text keeps their name
   * (docs/decisions/032-who-may-learn-whom.md). Runs in the deletion's transaction, before their
   * timelines are handed over (so a pair's notice still finds them) and their row goes.
   */
  async forget(m: EntityManager, leaving: Asker): Promise<void> {
    const rows = await this.reads.notifications.namingAsker(leaving, m);
    if (!rows.length) return;
    const ids = [
      ...new Set(rows.flatMap(({ timeline }) => (timeline ? [timeline.createdById, timeline.collaboratorId] : []))),
    ];
    const people = new Map(
      (
        await this.reads.users.byIds(
          leaving,
          ids.filter((id): id is string => !!id && id !== leaving.userId),
        )
      ).map((u) => [u.id, u]),
    );
    for (const { notice, timeline } of rows) {
      const gone = { ...notice, relatedUserId: notice.relatedUserId === leaving.userId ? null : notice.relatedUserId };
      const message = messageText(gone, timeline, (id) => (id === leaving.userId ? null : (people.get(id) ?? null)));
      await m.query(`UPDATE notifications SET message = $2, related_user_id = $3 WHERE id = $1`, [
        notice.id,
        message,
        gone.relatedUserId,
      ]);
    }
  }

  /** accept / reject → to the creator; the invitee's proposal is answered, so it is marked read. */
  async timelineAnswered(t: TimelineRef, invitee: User, accepted: boolean, m?: EntityManager): Promise<void> {
    await this.repo(m).update(
      { recipientId: invitee.id, relatedTimelineId: t.id, type: NotificationType.TIMELINE_PROPOSAL, isRead: false },
      { isRead: true },
    );
    await this.add(m, [
      {
        recipientId: t.createdById,
        type: accepted ? NotificationType.TIMELINE_ACCEPTED : NotificationType.TIMELINE_REJECTED,
        message: accepted
          ? clipText(`${nameOf(invitee)} accepted your invitation to share "${t.title}"`, 500)
          : clipText(`${nameOf(invitee)} declined your invitation to share "${t.title}"`, 500),
        relatedUserId: invitee.id,
        relatedTimelineId: t.id,
        actionUrl: accepted ? timelineUrl(t.id) : "/app/timelines",
      },
    ]);
  }

  /**
   * add memory → memory_added to the other participant, one notice per timeline and day: a
   * further memory that day counts into it, moves it to the top and makes it unread again. Its
   * link opens the first memory new to them (`&memory=`): the one that started the notice, or,
   * once the notice was read, the next one added.
   */
  async memoryAdded(t: TimelineRef, actor: User, m?: EntityManager, memoryId?: string): Promise<void> {
    const other = t.createdById === actor.id ? t.collaboratorId : t.createdById;
    if (!other || other === actor.id) return;
    const now = this.clock.now();
    await (m ?? this.ds.manager).query(
      `INSERT INTO notifications (recipient_id, type, message, related_user_id, related_timeline_id, action_url, created_at, count, group_day)
       VALUES ($1, 'memory_added', $2, $3, $4, $5, $6, 1, $7)
       ON CONFLICT (recipient_id, related_timeline_id, group_day) WHERE "type" = 'memory_added'
       DO UPDATE SET count = notifications.count + 1, created_at = EXCLUDED.created_at, is_read = false,
                     related_user_id = EXCLUDED.related_user_id, message = EXCLUDED.message,
                     action_url = CASE WHEN notifications.is_read THEN EXCLUDED.action_url ELSE notifications.action_url END`,
      [
        other,
        clipText(`${nameOf(actor)} added a new memory to "${t.title}"`, 500),
        actor.id,
        t.id,
        memoryId ? `${timelineUrl(t.id)}&memory=${memoryId}` : timelineUrl(t.id),
        now,
        utcDay(now),
      ],
    );
    await this.push?.record(
      m ?? this.ds.manager,
      { recipientId: other, kind: "memories", timelineId: t.id, actorId: actor.id },
      now,
    );
  }

  /**
   * The partner wrote their note on a memory → partner_note_added to the memory's creator alone
   * (docs/decisions/027-two-voices.md): at most one per memory and UTC day, so writing, clearing
   * and writing again is one notice. Its text is built when read (notification-message.ts).
   */
  async partnerNoteAdded(
    memory: { id: string; createdById: string },
    t: TimelineRef,
    partner: User,
    m?: EntityManager,
  ): Promise<void> {
    if (memory.createdById === partner.id) return;
    await this.aboutMemory(
      m,
      memory.id,
      memory.createdById,
      NotificationType.PARTNER_NOTE_ADDED,
      partner,
      t,
      partnerNoteText,
    );
  }

  /**
   * The other person changed one's caption, place, date or media → memory_edited to the memory's
   * creator alone (docs/decisions/037-each-voice-its-authors.md): at most one per memory and UTC
   * day, so a run of small fixes is one gentle notice.
   */
  async memoryEdited(memory: { id: string; createdById: string }, t: TimelineRef, editor: User, m?: EntityManager) {
    if (memory.createdById === editor.id) return;
    await this.aboutMemory(
      m,
      memory.id,
      memory.createdById,
      NotificationType.MEMORY_EDITED,
      editor,
      t,
      memoryEditedText,
    );
  }

  /** The other person deleted one's memory → memory_deleted to its creator (the notice outlives the memory). */
  async memoryDeleted(memory: { createdById: string }, t: TimelineRef, editor: User, m?: EntityManager) {
    if (memory.createdById === editor.id) return;
    await this.add(m, [
      {
        recipientId: memory.createdById,
        type: NotificationType.MEMORY_DELETED,
        message: memoryDeletedText(nameOf(editor), t.title),
        relatedUserId: editor.id,
        relatedTimelineId: t.id,
        actionUrl: timelineUrl(t.id),
      },
    ]);
  }

  /** One notice of `type` about a memory to `recipient` per UTC day; a repeat that day changes nothing. */
  private async aboutMemory(
    m: EntityManager | undefined,
    memoryId: string,
    recipientId: string,
    type: NotificationType,
    actor: User,
    t: TimelineRef,
    text: (who: string, title: string) => string,
  ): Promise<void> {
    const now = this.clock.now();
    await (m ?? this.ds.manager).query(
      `INSERT INTO notifications (recipient_id, type, message, related_user_id, related_timeline_id, related_memory_id, action_url, created_at, group_day)
       VALUES ($1, $2::notification_type, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (related_memory_id, recipient_id, type, group_day) WHERE "related_memory_id" IS NOT NULL DO NOTHING`,
      [recipientId, type, text(nameOf(actor), t.title), actor.id, t.id, memoryId, timelineUrl(t.id), now, utcDay(now)],
    );
  }

  // ---- friend-* fan-out (POST /api/notifications/friend-…) -----------------------------------

  /** The timeline a participant asks about; NOT_FOUND when invisible, FORBIDDEN for onlookers. */
  private async participantTimeline(viewer: Viewer, timelineId: unknown): Promise<Timeline> {
    const t = await this.reads.timelines.visible(viewer, String(timelineId ?? ""));
    if (!t) throw notFound("Timeline not found");
    if (!isParticipant(viewer.userId, t)) throw forbidden("Only the people who share this timeline can do this");
    return t;
  }

  /**
   * The participants' connections (degree 1) who may see the timeline, without the participants.
   * A pending or private timeline reaches nobody.
   */
  private async audience(t: Timeline): Promise<string[]> {
    const participants = [t.createdById, t.collaboratorId].filter((x): x is string => !!x);
    const connections = await this.access.connectionsOf(participants);
    if (!connections.length) return [];
    return this.access.viewersAmong(t, connections);
  }

  /**
   * One friend notice per recipient, actor and day (docs/decisions/022-grouped-updates.md): the
   * first event of the day inserts it; a later one updates it to the newest event (photos on the
   * same timeline add up) and makes it unread again, except a repeat of the same type and
   * timeline within the hour, which changes nothing unless the actor has added more memories to
   * it today than the notice counts (`added`: then the count becomes that). Returns how many
   * recipients were told.
   */
  private async fanOut(
    t: Timeline,
    type: NotificationType,
    actorId: string,
    message: string,
    recipients: string[],
    count = 1,
    added = 0,
  ): Promise<number> {
    if (!recipients.length) return 0;
    const now = this.clock.now();
    const since = new Date(now.getTime() - FRIEND_DEDUPE_MS);
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`notify:friend:${actorId}`]);
      const rows: unknown = await m.query(
        `INSERT INTO notifications (recipient_id, type, message, related_user_id, related_timeline_id, action_url, created_at, count, group_day)
         SELECT r, $2::notification_type, $3, $4, $5, $6, $7, GREATEST($9::int, $11::int), $10 FROM unnest($1::uuid[]) AS r
         ON CONFLICT (recipient_id, related_user_id, group_day) WHERE "type" IN ('timeline_created', 'photos_uploaded')
         DO UPDATE SET
           count = CASE WHEN notifications.type <> EXCLUDED.type OR notifications.related_timeline_id <> EXCLUDED.related_timeline_id
                          THEN EXCLUDED.count
                        WHEN notifications.created_at > $8 THEN GREATEST(notifications.count, $11::int)
                        ELSE GREATEST(notifications.count + $9::int, $11::int) END,
           type = EXCLUDED.type, related_timeline_id = EXCLUDED.related_timeline_id, message = EXCLUDED.message,
           action_url = EXCLUDED.action_url, created_at = EXCLUDED.created_at, is_read = false
         WHERE NOT (notifications.type = EXCLUDED.type AND notifications.related_timeline_id = EXCLUDED.related_timeline_id
                    AND notifications.created_at > $8 AND notifications.count >= $11::int)
         RETURNING id`,
        [
          recipients,
          type,
          clipText(message, 500),
          actorId,
          t.id,
          timelineUrl(t.id),
          now,
          since,
          count,
          utcDay(now),
          added,
        ],
      );
      return Array.isArray(rows) ? rows.length : 0;
    });
  }

  private async participantsNames(
    t: Timeline,
    actorId: string,
  ): Promise<{ creator: string; collaborator: string | null }> {
    const ids = [t.createdById, t.collaboratorId].filter((x): x is string => !!x);
    const users = await this.reads.users.byIds({ userId: actorId }, ids);
    const byId = new Map(users.map((u) => [u.id, u]));
    return {
      creator: nameOf(byId.get(t.createdById)),
      collaborator: t.collaboratorId ? nameOf(byId.get(t.collaboratorId)) : null,
    };
  }

  /** timeline_created to the participants' connections who can see it. Returns how many were notified. */
  async friendTimelineCreated(viewer: Viewer, timelineId: unknown): Promise<number> {
    const t = await this.participantTimeline(viewer, timelineId);
    return this.timelineCreatedFanOut(t, viewer.userId!);
  }

  /** Also run by the server when a proposal is accepted (the moment the timeline becomes visible). */
  async timelineCreatedFanOut(t: Timeline, actorId: string): Promise<number> {
    const recipients = await this.audience(t);
    if (!recipients.length) return 0;
    const names = await this.participantsNames(t, actorId);
    const who = names.collaborator ? `${names.creator} and ${names.collaborator}` : names.creator;
    // The notice is about the pair: it is grouped under the timeline's creator, whichever of the
    // two asked, so a second ask by the other participant is the same notice.
    return this.fanOut(
      t,
      NotificationType.TIMELINE_CREATED,
      t.createdById,
      `${who} started a new timeline, "${t.title}"`,
      recipients,
    );
  }

  /** photos_uploaded to the participants' connections who can see the timeline. */
  async friendPhotosUploaded(viewer: Viewer, timelineId: unknown, photoCount: unknown): Promise<number> {
    const t = await this.participantTimeline(viewer, timelineId);
    const n = Math.min(Math.max(Math.trunc(Number(photoCount ?? 1)) || 1, 1), 100);
    const recipients = await this.audience(t);
    if (!recipients.length) return 0;
    const [actor, added] = await Promise.all([
      this.reads.users.self(viewer),
      this.reads.notifications.memoriesAddedBy(viewer, t.id, startOfUtcDay(this.clock.now())),
    ]);
    // memories the friends may not see (private ones, docs/decisions/052-memory-privacy.md) are not announced
    const hidden = added.all - added.shown;
    if (added.all > 0 && added.shown === 0) return 0;
    const shown = hidden > 0 ? Math.max(1, Math.min(n, added.shown)) : n;
    const message = `${nameOf(actor)} added ${shown} new ${shown === 1 ? "photo" : "photos"} to "${t.title}"`;
    return this.fanOut(t, NotificationType.PHOTOS_UPLOADED, viewer.userId!, message, recipients, shown, added.shown);
  }
}
