import type { PresentDeps } from "../../present-deps.js";
import type { User } from "../../entities/user.entity.js";
import type { Notification } from "../../entities/notification.entity.js";
import type { TimelineStatus } from "../../entities/timeline.enums.js";
import type { PrivacyRequestState } from "../../entities/notification.enums.js";
import { messageOf, privacyRequestState, proposalStatusOf } from "./notification-message.js";

/**
 * A notification's derived fields; GraphQL and REST both present through it. Everything loads
 * through the request's loaders, which check the policy and which the notice list has primed with
 * the actor and the timeline it read with each notice (docs/decisions/038-one-request-cache.md).
 */
export class NotificationPresenter {
  constructor(private readonly d: PresentDeps) {}

  /** Built when read, from the current names (docs/decisions/022-grouped-updates.md). */
  message(n: Notification): Promise<string> {
    return messageOf(n, this.d.loaders);
  }

  async relatedUser(n: Notification): Promise<User | null> {
    return n.relatedUserId ? this.d.loaders.userById.load(n.relatedUserId) : null;
  }

  /** A privacy_request: OPEN offers Accept and Decline; otherwise what became of it (docs/decisions/026-two-keys-privacy.md). */
  privacyRequestState(n: Notification): PrivacyRequestState | null {
    return privacyRequestState(n);
  }

  /** A timeline_proposal, to its invitee only: pending, accepted or rejected (docs/decisions/046-proposal-outcome-on-the-notice.md). */
  proposalStatus(n: Notification): Promise<TimelineStatus | null> {
    return proposalStatusOf(n, this.d.loaders);
  }
}
