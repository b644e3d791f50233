import { In, type DataSource, type EntityManager } from "typeorm";
import { keysetOrder, pageOf, type KeysetOrder, type KeyValue, type Page, type PageRequest } from "../../db/keyset.js";
import { Notification } from "../../entities/notification.entity.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { TimelineStatus } from "../../entities/timeline.enums.js";
import { isUuid, type Asker, type Viewer } from "../access/access.service.js";
import { UserReads } from "../users/user.reads.js";
import { messageText, peopleNamedBy } from "./notification-message.js";
import { NotificationRows, type NoticeRow } from "./notification-rows.js";

/** Newest first, the id breaking ties (docs/decisions/024-paged-reads.md). */
export const NOTIFICATION_ORDER: KeysetOrder<Notification> = keysetOrder({
  tag: "n-created",
  direction: "DESC",
  terms: [
    { column: "{a}.created_at", type: "time" },
    { column: "{a}.id", type: "uuid" },
  ],
  key: (n) => [n.createdAt.toISOString(), n.id],
});

/**
 * Reads of `notifications`: a notification is its recipient's alone, and is left out while its
 * timeline is not visible to them (it turned private, a connection went away), so a title does
 * not linger (docs/decisions/003-privacy-tiers.md).
 */
export class NotificationReads {
  private readonly rows: NotificationRows;

  constructor(private readonly ds: DataSource) {
    this.rows = new NotificationRows(ds);
  }

  private get repo() {
    return this.ds.getRepository(Notification);
  }

  /**
   * A page of the viewer's notifications they may still see, in NOTIFICATION_ORDER. Rows are read
   * by keyset in batches of twice the page; a batch whose rows are partly hidden is followed by
   * the next one until the page is full or the list ends, so pages are exact (one statement per
   * batch, plus the access check of the batch's timelines).
   */
  async page(viewer: Viewer, req: PageRequest): Promise<Page<Notification>> {
    if (!viewer.userId) return { items: [], cursors: [], hasNextPage: false };
    const batch = Math.max(2 * (req.size + 1), 20);
    const shown: Notification[] = [];
    let after = req.after;
    for (;;) {
      const { rows, shown: batchShown } = await this.visibleBatch(viewer, after, batch);
      shown.push(...batchShown.map((r) => r.notice));
      if (shown.length > req.size || rows.length < batch) break;
      after = NOTIFICATION_ORDER.key(rows.at(-1)!.notice);
    }
    return pageOf(NOTIFICATION_ORDER, shown.slice(0, req.size + 1), req.size);
  }

  /**
   * Every notice the viewer's Updates would show, newest first, each with its text as built when
   * read (notification-message.ts): the data export holds exactly these
   * (docs/decisions/032-who-may-learn-whom.md), not the stored texts of notices the person may no
   * longer see.
   */
  async asShown(viewer: Viewer): Promise<Array<{ notice: Notification; message: string }>> {
    if (!viewer.userId) return [];
    const batch = 500;
    const shown: NoticeRow[] = [];
    let after: KeyValue[] | null = null;
    for (;;) {
      const next = await this.visibleBatch(viewer, after, batch);
      shown.push(...next.shown);
      if (next.rows.length < batch) break;
      after = NOTIFICATION_ORDER.key(next.rows.at(-1)!.notice);
    }
    const ids = [...new Set(shown.flatMap(({ notice, timeline }) => peopleNamedBy(notice, timeline)))];
    const people = new Map((await new UserReads(this.ds).byIds(viewer, ids)).map((u) => [u.id, u]));
    return shown.map(({ notice, timeline }) => ({
      notice,
      message: messageText(notice, timeline, (id) => people.get(id) ?? null),
    }));
  }

