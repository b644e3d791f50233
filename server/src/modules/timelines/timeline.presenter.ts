import type { PresentDeps } from "../../present-deps.js";
import { isParticipant } from "../access/access.service.js";
import { collaboratorSeenBy, invitedEmailSeenBy } from "../access/disclosure.js";
import type { User } from "../../entities/user.entity.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../entities/timeline.enums.js";

/** A timeline's derived fields as one viewer sees them; GraphQL and REST both present through it. */
export class TimelinePresenter {
  constructor(private readonly d: PresentDeps) {}

  private get viewerId(): string | null {
    return this.d.viewer().userId;
  }

  createdBy(t: Timeline): Promise<User | null> {
    return this.d.loaders.userById.load(t.createdById);
  }

  /** The collaborator's account id as the viewer may learn it (null: none, or a sealed proposal). */
  collaboratorId(t: Timeline): string | null {
    return collaboratorSeenBy(this.viewerId, t);
  }

  async collaborator(t: Timeline): Promise<User | null> {
    const id = this.collaboratorId(t);
    return id ? this.d.loaders.userById.load(id) : null;
  }

  /** The invited address, under the one rule of docs/decisions/032-who-may-learn-whom.md. */
  collaboratorEmail(t: Timeline): Promise<string | null> {
    return invitedEmailSeenBy(this.d.viewer(), t);
  }

  /** Up to 3 signed thumb URLs, newest first. */
  previewImages(t: Timeline): string[] {
    return [...(t.previewMediaIds ?? [])].reverse().map((id) => this.d.media.signedUrl(id, "thumb"));
  }

  memoryCount(t: Timeline): Promise<number> {
    return this.d.loaders.memoryCountByTimelineId.load(t.id);
  }

  isParticipant(t: Timeline): boolean {
    return isParticipant(this.viewerId, t);
  }

  /** The viewer is the invitee of a pending proposal. */
  canRespond(t: Timeline): boolean {
    const viewerId = this.viewerId;
    return !!viewerId && t.status === TimelineStatus.PENDING && t.collaboratorId === viewerId;
  }

  // ---- a wider tier waiting for consent: the two participants only (docs/decisions/026-two-keys-privacy.md)

  pendingPrivacy(t: Timeline): Privacy | null {
    return this.isParticipant(t) ? t.pendingPrivacy : null;
  }

  async privacyRequestedBy(t: Timeline): Promise<User | null> {
    if (!this.pendingPrivacy(t) || !t.privacyRequestedById) return null;
    return this.d.loaders.userById.load(t.privacyRequestedById);
  }

  privacyRequestedAt(t: Timeline): Date | null {
    return this.pendingPrivacy(t) ? t.privacyRequestedAt : null;
  }
}
