import type { MaybePromise } from "../../lib/maybe-promise.js";
import type { PresentDeps } from "../../present-deps.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import type { User } from "../../entities/user.entity.js";
import type { Notification } from "../../entities/notification.entity.js";
import type { TimelineStatus } from "../../entities/timeline.enums.js";
import type { PrivacyRequestState } from "../../entities/notification.enums.js";
import {
  messageOf,
  messageText,
  peopleNamedBy,
  privacyRequestState,
  proposalStatusFrom,
  proposalStatusOf,
} from "./notification-message.js";

/**
 * A notification's derived fields; GraphQL and REST both present through it. The rows the notice
 * list read with the notices in this request (the actor; the timeline, once it passed the policy
 * in this request) answer at once, without a loader round (docs/decisions/028-fast-graphql-path.md);
 * anything else goes through the request's loaders, which check the policy.
 */
export class NotificationPresenter {
  constructor(private readonly d: PresentDeps) {}

  /** Built when read, from the current names (docs/decisions/022-grouped-updates.md). */
  message(n: Notification): MaybePromise<string> {
    const t = this.knownTimeline(n);
    if (t !== undefined) {
      const known = this.d.viewer().known.users;
      if (peopleNamedBy(n, t).every((id) => known.has(id))) return messageText(n, t, (id) => known.get(id) ?? null);
    }
    return messageOf(n, this.d.loaders);
  }

  relatedUser(n: Notification): MaybePromise<User | null> {
    if (!n.relatedUserId) return null;
    return this.d.viewer().known.users.get(n.relatedUserId) ?? this.d.loaders.userById.load(n.relatedUserId);
  }

  /** A privacy_request: OPEN offers Accept and Decline; otherwise what became of it (docs/decisions/026-two-keys-privacy.md). */
  privacyRequestState(n: Notification): PrivacyRequestState | null {
    return privacyRequestState(n);
  }

  /** A timeline_proposal, to its invitee only: pending, accepted or rejected (docs/decisions/046-proposal-outcome-on-the-notice.md). */
  proposalStatus(n: Notification): MaybePromise<TimelineStatus | null> {
    const t = this.knownTimeline(n);
    return t !== undefined ? proposalStatusFrom(n, t) : proposalStatusOf(n, this.d.loaders);
  }

  /**
   * The notice's timeline when this request already has it and it passed the policy in this
   * request (null: the notice names none); undefined when the loaders must be asked.
   */
  private knownTimeline(n: Notification): Timeline | null | undefined {
    return n.relatedTimelineId ? this.d.viewer().knownVisibleTimeline(n.relatedTimelineId) : null;
  }
}
