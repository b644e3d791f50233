import { AUDIENCE_CAP } from "@keepsake/contract";
import { In, type DataSource } from "typeorm";
import { Timeline } from "../../entities/timeline.entity.js";
import { type Privacy, TimelineStatus } from "../../entities/timeline.enums.js";
import { User } from "../../entities/user.entity.js";
import { isParticipant, isUuid, TIER_REACH, type Viewer } from "../access/access.service.js";
import { otherSideSeenBy } from "../access/disclosure.js";
import type { Expand } from "../access/reach.js";

/** At most this many people are named in an audience (docs/decisions/025-audience-preview.md). */
export const KNOWN_MAX = 10;

/** Past AUDIENCE_CAP people the search stops and the count is AUDIENCE_CAP + 1 (`@keepsake/contract`). */
export { AUDIENCE_CAP };

/** Who a tier would let in, beyond the two people of the timeline. */
export interface Audience {
  /** people other than the participants who could open it under the tier; AUDIENCE_CAP + 1: more than AUDIENCE_CAP */
  count: number;
  /** at most KNOWN_MAX of them who share an accepted, active timeline with the asker, by name */
  known: User[];
}

const NOBODY: Audience = { count: 0, known: [] };

/**
 * The audience of a tier (docs/decisions/025-audience-preview.md): everyone within the tier's reach
 * (`TIER_REACH`) of either participant in the graph of docs/decisions/003-privacy-tiers.md, the same
 * rule `Viewer.visibleMask` applies to every read, found by the same level-by-level search of the
 * graph's edges (`AccessService.expand`, one statement per level), stopped past AUDIENCE_CAP people.
 * Only the participants of a timeline may ask about it; the asker learns names only of people they
 * already share an accepted, active timeline with.
 */
export class AudienceReads {
  constructor(
    private readonly ds: DataSource,
    private readonly expand: Expand,
  ) {}

  /**
   * The audience of a timeline under `privacy`, for one of its participants; null for anyone else
   * and for a missing or malformed id (the caller answers exactly as for a missing timeline).
   * A pending proposal counts as the tier will mean once it is accepted (the pair's own edge does
   * not change who is within reach of either of them); a declined or inactive timeline is seen by
   * nobody else, whatever its tier. The other participant's side counts only where the asker may
   * learn it (`otherSideSeenBy`, docs/decisions/032-who-may-learn-whom.md): the creator of a proposal
   * to someone they share nothing accepted with counts from their own side, a lower bound.
   */
  async ofTimeline(viewer: Viewer, id: string, privacy: Privacy): Promise<Audience | null> {
    if (!viewer.userId || !isUuid(id)) return null;
    const t = await this.ds.getRepository(Timeline).findOneBy({ id });
    if (!t || !isParticipant(viewer.userId, t)) return null;
    if (t.status === TimelineStatus.REJECTED || !t.isActive) return NOBODY;
    const other = await otherSideSeenBy(viewer, t);
    const pair = [t.createdById, t.collaboratorId].filter((p): p is string => !!p);
    return this.reachOf(viewer.userId, other ? [viewer.userId, other] : [viewer.userId], privacy, pair);
  }

  /**
   * The audience of a timeline not created yet, between the asker and `collaboratorId` (null: an
   * address without an account, one the asker may not learn about, or nobody chosen yet: the asker's
   * side only). The service decides which collaborator the asker may name.
   */
  preview(viewer: Viewer, collaboratorId: string | null, privacy: Privacy): Promise<Audience> {
    if (!viewer.userId) return Promise.resolve(NOBODY);
    const seeds = collaboratorId ? [viewer.userId, collaboratorId] : [viewer.userId];
    return this.reachOf(viewer.userId, seeds, privacy, seeds);
  }

  /**
   * Everyone within the tier's reach of `seeds` but the seeds; `known` never names the timeline's two
   * people (`pair`). A participant who is not a seed counts like anyone else, so the answer says
   * nothing about them it would not say without them.
   */
  private async reachOf(askerId: string, seeds: string[], privacy: Privacy, pair: string[]): Promise<Audience> {
    const k = TIER_REACH[privacy];
    if (k === 0) return NOBODY;
    const start = new Set(seeds);
    const reached = new Set(start);
    let partners: string[] = [];
    let frontier = [...start];
    // level by level, each level whole; the asker is a seed, so their partners are the first level's
    for (let level = 0; level < k && frontier.length && reached.size - start.size <= AUDIENCE_CAP; level++) {
      const adjacency = await this.expand(frontier);
      if (level === 0) partners = adjacency.get(askerId) ?? [];
      frontier = [];
      for (const list of adjacency.values())
        for (const id of list)
          if (!reached.has(id)) {
            reached.add(id);
            frontier.push(id);
          }
    }
    const out = new Set(pair);
    const count = Math.min(reached.size - start.size, AUDIENCE_CAP + 1);
    return { count, known: await this.named(partners.filter((id) => !out.has(id))) };
  }

  /** People by name (then id, so the order is stable), at most KNOWN_MAX. */
  private async named(ids: string[]): Promise<User[]> {
    if (!ids.length) return [];
    const users = await this.ds.getRepository(User).findBy({ id: In(ids) });
    const key = (u: User) => (u.displayName || u.username).toLocaleLowerCase("en");
    users.sort((a, b) => key(a).localeCompare(key(b), "en") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return users.slice(0, KNOWN_MAX);
  }
}
