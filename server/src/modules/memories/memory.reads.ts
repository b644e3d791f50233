import type { DataSource } from "typeorm";
import { compareKeys, pageOf, type KeysetOrder, type KeyValue, type Page, type PageRequest } from "../../db/keyset.js";
import { Memory } from "../../entities/memory.entity.js";
import { memoryOrder, type MemorySort } from "./memory-order.js";
import { isUuid, type Viewer } from "../access/access.service.js";
import { MemoryRows } from "./memory-rows.js";
import type { TimelineReads } from "../timelines/timeline.reads.js";

/** One timeline's page, as the `Timeline.memories` loader asks for it. */
export interface TimelinePageRequest extends PageRequest {
  timelineId: string;
  sort: MemorySort;
}

/**
 * Reads of `memories`: a memory is visible exactly when its timeline is
 * (docs/decisions/003-privacy-tiers.md); every read here checks that for the viewer.
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

  /** A memory when the viewer may see its timeline; else null. */
  async visible(viewer: Viewer, id: string): Promise<Memory | null> {
    if (!viewer.signedIn || !isUuid(id)) return null;
    const memory = await this.repo.findOneBy({ id });
    if (!memory) return null;
    return (await viewer.canViewTimelineId(memory.timelineId)) ? memory : null;
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
    const rows = await this.rows.keysetRead(viewer, timelineIds, order, after, perTimeline, total);
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
    const visible = await viewer.visibleTimelineIds([...timelineIds]);
    const rows: { timeline_id: string; month: string | null; n: number }[] = visible.size
      ? await this.ds.query(
          `SELECT timeline_id, to_char(memory_date, 'YYYY-MM') AS month, count(*)::int AS n
             FROM memories WHERE timeline_id = ANY($1::uuid[])
            GROUP BY timeline_id, month ORDER BY timeline_id, month DESC NULLS LAST`,
          [[...visible]],
        )
      : [];
    const months = new Map<string, { month: string | null; count: number }[]>();
    for (const r of rows)
      months.set(r.timeline_id, [...(months.get(r.timeline_id) ?? []), { month: r.month, count: r.n }]);
    return timelineIds.map((id) => months.get(id) ?? []);
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
