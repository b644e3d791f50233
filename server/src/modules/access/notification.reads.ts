import type { DataSource } from "typeorm";
import { Notification } from "../notifications/notification.entity.js";
import { Timeline } from "../timelines/timeline.entity.js";
import { TimelineStatus } from "../timelines/timeline.enums.js";
import { isUuid, type Viewer } from "./access.service.js";
import type { Asker } from "./user.reads.js";

/**
 * Reads of `notifications`: a notification is its recipient's alone, and is left out while its
 * timeline is not visible to them (it turned private, a connection went away), so a title does
 * not linger (docs/decisions/003-privacy-tiers.md).
 */
export class NotificationReads {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(Notification);
  }

  /** The viewer's notifications they may still see, newest first, at most `take`. */
  async list(viewer: Viewer, take: number): Promise<Notification[]> {
    if (!viewer.userId) return [];
    const rows = await this.repo.find({
      where: { recipientId: viewer.userId },
      order: { createdAt: "DESC", id: "DESC" },
      take: take * 2,
    });
    const visible = await viewer.visibleTimelineIds(
      rows.map((n) => n.relatedTimelineId).filter((x): x is string => !!x),
    );
    return rows.filter((n) => !n.relatedTimelineId || visible.has(n.relatedTimelineId)).slice(0, take);
  }

  /** Unread notifications the list would show. */
  async unreadCount(viewer: Viewer): Promise<number> {
    if (!viewer.userId) return 0;
    const rows: { related_timeline_id: string | null; n: string }[] = await this.ds.query(
      `SELECT related_timeline_id, count(*) AS n FROM notifications WHERE recipient_id = $1 AND is_read = false
        GROUP BY related_timeline_id`,
      [viewer.userId],
    );
    const visible = await viewer.visibleTimelineIds(
      rows.map((r) => r.related_timeline_id).filter((x): x is string => !!x),
    );
    return rows.reduce(
      (sum, r) => sum + (!r.related_timeline_id || visible.has(r.related_timeline_id) ? Number(r.n) : 0),
      0,
    );
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
}
