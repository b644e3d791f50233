import type { PresentDeps } from "../../present-deps.js";
import type { Memory } from "../../entities/memory.entity.js";
import type { Privacy } from "../../entities/timeline.enums.js";
import type { User } from "../../entities/user.entity.js";
import { isParticipant } from "../access/access.service.js";
import { effectiveTier, isNarrowerThanTimeline } from "../access/memory-tiers.js";

/**
 * A memory's tier as one viewer sees it (docs/decisions/052-memory-privacy.md): its own tier and a
 * request to widen it are the two participants' business (null for anyone else, who sees only
 * memories they may); GraphQL and REST both present through it.
 */
export class MemoryPrivacyPresenter {
  constructor(private readonly d: PresentDeps) {}

  private async participant(m: Memory): Promise<boolean> {
    const t = await this.d.loaders.timelineById.load(m.timelineId);
    return !!t && isParticipant(this.d.viewer().userId, t);
  }

  /** The memory's own tier (null: the timeline's); participants only. */
  async privacy(m: Memory): Promise<Privacy | null> {
    return (await this.participant(m)) ? m.privacy : null;
  }

  /** The tier every read obeys, the narrower of its own and its timeline's; participants only. */
  async effectivePrivacy(m: Memory): Promise<Privacy | null> {
    const t = await this.d.loaders.timelineById.load(m.timelineId);
    return t && isParticipant(this.d.viewer().userId, t) ? effectiveTier(m.privacy, t.privacy) : null;
  }

  /** Narrower than its timeline: the strip and the viewer show a lock; participants only. */
  async narrowerThanTimeline(m: Memory): Promise<boolean> {
    const t = await this.d.loaders.timelineById.load(m.timelineId);
    return !!t && isParticipant(this.d.viewer().userId, t) && isNarrowerThanTimeline(m.privacy, t.privacy);
  }

  async pendingPrivacy(m: Memory): Promise<Privacy | null> {
    return (await this.participant(m)) ? m.pendingPrivacy : null;
  }

  async privacyRequestedBy(m: Memory): Promise<User | null> {
    if (!m.pendingPrivacy || !m.privacyRequestedById || !(await this.participant(m))) return null;
    return this.d.loaders.userById.load(m.privacyRequestedById);
  }

  async privacyRequestedAt(m: Memory): Promise<Date | null> {
    return m.pendingPrivacy && (await this.participant(m)) ? m.privacyRequestedAt : null;
  }
}
