import type { DataSource } from "typeorm";
import { isParticipant, type Viewer } from "../access/access.service.js";
import { TimelineReads } from "./timeline.reads.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import { notFound, unauthenticated } from "../../lib/errors.js";

/**
 * Remembers when a participant last opened a timeline, by the database's clock (the one memories'
 * `created_at` comes from); the timeline screen says so once per opening
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md). A timeline the caller may see
 * without taking part in it is answered and nothing is stored; one they may not see is "Timeline
 * not found", as for any read.
 */
export class TimelineVisitService {
  private readonly timelines: TimelineReads;

  constructor(private readonly deps: { ds: DataSource }) {
    this.timelines = new TimelineReads(deps.ds);
  }

  async markVisited(viewer: Viewer, timelineId: string): Promise<Timeline> {
    if (!viewer.userId) throw unauthenticated();
    const t = await this.timelines.visible(viewer, timelineId);
    if (!t) throw notFound("Timeline not found");
    if (!isParticipant(viewer.userId, t)) return t;
    await this.deps.ds.query(
      `INSERT INTO timeline_visits (user_id, timeline_id, visited_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id, timeline_id) DO UPDATE SET visited_at = GREATEST(timeline_visits.visited_at, EXCLUDED.visited_at)`,
      [viewer.userId, t.id],
    );
    return t;
  }
}
