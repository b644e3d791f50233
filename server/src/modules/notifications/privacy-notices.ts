import type { EntityManager } from "typeorm";
import type { PushEvents } from "../presence/push-port.js";
import type { Clock } from "../../lib/clock.js";
import type { Privacy } from "../../entities/timeline.enums.js";
import type { User } from "../../entities/user.entity.js";
import { Notification } from "../../entities/notification.entity.js";
import { NotificationType, PrivacyRequestResolution } from "../../entities/notification.enums.js";
import {
  memoryPrivacyOutcomeText,
  memoryPrivacyRequestText,
  privacyRequestText,
  privacyOutcomeText,
  proposalWidenedText,
} from "./notification-message.js";

const timelineUrl = (id: string) => `/app/view-timeline?id=${id}`;

interface TimelineRef {
  id: string;
  title: string;
}

/**
 * The notices of a request to widen a timeline's tier (docs/decisions/026-two-keys-privacy.md),
 * written in the transaction of the change: the other participant is asked (Accept / Decline while
 * the request is open), the requester learns the answer. A request that is answered, withdrawn or
 * replaced closes its notice, which then shows the outcome instead of buttons.
 */
export class PrivacyNotices {
  constructor(
    private readonly clock: Clock,
    /** A consent request is pushed (docs/decisions/035-presence.md). */
    private readonly push?: PushEvents,
  ) {}

  /** A new request: any open one on the timeline is replaced; the other participant is asked. */
  async requested(m: EntityManager, t: TimelineRef, requester: User, recipientId: string, privacy: Privacy) {
    await this.close(m, t.id, PrivacyRequestResolution.CANCELLED);
    await m.getRepository(Notification).insert({
      recipientId,
      type: NotificationType.PRIVACY_REQUEST,
      message: privacyRequestText(requester, t.title, privacy),
      relatedUserId: requester.id,
      relatedTimelineId: t.id,
      actionUrl: timelineUrl(t.id),
      privacy,
      createdAt: this.clock.now(),
    });
    await this.push?.record(
      m,
      { recipientId, kind: "consent", timelineId: t.id, actorId: requester.id },
      this.clock.now(),
    );
  }

  /**
   * The creator widened a proposal that waits for its invitee: the invitee's proposal notice is
   * replaced by a new one that names the tier, unread, so what they accept is what they were told
   * (docs/decisions/032-who-may-learn-whom.md).
   */
  async proposalWidened(m: EntityManager, t: TimelineRef, creator: User, inviteeId: string, privacy: Privacy) {
    await m.query(`DELETE FROM notifications WHERE related_timeline_id = $1 AND type = 'timeline_proposal'`, [t.id]);
    await m.getRepository(Notification).insert({
      recipientId: inviteeId,
      type: NotificationType.TIMELINE_PROPOSAL,
      message: proposalWidenedText(creator, t.title, privacy),
      relatedUserId: creator.id,
      relatedTimelineId: t.id,
      actionUrl: "/app/updates",
      privacy,
      createdAt: this.clock.now(),
    });
  }

  /** The open request of a timeline, if any, is closed (and read: it no longer waits for anything). */
  async close(m: EntityManager, timelineId: string, resolution: PrivacyRequestResolution): Promise<void> {
    await m.query(
      `UPDATE notifications SET resolution = $2, is_read = true
        WHERE related_timeline_id = $1 AND type = 'privacy_request' AND resolution IS NULL
          AND related_memory_id IS NULL`,
      [timelineId, resolution],
    );
  }

  /** The other participant answered: the request closes and the requester is told, gently. */
  async answered(
    m: EntityManager,
    t: TimelineRef,
    answerer: User,
    requesterId: string,
    privacy: Privacy,
    accepted: boolean,
  ): Promise<void> {
    await this.close(m, t.id, accepted ? PrivacyRequestResolution.ACCEPTED : PrivacyRequestResolution.DECLINED);
    await m.getRepository(Notification).insert({
      recipientId: requesterId,
      type: accepted ? NotificationType.PRIVACY_ACCEPTED : NotificationType.PRIVACY_DECLINED,
      message: privacyOutcomeText(answerer, t.title, privacy, accepted),
      relatedUserId: answerer.id,
      relatedTimelineId: t.id,
      actionUrl: timelineUrl(t.id),
      privacy,
      createdAt: this.clock.now(),
    });
  }

  // ---- a memory's tier (docs/decisions/052-memory-privacy.md): the same notices, carrying the memory

  /** A request to widen a memory: any open one on the memory is replaced; the other participant is asked. */
  async memoryRequested(
    m: EntityManager,
    t: TimelineRef,
    memoryId: string,
    requester: User,
    recipientId: string,
    privacy: Privacy,
  ) {
    await this.closeMemory(m, memoryId, PrivacyRequestResolution.CANCELLED);
    await m.getRepository(Notification).insert({
      recipientId,
      type: NotificationType.PRIVACY_REQUEST,
      message: memoryPrivacyRequestText(requester, t.title, privacy),
      relatedUserId: requester.id,
      relatedTimelineId: t.id,
      relatedMemoryId: memoryId,
      actionUrl: "/app/updates",
      privacy,
      createdAt: this.clock.now(),
    });
    await this.push?.record(
      m,
      { recipientId, kind: "consent", timelineId: t.id, actorId: requester.id },
      this.clock.now(),
    );
  }

  /** The open request of a memory, if any, is closed (and read). */
  async closeMemory(m: EntityManager, memoryId: string, resolution: PrivacyRequestResolution): Promise<void> {
    await m.query(
      `UPDATE notifications SET resolution = $2, is_read = true
        WHERE related_memory_id = $1 AND type = 'privacy_request' AND resolution IS NULL`,
      [memoryId, resolution],
    );
  }

  /** The open requests of these memories are closed as cancelled (their timeline narrowed below them). */
  async closeMemories(m: EntityManager, memoryIds: readonly string[]): Promise<void> {
    if (!memoryIds.length) return;
    await m.query(
      `UPDATE notifications SET resolution = $2, is_read = true
        WHERE related_memory_id = ANY($1::uuid[]) AND type = 'privacy_request' AND resolution IS NULL`,
      [[...memoryIds], PrivacyRequestResolution.CANCELLED],
    );
  }

  /** The other participant answered a memory's request: it closes and the requester is told. */
  async memoryAnswered(
    m: EntityManager,
    t: TimelineRef,
    memoryId: string,
    answerer: User,
    requesterId: string,
    privacy: Privacy,
    accepted: boolean,
  ): Promise<void> {
    await this.closeMemory(
      m,
      memoryId,
      accepted ? PrivacyRequestResolution.ACCEPTED : PrivacyRequestResolution.DECLINED,
    );
    await m.getRepository(Notification).insert({
      recipientId: requesterId,
      type: accepted ? NotificationType.PRIVACY_ACCEPTED : NotificationType.PRIVACY_DECLINED,
      message: memoryPrivacyOutcomeText(answerer, t.title, privacy, accepted),
      relatedUserId: answerer.id,
      relatedTimelineId: t.id,
      relatedMemoryId: memoryId,
      actionUrl: timelineUrl(t.id),
      privacy,
      createdAt: this.clock.now(),
    });
  }
}
