import type { DataSource } from "typeorm";
import { afterSql, orderSql, type KeysetOrder, type KeyValue } from "../../db/keyset.js";
import { Notification } from "../../entities/notification.entity.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { User } from "../../entities/user.entity.js";
import type { Viewer } from "../access/access.service.js";
import { preparedRows } from "../../db/prepared.js";
import { rowShape } from "../../db/plain-rows.js";

/** A notice with the timeline it is about (null when none), as read in one statement. */
export interface NoticeRow {
  notice: Notification;
  timeline: Timeline | null;
}

/**
 * Notices with the person and the timeline they name in ONE statement, as plain rows
 * (docs/decisions/028-fast-graphql-path.md). Used only by `NotificationReads`, which keeps the
 * notices whose timeline the reader may see; the people prime the request's loaders.
 */
export class NotificationRows {
  constructor(private readonly ds: DataSource) {}

  async page(
    viewer: Viewer,
    recipientId: string,
    order: KeysetOrder<Notification>,
    after: KeyValue[] | null,
    limit: number,
  ): Promise<NoticeRow[]> {
    const n = rowShape(this.ds, Notification, "n");
    const t = rowShape(this.ds, Timeline, "t");
    const u = rowShape(this.ds, User, "u");
    const params: unknown[] = [recipientId, limit, ...(after ?? [])];
    const rows = await preparedRows(
      this.ds,
      `SELECT ${n.select}, ${t.select}, ${u.select} FROM notifications n
         LEFT JOIN timelines t ON t.id = n.related_timeline_id
         LEFT JOIN users u ON u.id = n.related_user_id
        WHERE n.recipient_id = $1 ${after ? `AND ${afterSql(order, "n", (i) => `$${i + 3}`)}` : ""}
        ORDER BY ${orderSql(order, "n")} LIMIT $2`,
      params,
    );
    // each person and each timeline built once, however many notices of the page name them
    const users = viewer.loaders.userById;
    const people = new Set<string>();
    const timelines = new Map<string, Timeline>();
    return rows.map((row) => {
      const userId = u.idOf(row);
      if (userId && !people.has(userId)) users.prime(userId, u.from(row)!);
      if (userId) people.add(userId);
      const timelineId = t.idOf(row);
      let timeline: Timeline | null = null;
      if (timelineId) {
        timeline = timelines.get(timelineId) ?? t.from(row)!;
        timelines.set(timelineId, timeline);
      }
      return { notice: n.from(row)!, timeline };
    });
  }

  /** Unread notices per timeline, with each timeline's access facts (null: about no timeline). */
  async unreadByTimeline(recipientId: string): Promise<Array<{ n: number; timeline: Timeline | null }>> {
    const rows = await preparedRows<Record<string, unknown> & { n: string }>(
      this.ds,
      `SELECT c.n, t.id, t.status, t.is_active AS "isActive", t.privacy, t.created_by_id AS "createdById",
              t.collaborator_id AS "collaboratorId"
         FROM (SELECT related_timeline_id, count(*) AS n FROM notifications
                WHERE recipient_id = $1 AND is_read = false GROUP BY related_timeline_id) c
         LEFT JOIN timelines t ON t.id = c.related_timeline_id`,
      [recipientId],
    );
    return rows.map(({ n, ...facts }) => ({
      n: Number(n),
      timeline: facts.id ? (facts as unknown as Timeline) : null,
    }));
  }
}
