import type { PresentDeps } from "../../present-deps.js";
import type { MediaFile } from "../../entities/media-file.entity.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import type { User } from "../../entities/user.entity.js";
import type { Memory } from "../../entities/memory.entity.js";
import { participantSeenBy } from "../access/disclosure.js";
import { canEditMemory, canWriteMeaning } from "./memory.rules.js";
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

  /** The cover: position 0 of the memory's media, which `memories.media_id` keeps. */
  media(m: Memory): Promise<MediaFile | null> {
    return this.d.loaders.mediaById.load(m.mediaId);
  }

  /** Every photo and video of the memory in order, the cover first (docs/decisions/051-several-photos-per-memory.md). */
  async mediaList(m: Memory): Promise<MediaFile[]> {
    const ids = await this.d.loaders.mediaIdsByMemoryId.load(m.id);
    const rows = await this.d.loaders.mediaById.loadMany(ids.length ? ids : [m.mediaId]);
    return rows.filter((f): f is MediaFile => !!f && !(f instanceof Error));
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

  /**
   * The other person, when they last changed the creator's caption, place, date or media
   * (docs/decisions/037-each-voice-its-authors.md), as the viewer may learn them.
   */
  async editedBy(m: Memory): Promise<User | null> {
    if (!m.editedById) return null;
    const t = await this.timeline(m);
    const id = t ? participantSeenBy(this.d.viewer().userId, t, m.editedById) : null;
    return id ? this.d.loaders.userById.load(id) : null;
  }

  /** Whether the viewer created the memory and so writes its "Why this moment matters". */
  canWriteMeaning(m: Memory): boolean {
    return canWriteMeaning(this.d.viewer().userId, m);
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
