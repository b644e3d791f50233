import type { Timeline } from "../../entities/timeline.entity.js";
import type { Viewer } from "../access/access.service.js";
import type { MemoryReads } from "../memories/memory.reads.js";
import type { TimelineReads } from "../timelines/timeline.reads.js";

/** The timelines behind a person's connection web, and their memory counts. */
export interface WebTimelines {
  timelines: Timeline[];
  memoryCounts: Map<string, number>;
}

/**
 * Reads of relationships (the connection web is derived from `timelines`, docs/product.md §1): one's own
 * web shows every accepted timeline with a partner; another person's only through timelines the
 * viewer may see, counting only their memories (docs/decisions/003-privacy-tiers.md).
 */
export class RelationshipReads {
  constructor(
    private readonly timelines: TimelineReads,
    private readonly memories: MemoryReads,
  ) {}

  async webOf(viewer: Viewer, personId: string): Promise<WebTimelines> {
    const timelines = await this.timelines.ofPerson(viewer, personId, "accepted-pairs");
    if (!timelines.length) return { timelines, memoryCounts: new Map() };
    const ids = timelines.map((t) => t.id);
    const counts = await this.memories.countsByTimelineIds(viewer, ids);
    return { timelines, memoryCounts: new Map(ids.map((id, i) => [id, counts[i]!])) };
  }
}