  /** One batch of the recipient's notices, and those of it whose timeline (if any) they may see. */
  private async visibleBatch(
    viewer: Viewer,
    after: KeyValue[] | null,
    limit: number,
  ): Promise<{ rows: NoticeRow[]; shown: NoticeRow[] }> {
    // each notice with its person and its timeline, in one statement (plain rows)
    const rows = await this.rows.page(viewer, viewer.userId!, NOTIFICATION_ORDER, after, limit);
    const timelines = rows.map((r) => r.timeline).filter((t): t is Timeline => !!t);
    viewer.primeFacts(timelines);
    const visible = await viewer.filterVisible(timelines);
    for (const t of visible) viewer.loaders.timelineById.prime(t.id, t);
    const seen = new Set(visible.map((t) => t.id));
    return {
      rows,
      shown: rows.filter(({ notice }) => !notice.relatedTimelineId || seen.has(notice.relatedTimelineId)),
    };
  }

  /** Unread notifications the list would show (the counts and their timelines' facts in one statement). */
  async unreadCount(viewer: Viewer): Promise<number> {
    if (!viewer.userId) return 0;
    const groups = await this.rows.unreadByTimeline(viewer.userId);
    const timelines = groups.map((g) => g.timeline).filter((t): t is Timeline => !!t);
    viewer.primeFacts(timelines);
    const mask = await viewer.visibleMask(groups.map((g) => g.timeline));
    return groups.reduce((sum, g, i) => sum + (!g.timeline || mask[i] ? g.n : 0), 0);
  }

  /**
   * The notices of other people that name the asker, with their timelines as they are in the
   * transaction `m`: the asker is the actor, or one of the pair a timeline_created notice announces.
   * Read when the asker leaves, to write those texts again without their name.
   */
  async namingAsker(asker: Asker, m: EntityManager): Promise<NoticeRow[]> {
    if (!asker.userId) return [];
    const notices = await m
      .getRepository(Notification)
      .createQueryBuilder("n")
      .leftJoin(Timeline, "t", "t.id = n.related_timeline_id")
      .where("n.recipient_id <> :me", { me: asker.userId })
      .andWhere(
        `(n.related_user_id = :me OR (n.type = 'timeline_created' AND (t.created_by_id = :me OR t.collaborator_id = :me)))`,
      )
      .getMany();
    const timelineIds = [...new Set(notices.map((n) => n.relatedTimelineId).filter((id): id is string => !!id))];
    const timelines = timelineIds.length ? await m.getRepository(Timeline).findBy({ id: In(timelineIds) }) : [];
    const byId = new Map(timelines.map((t) => [t.id, t]));
    return notices.map((notice) => ({
      notice,
      timeline: notice.relatedTimelineId ? (byId.get(notice.relatedTimelineId) ?? null) : null,
    }));
  }

  /** One of the asker's own notifications (to mark it read). */
  async own(asker: Asker, id: string): Promise<Notification | null> {
    if (!asker.userId || !isUuid(id)) return null;
    return this.repo.findOneBy({ id, recipientId: asker.userId });
  }

  /** Is the proposal of one of the asker's own notifications still waiting for an answer? */
  async proposalStillPending(asker: Asker, n: Notification): Promise<boolean> {
    if (!n.relatedTimelineId || n.recipientId !== asker.userId) return false;
    const t = await this.ds
      .getRepository(Timeline)
      .findOne({ where: { id: n.relatedTimelineId }, select: { id: true, status: true } });
    return t?.status === TimelineStatus.PENDING;
  }

  /**
   * How many memories the viewer added to a timeline they may see since `since` (the count of a
   * friend notice's photos, docs/decisions/022-grouped-updates.md): `shown`, those the notice's
   * readers may see (the participants' direct connections see every memory but a private one,
   * docs/decisions/052-memory-privacy.md), and `all`; 0 when they may not see the timeline.
   */
  async memoriesAddedBy(viewer: Viewer, timelineId: string, since: Date): Promise<{ shown: number; all: number }> {
    if (!viewer.userId || !(await viewer.canViewTimelineId(timelineId))) return { shown: 0, all: 0 };
    const rows = (await this.ds.query(
      `SELECT count(*)::int AS "all", (count(*) FILTER (WHERE privacy IS DISTINCT FROM 'private'))::int AS shown
         FROM memories WHERE timeline_id = $1 AND created_by_id = $2 AND created_at >= $3`,
      [timelineId, viewer.userId, since],
    )) as { all: number; shown: number }[];
    return { shown: rows[0]?.shown ?? 0, all: rows[0]?.all ?? 0 };
  }
}
