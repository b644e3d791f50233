import type { DataSource } from "typeorm";
import { compareKeys, pageOf, type KeysetOrder, type KeyValue, type Page, type PageRequest } from "../../db/keyset.js";
import { Memory } from "../../entities/memory.entity.js";
import { memoryOrder, type MemorySort } from "./memory-order.js";
import { isUuid, type Viewer } from "../access/access.service.js";
import { MemoryRows } from "./memory-rows.js";
import { mayViewMemoryTier, memoryFloors, memoryVisibleSql, type MemoryFloor } from "../access/memory-tiers.js";
import type { TimelineReads } from "../timelines/timeline.reads.js";

/** One timeline's page, as the `Timeline.memories` loader asks for it. */
export interface TimelinePageRequest extends PageRequest {
  timelineId: string;
  sort: MemorySort;
}

/**
 * Reads of `memories`: a memory is visible when its timeline is (docs/decisions/003-privacy-tiers.md)
 * and the viewer is within reach of its effective tier, the narrower of its own and its timeline's
 * (docs/decisions/052-memory-privacy.md, `access/memory-tiers.ts`); every read here checks both
 * for the viewer, in the SQL of lists and counts.
 */
export class MemoryReads {
  private readonly rows: MemoryRows;

  constructor(
    private readonly ds: DataSource,
    private readonly timelines: TimelineReads,
  ) {
    this.rows = new MemoryRows(ds);
  }

  private get repo() {
    return this.ds.getRepository(Memory);
  }

  /** A memory when the viewer may see it under its effective tier; else null. */
  async visible(viewer: Viewer, id: string): Promise<Memory | null> {
    if (!viewer.signedIn || !isUuid(id)) return null;
    const memory = await this.repo.findOneBy({ id });
    if (!memory) return null;
    const floors = await memoryFloors(viewer, [memory.timelineId]);
    return mayViewMemoryTier(floors.get(memory.timelineId), memory.privacy) ? memory : null;
  }

  /** Of these memories (id, timeline, own tier), the ids the viewer may see (the `/media` check). */
  async visibleAmong(
    viewer: Viewer,
    memories: readonly Pick<Memory, "id" | "timelineId" | "privacy">[],
  ): Promise<Set<string>> {
    const floors = await memoryFloors(viewer, [...new Set(memories.map((m) => m.timelineId))]);
    return new Set(memories.filter((m) => mayViewMemoryTier(floors.get(m.timelineId), m.privacy)).map((m) => m.id));
  }

  /**
   * "On this day" (docs/decisions/035-presence.md): memories of the viewer's own timelines (they are
   * one of its two people; declined proposals left out) dated this month and day in an earlier
   * year, newest year first, each with its timeline.
   */
  async onThisDay(viewer: Viewer, date: { year: number; month: number; day: number }, limit = 20): Promise<Memory[]> {
    if (!viewer.userId) return [];
    return this.repo
      .createQueryBuilder("m")
      .innerJoinAndSelect("m.timeline", "t")
      .where(`(t."created_by_id" = :me OR t."collaborator_id" = :me)`, { me: viewer.userId })
      .andWhere(`t."status" <> 'rejected'`)
      .andWhere(`EXTRACT(MONTH FROM m."memory_date") = :month AND EXTRACT(DAY FROM m."memory_date") = :day`, date)
      .andWhere(`EXTRACT(YEAR FROM m."memory_date") < :year`, date)
      .orderBy(`m."memory_date"`, "DESC")
      .addOrderBy(`m."id"`)
      .limit(limit)
      .getMany();
  }

  /** The memories of these timelines (all visible to the viewer) after a key, with media and authors. */
  private async keysetRead(
    viewer: Viewer,
    timelineIds: readonly string[],
    order: KeysetOrder<Memory>,
    after: KeyValue[] | null,
    perTimeline: number,
    total?: number,
  ): Promise<Memory[]> {
    if (!timelineIds.length) return [];
    const floors = await memoryFloors(viewer, timelineIds);
    const ids = timelineIds.filter((id) => floors.has(id));
    const levels = ids.map((id) => floors.get(id)!);
    const rows = await this.rows.keysetRead(viewer, ids, levels, order, after, perTimeline, total);
    return rows.sort((a, b) => compareKeys(order, order.key(a), order.key(b)));
  }

