import { In, type DataSource } from "typeorm";
import { Memory } from "../memories/memory.entity.js";
import { compareMemories, orderMemories, type MemorySort } from "../memories/memory-order.js";
import { isUuid, type Viewer } from "./access.service.js";
import type { TimelineReads } from "./timeline.reads.js";

/**
 * Reads of `memories`: a memory is visible exactly when its timeline is
 * (docs/decisions/003-privacy-tiers.md); every read here checks that for the viewer.
 */
export class MemoryReads {
  constructor(
    private readonly ds: DataSource,
    private readonly timelines: TimelineReads,
  ) {}

  private get repo() {
    return this.ds.getRepository(Memory);
  }

  /** A memory when the viewer may see its timeline; else null. */
  async visible(viewer: Viewer, id: string): Promise<Memory | null> {
    if (!viewer.signedIn || !isUuid(id)) return null;
    const memory = await this.repo.findOneBy({ id });
    if (!memory) return null;
    return (await viewer.canViewTimelineId(memory.timelineId)) ? memory : null;
  }

  /** A timeline's memories in the given order, or null when the viewer may not see the timeline. */
  async ofTimeline(viewer: Viewer, timelineId: string, sort: MemorySort): Promise<Memory[] | null> {
    if (!viewer.signedIn || !isUuid(timelineId) || !(await viewer.canViewTimelineId(timelineId))) return null;
    return orderMemories(
      this.repo.createQueryBuilder("m").where("m.timeline_id = :timelineId", { timelineId }),
      sort,
    ).getMany();
  }

  /**
   * A person's memories the viewer may see: those of every timeline the person is in (declined
   * proposals left out) that passes the policy; at most `limit`.
   */
  async ofPerson(viewer: Viewer, personId: string, sort: MemorySort, limit: number): Promise<Memory[]> {
    const visible = await this.timelines.ofPerson(viewer, personId, "not-rejected");
    if (!visible.length) return [];
    const qb = this.repo.createQueryBuilder("m").where("m.timeline_id IN (:...ids)", { ids: visible.map((t) => t.id) });
    return orderMemories(qb, sort).take(limit).getMany();
  }

  /** The memories of each timeline (newest memory_date first); a timeline the viewer may not see has none. */
  async byTimelineIds(viewer: Viewer, timelineIds: readonly string[]): Promise<Memory[][]> {
    const visible = await viewer.visibleTimelineIds([...timelineIds]);
    const rows = visible.size ? await this.repo.findBy({ timelineId: In([...visible]) }) : [];
    const groups = new Map<string, Memory[]>(timelineIds.map((id) => [id, []]));
    for (const m of rows) groups.get(m.timelineId)?.push(m);
    return timelineIds.map((id) => groups.get(id)!.sort(compareMemories));
  }

  /** How many memories each timeline has; 0 for a timeline the viewer may not see. */
  async countsByTimelineIds(viewer: Viewer, timelineIds: readonly string[]): Promise<number[]> {
    const visible = await viewer.visibleTimelineIds([...timelineIds]);
    const rows: { timeline_id: string; n: string }[] = visible.size
      ? await this.ds.query(
          `SELECT timeline_id, count(*) AS n FROM memories WHERE timeline_id = ANY($1::uuid[]) GROUP BY timeline_id`,
          [[...visible]],
        )
      : [];
    const counts = new Map(rows.map((r) => [r.timeline_id, Number(r.n)]));
    return timelineIds.map((id) => counts.get(id) ?? 0);
  }
}
