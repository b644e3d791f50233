import { type DataSource, type SelectQueryBuilder } from "typeorm";
import { keysetOrder, pageOf, type KeysetOrder, type Page, type PageRequest } from "../../db/keyset.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { TimelineStatus } from "../../entities/timeline.enums.js";
import { isUuid, type Asker, type Viewer } from "../access/access.service.js";
import { personInTimeline } from "../access/person-timelines.js";
import { memoryCountOf, TimelineRows, type OwnTimelineFilter } from "./timeline-rows.js";

export type { OwnTimelineFilter } from "./timeline-rows.js";

/** Which of a person's timelines a profile read starts from (each is then filtered by the policy). */
export type PersonTimelineScope =
  /** `userTimelines`: accepted and active */
  | "accepted-active"
  /** `profileMemories`: every state except declined proposals */
  | "not-rejected"
  /** the connection web: accepted, with a collaborator account */
  | "accepted-pairs";

/**
 * The order of timeline lists: most recent activity first, then the newest, then the id
 * (docs/decisions/024-paged-reads.md).
 */
export const TIMELINE_ORDER: KeysetOrder<Timeline> = keysetOrder({
  tag: "t-activity",
  direction: "DESC",
  terms: [
    { column: "{a}.last_activity", type: "time" },
    { column: "{a}.created_at", type: "time" },
    { column: "{a}.id", type: "uuid" },
  ],
  key: (t) => [t.lastActivity.toISOString(), t.createdAt.toISOString(), t.id],
});

/**
 * Reads of `timelines`, always for a viewer and through the access policy: a row the viewer may
 * not see is never returned (docs/decisions/003-privacy-tiers.md). Rows read here prime the
 * viewer's facts, so later checks of them in the same request cost no statement.
 */
export class TimelineReads {
  private readonly rows: TimelineRows;

  constructor(private readonly ds: DataSource) {
    this.rows = new TimelineRows(ds);
  }

  private get repo() {
    return this.ds.getRepository(Timeline);
  }

  private seen<T extends Timeline[]>(viewer: Viewer, rows: T): T {
    viewer.primeFacts(rows);
    return rows;
  }

  /**
   * Timelines that passed the policy for this viewer go to the request's loaders with the count
   * read with them (docs/decisions/038-one-request-cache.md).
   */
  private shown<T extends Timeline[]>(viewer: Viewer, rows: T): T {
    const { timelineById, memoryCountByTimelineId } = viewer.loaders;
    for (const t of rows) {
      timelineById.prime(t.id, t);
      const count = memoryCountOf(t);
      if (count !== undefined) memoryCountByTimelineId.prime(t.id, count);
    }
    return rows;
  }

  /** A timeline by id when the viewer may see it; null otherwise (no existence oracle). */
  async visible(viewer: Viewer, id: string): Promise<Timeline | null> {
    if (!viewer.signedIn || !isUuid(id)) return null;
    const [t] = await this.rows.byId(viewer, id); // with its two people (plain rows)
    if (!t) return null;
    this.seen(viewer, [t]);
    if (!(await viewer.canView(t))) return null;
    return this.shown(viewer, [t])[0]!;
  }

  /** A timeline the asker is in (creator or collaborator), e.g. the one they have just created. */
  ownNew(asker: Asker, id: string): Promise<Timeline | null> {
    if (!asker.userId || !isUuid(id)) return Promise.resolve(null);
    return this.repo.findOneBy([
      { id, createdById: asker.userId },
      { id, collaboratorId: asker.userId },
    ]);
  }

  /** Timelines by id, in one statement, keeping only those the viewer may see (relation loaders). */
  async visibleByIds(viewer: Viewer, ids: readonly string[]): Promise<Timeline[]> {
    const valid = ids.filter(isUuid);
    if (!viewer.userId || !valid.length) return [];
    // with their people and the e-mail rule's facts (plain rows, docs/decisions/028-fast-graphql-path.md)
    const rows = this.seen(viewer, await this.rows.byIds(viewer, viewer.userId, valid));
    return this.shown(viewer, await viewer.filterVisible(rows));
  }

  /**
   * A page of the viewer's own timelines (creator or collaborator, declined left out), in
   * TIMELINE_ORDER, read with their people in one statement (plain rows).
   */
  async ownPage(viewer: Viewer, req: PageRequest, filter: OwnTimelineFilter = {}): Promise<Page<Timeline>> {
    if (!viewer.userId) return { items: [], cursors: [], hasNextPage: false };
    if (filter.id !== undefined && !isUuid(filter.id)) return { items: [], cursors: [], hasNextPage: false };
    const rows = await this.rows.own(viewer, viewer.userId, TIMELINE_ORDER, req.after, req.size + 1, filter);
    // the viewer's own timelines: a participant sees them all
    this.shown(viewer, this.seen(viewer, rows));
    return pageOf(TIMELINE_ORDER, rows, req.size);
  }

  /**
   * The ids of a person's timelines in the scope that the viewer may see. Reads only the access
   * facts of each (no titles, no previews), so a page of the person's timelines or memories can
   * then be read by keyset among them.
   */
  async visibleIdsOfPerson(viewer: Viewer, personId: string, scope: PersonTimelineScope): Promise<string[]> {
    if (!viewer.signedIn || !isUuid(personId)) return [];
    const qb = this.scoped(personId, scope).select([
      "t.id",
      "t.status",
      "t.isActive",
      "t.privacy",
      "t.createdById",
      "t.collaboratorId",
    ]);
    const facts = await qb.getMany();
    viewer.primeFacts(facts);
    return (await viewer.filterVisible(facts)).map((t) => t.id);
  }

  /** A page of a person's timelines in the scope that the viewer may see, in TIMELINE_ORDER. */
  async pageOfPerson(
    viewer: Viewer,
    personId: string,
    scope: PersonTimelineScope,
    req: PageRequest,
  ): Promise<Page<Timeline>> {
    const ids = await this.visibleIdsOfPerson(viewer, personId, scope);
    if (!ids.length) return { items: [], cursors: [], hasNextPage: false };
    // only visible ids: the rows (with their people) may go to the request's loaders
    const rows = await this.rows.among(viewer, viewer.userId!, ids, TIMELINE_ORDER, req.after, req.size + 1);
    this.shown(viewer, this.seen(viewer, rows));
    return pageOf(TIMELINE_ORDER, rows, req.size);
  }

  private scoped(personId: string, scope: PersonTimelineScope): SelectQueryBuilder<Timeline> {
    const qb = this.repo.createQueryBuilder("t").where(personInTimeline("t", ":uid"), { uid: personId });
    if (scope === "accepted-active") {
      qb.andWhere("t.status = :accepted AND t.is_active", { accepted: TimelineStatus.ACCEPTED });
    } else if (scope === "accepted-pairs") {
      qb.andWhere("t.status = :accepted AND t.collaborator_id IS NOT NULL", { accepted: TimelineStatus.ACCEPTED });
    } else {
      qb.andWhere("t.status <> :rejected", { rejected: TimelineStatus.REJECTED });
    }
    return qb;
  }

  /**
   * A person's timelines in the given scope that the viewer may see, most recent activity first.
   * The viewer's own are all theirs to see.
   */
  async ofPerson(viewer: Viewer, personId: string, scope: PersonTimelineScope): Promise<Timeline[]> {
    if (!viewer.signedIn) return [];
    const qb = this.scoped(personId, scope);
    const rows = this.seen(
      viewer,
      await qb.orderBy("t.last_activity", "DESC").addOrderBy("t.created_at", "DESC").getMany(),
    );
    return viewer.filterVisible(rows);
  }
}
