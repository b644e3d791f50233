import type { Request } from "express";
import type { Loaders } from "./loaders.js";
import type { Viewer } from "../modules/access/access.service.js";
import type { MediaFile } from "../entities/media-file.entity.js";
import type { Memory } from "../entities/memory.entity.js";
import type { Notification } from "../entities/notification.entity.js";
import type { RelationshipEdge } from "../modules/relationships/relationship.service.js";
import type { Timeline } from "../entities/timeline.entity.js";
import type { User } from "../entities/user.entity.js";
import { createPresenters, type Presenters } from "./presenters.js";
import type { Services } from "./services.js";
import { requestViewer } from "../http/request-viewer.js";

/**
 * The REST façade's shapes (docs/product.md §3, docs/decisions/008-api-shapes.md): snake_case, both `_id` and `id`, populated
 * users, e-mail addresses only where docs/decisions/003-privacy-tiers.md allows. It only renames: every derived field
 * comes from the type's presenter (`modules/<feature>/<feature>.presenter.ts`), the same one GraphQL uses. One
 * presenter per request; relations load through per-request DataLoaders so a list costs the same number of statements
 * as one item.
 */
export class Presenter {
  private readonly p: Presenters;
  private afterWrite: boolean;

  /**
   * `afterWrite`: the request changes something; what it read before presenting is forgotten once,
   * when it first presents, so a write's result is presented with rows read after the write
   * (docs/decisions/038-one-request-cache.md).
   */
  constructor(
    private readonly services: Services,
    readonly viewer: Viewer,
    afterWrite = false,
  ) {
    this.afterWrite = afterWrite;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getter below reads this presenter's loaders
    const self = this;
    this.p = createPresenters({
      viewer: () => viewer,
      get loaders() {
        return self.loaders;
      },
      media: services.media,
    });
  }

  get loaders(): Loaders {
    if (this.afterWrite) {
      this.afterWrite = false;
      this.viewer.forgetRows();
    }
    return this.services.loaders(this.viewer);
  }

  async user(u: User) {
    return {
      _id: u.id,
      id: u.id,
      email: await this.p.user.email(u),
      username: u.username,
      display_name: u.displayName,
      full_name: u.fullName,
      bio: u.bio,
      profile_photo: this.p.user.profilePhotoUrl(u),
      created_at: u.createdAt.toISOString(),
      created_date: u.createdAt.toISOString(),
    };
  }

  users(list: User[]) {
    return Promise.all(list.map((u) => this.user(u)));
  }

  private async userOrNull(u: Promise<User | null> | User | null) {
    const user = await u;
    return user ? this.user(user) : null;
  }

