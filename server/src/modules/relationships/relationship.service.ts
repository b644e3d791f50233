import { Brackets, type DataSource } from "typeorm";
import type { Viewer } from "../access/access.service.js";
import { Timeline } from "../timelines/timeline.entity.js";
import { TimelineStatus } from "../timelines/timeline.enums.js";
import type { User } from "../users/user.entity.js";

/** One edge of the connection web (spec §3 "User relationship"). */
export interface RelationshipEdge {
  otherUserId: string;
  memoryCount: number;
  isActive: boolean;
  /** The shared timeline with the most memories (the most recently active on a tie). */
  timelineTitle: string;
  lastActivity: Date;
}

/**
 * The connection web (spec §1, §9): the people someone shares accepted timelines with, ranked by
 * shared memory count. For another person's web, an edge appears only through timelines the
 * viewer may see (DESIGN §5), and counts only their memories.
 */
export class RelationshipService {
  constructor(private readonly ds: DataSource) {}

  async forUser(viewer: Viewer, person: User | null): Promise<RelationshipEdge[]> {
    if (!viewer.signedIn || !person) return [];
    const own = person.id === viewer.userId;
    const all = await this.ds
      .getRepository(Timeline)
      .createQueryBuilder("t")
      .where(new Brackets((w) => w.where("t.created_by_id = :uid").orWhere("t.collaborator_id = :uid")), {
        uid: person.id,
      })
      .andWhere("t.status = :accepted AND t.collaborator_id IS NOT NULL", { accepted: TimelineStatus.ACCEPTED })
      .getMany();
    const timelines = own ? all : await viewer.filterVisible(all);
    if (!timelines.length) return [];

    const counts: { timeline_id: string; n: string }[] = await this.ds.query(
      `SELECT timeline_id, count(*) AS n FROM memories WHERE timeline_id = ANY($1::uuid[]) GROUP BY timeline_id`,
      [timelines.map((t) => t.id)],
    );
    const countOf = new Map(counts.map((c) => [c.timeline_id, Number(c.n)]));

    const edges = new Map<string, RelationshipEdge & { bestCount: number }>();
    for (const t of timelines) {
      const other = t.createdById === person.id ? t.collaboratorId! : t.createdById;
      const n = countOf.get(t.id) ?? 0;
      const edge = edges.get(other);
      if (!edge) {
        edges.set(other, {
          otherUserId: other,
          memoryCount: n,
          isActive: t.isActive,
          timelineTitle: t.title,
          lastActivity: t.lastActivity,
          bestCount: n,
        });
        continue;
      }
      edge.memoryCount += n;
      edge.isActive ||= t.isActive;
      if (n > edge.bestCount || (n === edge.bestCount && t.lastActivity > edge.lastActivity)) {
        edge.bestCount = n;
        edge.timelineTitle = t.title;
      }
      if (t.lastActivity > edge.lastActivity) edge.lastActivity = t.lastActivity;
    }
    return [...edges.values()]
      .sort((a, b) => b.memoryCount - a.memoryCount || b.lastActivity.getTime() - a.lastActivity.getTime())
      .map(({ bestCount: _bestCount, ...edge }) => edge);
  }
}
