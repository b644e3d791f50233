import type { Request } from "express";
import type { Loaders } from "../graphql/loaders.js";
import { isParticipant, type Viewer } from "../modules/access/access.service.js";
import { viewerFor } from "../modules/access/request-viewer.js";
import { canEditMemory } from "../modules/memories/memory.service.js";
import type { Memory } from "../modules/memories/memory.entity.js";
import { canWritePartnerMeaning, partnerSeenBy } from "../modules/memories/partner-note.js";
import type { Notification } from "../modules/notifications/notification.entity.js";
import { messageOf, privacyRequestState, proposalStatusOf } from "../modules/notifications/notification-message.js";
import type { RelationshipEdge } from "../modules/relationships/relationship.service.js";
import type { Timeline } from "../modules/timelines/timeline.entity.js";
import { TimelineStatus } from "../modules/timelines/timeline.enums.js";
import type { User } from "../modules/users/user.entity.js";
import type { Services } from "../services.js";

/**
 * The REST façade's shapes (docs/product.md §3, docs/decisions/008-api-shapes.md): snake_case, both `_id` and `id`, populated
 * users, e-mail addresses only where docs/decisions/003-privacy-tiers.md allows. One presenter per request; relations load
 * through per-request DataLoaders so a list costs the same number of statements as one item.
 */
export class Presenter {
  readonly loaders: Loaders;

  constructor(
    private readonly services: Services,
    readonly viewer: Viewer,
  ) {
    this.loaders = services.loaders(() => viewer);
  }

  private async emailOf(user: Pick<User, "id" | "email">): Promise<string | null> {
    return (await this.viewer.mayRevealEmail(user.id)) ? user.email : null;
  }

  async user(u: User) {
    return {
      _id: u.id,
      id: u.id,
      email: await this.emailOf(u),
      username: u.username,
      display_name: u.displayName,
      full_name: u.fullName,
      bio: u.bio,
      profile_photo: u.profilePhotoId ? this.services.media.signedUrl(u.profilePhotoId, "thumb") : null,
      created_at: u.createdAt.toISOString(),
      created_date: u.createdAt.toISOString(),
    };
  }

  users(list: User[]) {
    return Promise.all(list.map((u) => this.user(u)));
  }

  private async userById(id: string | null) {
    if (!id) return null;
    const u = await this.loaders.userById.load(id);
    return u ? this.user(u) : null;
  }

  async timeline(t: Timeline) {
    const collaboratorId = this.services.timelines.collaboratorIdFor(this.viewer, t);
    const [createdByUser, collaboratorUser, memoryCount, collaboratorEmail] = await Promise.all([
      this.userById(t.createdById),
      this.userById(collaboratorId),
      this.loaders.memoryCountByTimelineId.load(t.id),
      this.services.timelines.collaboratorEmailFor(this.viewer, t),
    ]);
    return {
      _id: t.id,
      id: t.id,
      title: t.title,
      status: t.status,
      is_active: t.isActive,
      privacy: t.privacy,
      /** the creator's e-mail (docs/product.md §3), where docs/decisions/003-privacy-tiers.md allows */
      created_by: createdByUser?.email ?? null,
      created_by_id: t.createdById,
      collaborator_id: collaboratorId,
      collaborator_email: collaboratorEmail,
      created_by_user: createdByUser,
      collaborator_user: collaboratorUser,
      /** the other participant deleted their account: show "Former member" (docs/decisions/023-export-and-deletion.md) */
      former_member: t.formerMember,
      ...(await this.privacyRequest(t)),
      last_activity: t.lastActivity.toISOString(),
      preview_images: [...(t.previewMediaIds ?? [])].reverse().map((id) => this.services.media.signedUrl(id, "thumb")),
      memory_count: memoryCount,
      is_participant: isParticipant(this.viewer.userId, t),
      can_respond:
        t.status === TimelineStatus.PENDING && !!this.viewer.userId && t.collaboratorId === this.viewer.userId,
      created_at: t.createdAt.toISOString(),
      created_date: t.createdAt.toISOString(),
    };
  }

  /** A wider tier waiting for consent, for the two participants only (docs/decisions/026-two-keys-privacy.md). */
  private async privacyRequest(t: Timeline) {
    const shown = isParticipant(this.viewer.userId, t) && !!t.pendingPrivacy;
    return {
      pending_privacy: shown ? t.pendingPrivacy : null,
      privacy_requested_by_id: shown ? t.privacyRequestedById : null,
      privacy_requested_by_user: shown ? await this.userById(t.privacyRequestedById) : null,
      privacy_requested_at: shown ? (t.privacyRequestedAt?.toISOString() ?? null) : null,
    };
  }

