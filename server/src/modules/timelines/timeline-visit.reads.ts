import type { DataSource } from "typeorm";
import type { Viewer } from "../access/access.service.js";

/** What is new to one person on one timeline since they last opened it. */
export interface NewSinceVisit {
  /** their last visit; null when they never opened it (then everything of the other person is new) */
  since: Date | null;
  /** memories the other person added since then */
  count: number;
}

const NOTHING_NEW: NewSinceVisit = { since: null, count: 0 };

/**
 * "New since your last visit" (docs/decisions/055-reminders-invite-links-and-new-marks.md): for the
 * two participants only, the memories the other one added after the reader's last visit. Anyone
 * else (a friend reading a public timeline) gets nothing new, and a timeline the viewer may not
 * see is never read. One statement for any number of timelines (the request's loader batches it).
 */
export class TimelineVisitReads {
  constructor(private readonly ds: DataSource) {}

  async newSinceByTimelineIds(viewer: Viewer, timelineIds: readonly string[]): Promise<NewSinceVisit[]> {
    const userId = viewer.userId;
    const visible = userId ? await viewer.visibleTimelineIds([...timelineIds]) : new Set<string>();
    const rows: { id: string; since: Date | null; n: number }[] = visible.size
      ? await this.ds.query(
          `SELECT t.id, v.visited_at AS since,
                  (SELECT count(*)::int FROM memories m
                    WHERE m.timeline_id = t.id AND m.created_by_id <> $2
                      AND (v.visited_at IS NULL OR m.created_at > v.visited_at)) AS n
             FROM timelines t
             LEFT JOIN timeline_visits v ON v.timeline_id = t.id AND v.user_id = $2
            WHERE t.id = ANY($1::uuid[]) AND (t.created_by_id = $2 OR t.collaborator_id = $2)`,
          [[...visible], userId],
        )
      : [];
    const byId = new Map(rows.map((r) => [r.id, { since: r.since ? new Date(r.since) : null, count: r.n }]));
    return timelineIds.map((id) => byId.get(id) ?? NOTHING_NEW);
  }
}