  /**
   * A page of each timeline's memories (the `Timeline.memories` loader): one statement per
   * distinct (order, size, cursor) in the batch, so a list of timelines asking the same page costs
   * one statement. A timeline the viewer may not see has an empty page.
   */
  async pagesByTimelineIds(viewer: Viewer, requests: readonly TimelinePageRequest[]): Promise<Page<Memory>[]> {
    const visible = await viewer.visibleTimelineIds(requests.map((r) => r.timelineId));
    const argsOf = (r: TimelinePageRequest) => JSON.stringify([r.sort, r.size, r.after]);
    const groups = new Map<string, TimelinePageRequest[]>();
    for (const r of requests) {
      if (visible.has(r.timelineId)) groups.set(argsOf(r), [...(groups.get(argsOf(r)) ?? []), r]);
    }
    const rowsOf = new Map<string, Memory[]>();
    for (const [args, group] of groups) {
      const { sort, size, after } = group[0]!;
      const ids = group.map((r) => r.timelineId);
      for (const m of await this.keysetRead(viewer, ids, memoryOrder(sort), after, size + 1)) {
        const k = `${m.timelineId}|${args}`;
        rowsOf.set(k, [...(rowsOf.get(k) ?? []), m]);
      }
    }
    return requests.map((r) => pageOf(memoryOrder(r.sort), rowsOf.get(`${r.timelineId}|${argsOf(r)}`) ?? [], r.size));
  }

  /** A page of one timeline's memories, or null when the viewer may not see the timeline. */
  async pageOfTimeline(
    viewer: Viewer,
    timelineId: string,
    sort: MemorySort,
    req: PageRequest,
  ): Promise<Page<Memory> | null> {
    // the whole row with its people (not only its access facts): the memories' fields need it next
    if (!(await this.timelines.visible(viewer, timelineId))) return null;
    const order = memoryOrder(sort);
    return pageOf(order, await this.keysetRead(viewer, [timelineId], order, req.after, req.size + 1), req.size);
  }

  /**
   * A page of a person's memories the viewer may see: those of every timeline the person is in
   * (declined proposals left out) that passes the policy, merged in the order.
   */
  async pageOfPerson(viewer: Viewer, personId: string, sort: MemorySort, req: PageRequest): Promise<Page<Memory>> {
    const order = memoryOrder(sort);
    const visible = await this.timelines.visibleIdsOfPerson(viewer, personId, "not-rejected");
    const rows = await this.keysetRead(viewer, visible, order, req.after, req.size + 1, req.size + 1);
    return pageOf(order, rows, req.size);
  }

  /** How many memories `pageOfPerson` lists in all. */
  async countOfPerson(viewer: Viewer, personId: string): Promise<number> {
    const visible = await this.timelines.visibleIdsOfPerson(viewer, personId, "not-rejected");
    return (await this.countsByTimelineIds(viewer, visible)).reduce((a, b) => a + b, 0);
  }

  /**
   * How many memories each month of each timeline holds, in the default order (newest month
   * first, undated last: ./memory-order.ts), so the strip can mark months and years it has not
   * read yet. None for a timeline the viewer may not see.
   */
  async monthsByTimelineIds(
    viewer: Viewer,
    timelineIds: readonly string[],
  ): Promise<{ month: string | null; count: number }[][]> {
    const floors = await memoryFloors(viewer, timelineIds);
    const rows: { timeline_id: string; month: string | null; n: number }[] = floors.size
      ? await this.ds.query(
          `SELECT m.timeline_id, to_char(m.memory_date, 'YYYY-MM') AS month, count(*)::int AS n
             FROM unnest($1::uuid[], $2::int[]) AS tl(id, floor) JOIN memories m ON m.timeline_id = tl.id
            WHERE ${memoryVisibleSql("m", "tl.floor")}
            GROUP BY m.timeline_id, month ORDER BY m.timeline_id, month DESC NULLS LAST`,
          floorParams(floors),
        )
      : [];
    const months = new Map<string, { month: string | null; count: number }[]>();
    for (const r of rows)
      months.set(r.timeline_id, [...(months.get(r.timeline_id) ?? []), { month: r.month, count: r.n }]);
    return timelineIds.map((id) => months.get(id) ?? []);
  }

  /** How many memories of each timeline the viewer may see; 0 for a timeline they may not see. */
  async countsByTimelineIds(viewer: Viewer, timelineIds: readonly string[]): Promise<number[]> {
    const floors = await memoryFloors(viewer, timelineIds);
    const rows: { timeline_id: string; n: string }[] = floors.size
      ? await this.ds.query(
          `SELECT m.timeline_id, count(*) AS n
             FROM unnest($1::uuid[], $2::int[]) AS tl(id, floor) JOIN memories m ON m.timeline_id = tl.id
            WHERE ${memoryVisibleSql("m", "tl.floor")} GROUP BY m.timeline_id`,
          floorParams(floors),
        )
      : [];
    const counts = new Map(rows.map((r) => [r.timeline_id, Number(r.n)]));
    return timelineIds.map((id) => counts.get(id) ?? 0);
  }
}

/** The parameters ($1 timeline ids, $2 their floors) of a read joined to `unnest($1, $2) AS tl(id, floor)`. */
function floorParams(floors: ReadonlyMap<string, MemoryFloor>): [string[], number[]] {
  return [[...floors.keys()], [...floors.values()]];
}
