import type { PresentDeps } from "../../present-deps.js";
import type { MediaFile } from "../../entities/media-file.entity.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import type { User } from "../../entities/user.entity.js";
import type { Memory } from "../../entities/memory.entity.js";
import { canEditMemory } from "./memory.rules.js";
import { canWritePartnerMeaning, partnerSeenBy } from "./partner-note.rules.js";

/**
 * A memory's derived fields as one viewer sees them; GraphQL and REST both present through it.
 * Relations load through the request's loaders, which the read of the memory has already primed
 * with its media, its author and its timeline (docs/decisions/038-one-request-cache.md).
 */
export class MemoryPresenter {
  constructor(private readonly d: PresentDeps) {}

  timeline(m: Memory): Promise<Timeline | null> {
    return this.d.loaders.timelineById.load(m.timelineId);
  }

  media(m: Memory): Promise<MediaFile | null> {
    return this.d.loaders.mediaById.load(m.mediaId);
  }

  createdBy(m: Memory): Promise<User | null> {
    return this.d.loaders.userById.load(m.createdById);
  }

  /** The timeline's other participant, who may write the partner note (docs/decisions/027-two-voices.md). */
  async partner(m: Memory): Promise<User | null> {
    const t = await this.timeline(m);
    const id = t ? partnerSeenBy(this.d.viewer().userId, m, t) : null;
    return id ? this.d.loaders.userById.load(id) : null;
  }

  /** Whether the viewer is the partner and may write the partner note. */
  async canWritePartnerMeaning(m: Memory): Promise<boolean> {
    const viewerId = this.d.viewer().userId;
    if (!viewerId || m.createdById === viewerId) return false;
    const t = await this.timeline(m);
    return !!t && canWritePartnerMeaning(viewerId, m, t);
  }

  /** The memory's creator or either participant (docs/product.md §6). */
  async canEdit(m: Memory): Promise<boolean> {
    const viewerId = this.d.viewer().userId;
    if (!viewerId) return false;
    if (m.createdById === viewerId) return true;
    const t = await this.timeline(m);
    return !!t && canEditMemory(viewerId, m, t);
  }
}