  async timeline(t: Timeline) {
    const tp = this.p.timeline;
    const [createdByUser, collaboratorUser, memoryCount, collaboratorEmail, requestedBy] = await Promise.all([
      this.userOrNull(tp.createdBy(t)),
      this.userOrNull(tp.collaborator(t)),
      tp.memoryCount(t),
      tp.collaboratorEmail(t),
      this.userOrNull(tp.privacyRequestedBy(t)),
    ]);
    const pendingPrivacy = tp.pendingPrivacy(t);
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
      collaborator_id: tp.collaboratorId(t),
      collaborator_email: collaboratorEmail,
      created_by_user: createdByUser,
      collaborator_user: collaboratorUser,
      /** the other participant deleted their account: show "Former member" (docs/decisions/023-export-and-deletion.md) */
      former_member: t.formerMember,
      /** a wider tier waiting for consent (docs/decisions/026-two-keys-privacy.md) */
      pending_privacy: pendingPrivacy,
      privacy_requested_by_id: pendingPrivacy ? t.privacyRequestedById : null,
      privacy_requested_by_user: requestedBy,
      privacy_requested_at: tp.privacyRequestedAt(t)?.toISOString() ?? null,
      last_activity: t.lastActivity.toISOString(),
      preview_images: tp.previewImages(t),
      memory_count: memoryCount,
      is_participant: tp.isParticipant(t),
      can_respond: tp.canRespond(t),
      created_at: t.createdAt.toISOString(),
      created_date: t.createdAt.toISOString(),
    };
  }

  timelines(list: Timeline[]) {
    return Promise.all(list.map((t) => this.timeline(t)));
  }

  async memory(m: Memory) {
    const mp = this.p.memory;
    const [media, items, createdByUser, partnerUser, editedByUser, canWritePartner, canEdit] = await Promise.all([
      mp.media(m),
      mp.mediaList(m),
      this.userOrNull(mp.createdBy(m)),
      this.userOrNull(mp.partner(m)),
      this.userOrNull(mp.editedBy(m)),
      mp.canWritePartnerMeaning(m),
      mp.canEdit(m),
    ]);
    const tier = await this.memoryTier(m);
    const urls = media ? this.p.media.urls(media) : null;
    return {
      _id: m.id,
      id: m.id,
      timeline_id: m.timelineId,
      media_id: m.mediaId,
      media_public_id: m.mediaId,
      media_url: urls?.url ?? null,
      media_thumb_url: urls?.thumbUrl ?? null,
      media_poster_url: urls?.posterUrl ?? null,
      media_status: media?.status ?? null,
      media_taken_at: media?.takenAt ?? null,
      media_type: media?.type ?? null,
      media_format: media?.format ?? null,
      media_width: media?.width ?? null,
      media_height: media?.height ?? null,
      media_bytes: media?.bytes ?? null,
      /** every photo and video in order, the cover first (docs/decisions/051-several-photos-per-memory.md) */
      media: items.map((f) => this.mediaItem(f)),
      position: m.position,
      caption: m.caption,
      location: m.location,
      memory_date: m.memoryDate,
      meaning: m.meaning,
      /** only the memory's creator writes `meaning` (docs/decisions/037-each-voice-its-authors.md) */
      can_write_meaning: mp.canWriteMeaning(m),
      /** the other participant, when they last changed the caption, place, date or media */
      edited_by_user: editedByUser,
      /** the other participant's own note, and who they are (docs/decisions/027-two-voices.md) */
      partner_meaning: m.partnerMeaning,
      partner_user: partnerUser,
      can_write_partner_meaning: canWritePartner,
      created_by_id: m.createdById,
      created_by_email: createdByUser?.email ?? null,
      created_by_user: createdByUser,
      can_edit: canEdit,
      created_at: m.createdAt.toISOString(),
      created_date: m.createdAt.toISOString(),
      ...tier,
    };
  }

  /** A memory's tier and a request to widen it, for its two participants (docs/decisions/052-memory-privacy.md). */
  private async memoryTier(m: Memory) {
    const pp = this.p.memoryPrivacy;
    const [privacy, effective, narrower, pending, requestedBy, requestedAt] = await Promise.all([
      pp.privacy(m),
      pp.effectivePrivacy(m),
      pp.narrowerThanTimeline(m),
      pp.pendingPrivacy(m),
      this.userOrNull(pp.privacyRequestedBy(m)),
      pp.privacyRequestedAt(m),
    ]);
    return {
      privacy,
      effective_privacy: effective,
      narrower_than_timeline: narrower,
      pending_privacy: pending,
      privacy_requested_by_id: requestedBy?.id ?? null,
      privacy_requested_by_user: requestedBy,
      privacy_requested_at: requestedAt?.toISOString() ?? null,
    };
  }

  /** One of a memory's media in the upload result's names (docs/product.md §7). */
  private mediaItem(f: MediaFile) {
    const urls = this.p.media.urls(f);
    return {
      public_id: f.id,
      url: urls.url,
      type: f.type,
      format: f.format,
      width: f.width,
      height: f.height,
      bytes: f.bytes,
      thumb_url: urls.thumbUrl,
      poster_url: urls.posterUrl,
      status: f.status,
      taken_at: f.takenAt,
    };
  }

  memories(list: Memory[]) {
    return Promise.all(list.map((m) => this.memory(m)));
  }

  async notification(n: Notification) {
    const np = this.p.notification;
    const [related, message, proposalStatus] = await Promise.all([
      this.userOrNull(np.relatedUser(n)),
      np.message(n),
      np.proposalStatus(n),
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
      /** the memory a notice is about (a memory's privacy request is answered on it, docs/decisions/052-memory-privacy.md) */
      related_memory_id: n.relatedMemoryId,
      action_url: n.actionUrl,
      /** privacy_* notices: the tier, and whether a request still waits (docs/decisions/026-two-keys-privacy.md) */
      privacy: n.privacy,
      privacy_request_state: np.privacyRequestState(n),
      /** a timeline_proposal, to its invitee: pending, accepted or rejected (docs/decisions/046-proposal-outcome-on-the-notice.md) */
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
    const other = await this.userOrNull(this.loaders.userById.load(r.otherUserId));
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
  const viewer = requestViewer(req, services);
  const writes = req.method !== "GET" && req.method !== "HEAD";
  return { viewer, present: new Presenter(services, viewer, writes) };
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
