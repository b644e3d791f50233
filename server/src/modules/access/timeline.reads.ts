import { Brackets, In, type DataSource } from "typeorm";
import { Timeline } from "../timelines/timeline.entity.js";
import { TimelineStatus } from "../timelines/timeline.enums.js";
import { isUuid, type Viewer } from "./access.service.js";
import type { Asker } from "./user.reads.js";

/** Which of a person's timelines a profile read starts from (each is then filtered by the policy). */
export type PersonTimelineScope =
  /** `userTimelines`: accepted and active */
  | "accepted-active"
  /** `profileMemories`: every state except declined proposals */
  | "not-rejected"
  /** the connection web: accepted, with a collaborator account */
  | "accepted-pairs";

/** What the access page may say about a timeline (docs/decisions/003-privacy-tiers.md). */
export interface AccessPageFacts {
  /** the row, only when the viewer may see it */
  visible: Timeline | null;
  privacy: Timeline["privacy"];
  /** the title, only to people within reach of the tier (ignoring its state) */
  title: string | null;
  /** within reach of the tier, ignoring its state */
  withinReach: boolean;
  createdById: string;
  collaboratorId: string | null;
}

/**
 * Reads of `timelines`, always for a viewer and through the access policy: a row the viewer may
 * not see is never returned (docs/decisions/003-privacy-tiers.md). Rows read here prime the
 * viewer's facts, so later checks of them in the same request cost no statement.
 */
export class TimelineReads {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(Timeline);
  }

  private seen<T extends Timeline[]>(viewer: Viewer, rows: T): T {
    viewer.primeFacts(rows);
    return rows;
  }

  /** A timeline by id when the viewer may see it; null otherwise (no existence oracle). */
  async visible(viewer: Viewer, id: string): Promise<Timeline | null> {
    if (!viewer.signedIn || !isUuid(id)) return null;
    const t = await this.repo.findOneBy({ id });
    if (!t) return null;
    this.seen(viewer, [t]);
    return (await viewer.canView(t)) ? t : null;
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
    if (!viewer.signedIn || !valid.length) return [];
    const rows = this.seen(viewer, await this.repo.findBy({ id: In(valid) }));
    return viewer.filterVisible(rows);
  }

  /** The viewer's own timelines (creator or collaborator), most recent activity first; declined ones are left out. */
  async own(viewer: Viewer): Promise<Timeline[]> {
    if (!viewer.userId) return [];
    const rows = await this.repo
      .createQueryBuilder("t")
      .where(new Brackets((w) => w.where("t.created_by_id = :userId").orWhere("t.collaborator_id = :userId")), {
        userId: viewer.userId,
      })
      .andWhere("t.status <> :rejected", { rejected: TimelineStatus.REJECTED })
      .orderBy("t.last_activity", "DESC")
      .addOrderBy("t.created_at", "DESC")
      .getMany();
    return this.seen(viewer, rows);
  }

  /**
   * A person's timelines in the given scope that the viewer may see, most recent activity first.
   * The viewer's own are all theirs to see.
   */
  async ofPerson(viewer: Viewer, personId: string, scope: PersonTimelineScope): Promise<Timeline[]> {
    if (!viewer.signedIn) return [];
    const qb = this.repo
      .createQueryBuilder("t")
      .where(new Brackets((w) => w.where("t.created_by_id = :uid").orWhere("t.collaborator_id = :uid")), {
        uid: personId,
      });
    if (scope === "accepted-active") {
      qb.andWhere("t.status = :accepted AND t.is_active", { accepted: TimelineStatus.ACCEPTED });
    } else if (scope === "accepted-pairs") {
      qb.andWhere("t.status = :accepted AND t.collaborator_id IS NOT NULL", { accepted: TimelineStatus.ACCEPTED });
    } else {
      qb.andWhere("t.status <> :rejected", { rejected: TimelineStatus.REJECTED });
    }
    const rows = this.seen(
      viewer,
      await qb.orderBy("t.last_activity", "DESC").addOrderBy("t.created_at", "DESC").getMany(),
    );
    return viewer.filterVisible(rows);
  }

  /**
   * The access page of a timeline (docs/decisions/003-privacy-tiers.md, "The access page"): null
   * when it does not exist; otherwise its tier, its title only within reach of the tier, and the
   * row itself only when visible.
   */
  async accessPage(viewer: Viewer, id: string): Promise<AccessPageFacts | null> {
    if (!viewer.signedIn || !isUuid(id)) return null;
    const t = await this.repo.findOneBy({ id });
    if (!t) return null;
    this.seen(viewer, [t]);
    const canView = await viewer.canView(t);
    const withinReach = canView || (await viewer.withinTierReach(t));
    return {
      visible: canView ? t : null,
      privacy: t.privacy,
      title: withinReach ? t.title : null,
      withinReach,
      createdById: t.createdById,
      collaboratorId: t.collaboratorId,
    };
  }
}
