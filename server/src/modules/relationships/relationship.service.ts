import type { DataSource } from "typeorm";
import type { Viewer } from "../access/access.service.js";
import { MemoryReads } from "../memories/memory.reads.js";
import { TimelineReads } from "../timelines/timeline.reads.js";
import { RelationshipReads } from "./relationship.reads.js";
import type { User } from "../../entities/user.entity.js";

/** One edge of the connection web (docs/product.md §3 "User relationship"). */
export interface RelationshipEdge {
  otherUserId: string;
  memoryCount: number;
  isActive: boolean;
  /** The shared timeline with the most memories (the most recently active on a tie). */
  timelineTitle: string;
  lastActivity: Date;
}

/**
 * The connection web (docs/product.md §1, §9): the people someone shares accepted timelines with, ranked by
 * shared memory count. For another person's web, an edge appears only through timelines the
 * viewer may see (docs/decisions/003-privacy-tiers.md), and counts only their memories.
 */
export class RelationshipService {
  private readonly reads: { relationships: RelationshipReads };

  constructor(ds: DataSource) {
    const timelines = new TimelineReads(ds);
    this.reads = { relationships: new RelationshipReads(timelines, new MemoryReads(ds, timelines)) };
  }

  async forUser(viewer: Viewer, person: User | null): Promise<RelationshipEdge[]> {
    if (!viewer.signedIn || !person) return [];
    // one's own web: every accepted timeline (one is a participant of each); another's: the visible ones
    const { timelines, memoryCounts: countOf } = await this.reads.relationships.webOf(viewer, person.id);
    if (!timelines.length) return [];

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
