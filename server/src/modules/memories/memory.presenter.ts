import { andThen, type MaybePromise } from "../../lib/maybe-promise.js";
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
 * A row the read layer already read in this request (the memory's media and author, read with
 * it; its timeline, once it passed the policy) answers at once, without a loader round
 * (docs/decisions/028-fast-graphql-path.md); anything else goes through the request's loaders.
 */
export class MemoryPresenter {
  constructor(private readonly d: PresentDeps) {}

  timeline(m: Memory): MaybePromise<Timeline | null> {
    return this.d.viewer().knownVisibleTimeline(m.timelineId) ?? this.d.loaders.timelineById.load(m.timelineId);
  }

  media(m: Memory): MaybePromise<MediaFile | null> {
    return this.d.viewer().known.media.get(m.mediaId) ?? this.d.loaders.mediaById.load(m.mediaId);
  }

  createdBy(m: Memory): MaybePromise<User | null> {
    return this.user(m.createdById);
  }

  /** The timeline's other participant, who may write the partner note (docs/decisions/027-two-voices.md). */
  partner(m: Memory): MaybePromise<User | null> {
    return andThen(this.timeline(m), (t) => {
      const id = t ? partnerSeenBy(this.d.viewer().userId, m, t) : null;
      return id ? this.user(id) : null;
    });
  }

  /**
   * The other person, when they last changed the creator's caption, place, date or media
   * (docs/decisions/037-each-voice-its-authors.md), as the viewer may learn them.
   */
  editedBy(m: Memory): MaybePromise<User | null> {
    if (!m.editedById) return null;
    return andThen(this.timeline(m), (t) => {
      const id = t ? participantSeenBy(this.d.viewer().userId, t, m.editedById) : null;
      return id ? this.user(id) : null;
    });
  }

  /** Whether the viewer created the memory and so writes its "Why this moment matters". */
  canWriteMeaning(m: Memory): boolean {
    return canWriteMeaning(this.d.viewer().userId, m);
  }

  /** Whether the viewer is the partner and may write the partner note. */
  canWritePartnerMeaning(m: Memory): MaybePromise<boolean> {
    const viewerId = this.d.viewer().userId;
    if (!viewerId || m.createdById === viewerId) return false;
    return andThen(this.timeline(m), (t) => !!t && canWritePartnerMeaning(viewerId, m, t));
  }

  /** The memory's creator or either participant (docs/product.md §6). */
  canEdit(m: Memory): MaybePromise<boolean> {
    const viewerId = this.d.viewer().userId;
    if (!viewerId) return false;
    if (m.createdById === viewerId) return true;
    return andThen(this.timeline(m), (t) => !!t && canEditMemory(viewerId, m, t));
  }

  private user(id: string): MaybePromise<User | null> {
    return this.d.viewer().known.users.get(id) ?? this.d.loaders.userById.load(id);
  }
}