  timelines(list: Timeline[]) {
    return Promise.all(list.map((t) => this.timeline(t)));
  }

  async memory(m: Memory) {
    const [media, timeline, createdByUser] = await Promise.all([
      this.loaders.mediaById.load(m.mediaId),
      this.loaders.timelineById.load(m.timelineId),
      this.userById(m.createdById),
    ]);
    const partnerUser = await this.userById(timeline ? partnerSeenBy(this.viewer.userId, m, timeline) : null);
    const urls = media ? this.services.media.urlsFor(media) : null;
    return {
      _id: m.id,
      id: m.id,
      timeline_id: m.timelineId,
      media_id: m.mediaId,
      media_public_id: m.mediaId,
      media_url: urls?.url ?? null,
      media_thumb_url: urls?.thumbUrl ?? null,
      media_poster_url: urls?.posterUrl ?? null,
      media_type: media?.type ?? null,
      media_format: media?.format ?? null,
      media_width: media?.width ?? null,
      media_height: media?.height ?? null,
      media_bytes: media?.bytes ?? null,
      position: m.position,
      caption: m.caption,
      location: m.location,
      memory_date: m.memoryDate,
      meaning: m.meaning,
      /** the other participant's own note, and who they are (docs/decisions/027-two-voices.md) */
      partner_meaning: m.partnerMeaning,
      partner_user: partnerUser,
      can_write_partner_meaning: !!timeline && canWritePartnerMeaning(this.viewer.userId, m, timeline),
      created_by_id: m.createdById,
      created_by_email: createdByUser?.email ?? null,
      created_by_user: createdByUser,
      can_edit: !!timeline && canEditMemory(this.viewer.userId, m, timeline),
      created_at: m.createdAt.toISOString(),
      created_date: m.createdAt.toISOString(),
    };
  }

  memories(list: Memory[]) {
    return Promise.all(list.map((m) => this.memory(m)));
  }

  async notification(n: Notification) {
    const [related, message, proposalStatus] = await Promise.all([
      this.userById(n.relatedUserId),
      messageOf(n, this.loaders),
      proposalStatusOf(n, this.loaders),
    ]);
    return {
      _id: n.id,
      id: n.id,
      type: n.type,
      message,
      is_read: n.isRead,
      createdAt: n.createdAt.toISOString(),
      created_at: n.createdAt.toISOString(),
      created_date: n.createdAt.toISOString(),
      /** populated (docs/product.md §3): username, email (where allowed), profile_photo */
      related_user_id: related,
      related_timeline_id: n.relatedTimelineId,
      action_url: n.actionUrl,
      /** privacy_* notices: the tier, and whether a request still waits (docs/decisions/026-two-keys-privacy.md) */
      privacy: n.privacy,
      privacy_request_state: privacyRequestState(n),
      /** a timeline_proposal, to its invitee: pending, accepted or rejected (docs/decisions/029-first-load-and-shell.md) */
      proposal_status: proposalStatus,
    };
  }

  notifications(list: Notification[]) {
    return Promise.all(list.map((n) => this.notification(n)));
  }

  /**
   * docs/product.md §3 "User relationship": `otherUser` is an identifier string: the e-mail where docs/decisions/003-privacy-tiers.md
   * allows, else the username (both open /app/public-profile); `other_user` is the populated user.
   */
  async relationship(r: RelationshipEdge) {
    const other = await this.userById(r.otherUserId);
    return {
      otherUser: other?.email ?? other?.username ?? null,
      other_user: other,
      memoryCount: r.memoryCount,
      isActive: r.isActive,
      timelineTitle: r.timelineTitle,
    };
  }

  relationships(list: RelationshipEdge[]) {
    return Promise.all(list.map((r) => this.relationship(r)));
  }
}

/** The per-request viewer and presenter of a REST call. */
export function restContext(req: Request, services: Services): { viewer: Viewer; present: Presenter } {
  const viewer = viewerFor(req, req.userId ?? null, services.access);
  return { viewer, present: new Presenter(services, viewer) };
}

/** `_id` or `id` string, or an object holding one (docs/product.md §3 timeline_id). */
export function idOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    const v = value as { _id?: unknown; id?: unknown };
    if (typeof v._id === "string") return v._id;
    if (typeof v.id === "string") return v.id;
  }
  return undefined;
}
