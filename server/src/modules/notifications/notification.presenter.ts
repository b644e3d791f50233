import type { PresentDeps } from "../../present-deps.js";
import type { User } from "../users/user.entity.js";
import type { Notification } from "./notification.entity.js";
import type { TimelineStatus } from "../timelines/timeline.enums.js";
import type { PrivacyRequestState } from "./notification.enums.js";
import { messageOf, privacyRequestState, proposalStatusOf } from "./notification-message.js";

/** A notification's derived fields; GraphQL and REST both present through it. */
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

  /** A timeline_proposal, to its invitee only: pending, accepted or rejected (docs/decisions/029-first-load-and-shell.md). */
  proposalStatus(n: Notification): Promise<TimelineStatus | null> {
    return proposalStatusOf(n, this.d.loaders);
  }
}
