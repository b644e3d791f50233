import { clipText } from "../../lib/text-rules.js";
import type { Timeline } from "../timelines/timeline.entity.js";
import type { User } from "../users/user.entity.js";
import type { Notification } from "./notification.entity.js";
import { NotificationType } from "./notification.enums.js";

/** The name a message uses for a person. */
export function nameOf(user: Pick<User, "displayName" | "username"> | null | undefined): string {
  return user?.displayName?.trim() || user?.username || "Someone";
}

/** What the text of a notice is built from, as the recipient sees it now. */
export interface MessageFacts {
  userById: { load(id: string): Promise<User | null> };
  timelineById: { load(id: string): Promise<Timeline | null> };
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * A notice's text, built when it is read from the actor's and the timeline's current names, so a
 * renamed person or timeline shows the new name (docs/decisions/022-grouped-updates.md). The
 * wording is that of docs/decisions/007-notifications.md; a grouped memory_added notice counts
 * ("Tomás added 5 memories to "Trips""), a single one keeps "added a new memory". Types without a
 * template, or a notice whose timeline the recipient no longer sees, keep their stored text.
 */
export async function messageOf(n: Notification, facts: MessageFacts): Promise<string> {
  const [actor, t] = await Promise.all([
    n.relatedUserId ? facts.userById.load(n.relatedUserId) : null,
    n.relatedTimelineId ? facts.timelineById.load(n.relatedTimelineId) : null,
  ]);
  if (!t) return n.message;
  const who = nameOf(actor);
  const title = t.title;
  const count = Math.max(1, n.count ?? 1);
  let text: string;
  switch (n.type) {
    case NotificationType.TIMELINE_PROPOSAL:
      text = `${who} invited you to share the timeline "${title}"`;
      break;
    case NotificationType.TIMELINE_ACCEPTED:
      text = `${who} accepted your invitation to share "${title}"`;
      break;
    case NotificationType.TIMELINE_REJECTED:
      text = `${who} declined your invitation to share "${title}"`;
      break;
    case NotificationType.MEMORY_ADDED:
      text = count === 1 ? `${who} added a new memory to "${title}"` : `${who} added ${count} memories to "${title}"`;
      break;
    case NotificationType.PHOTOS_UPLOADED:
      text = `${who} added ${count} new ${plural(count, "photo", "photos")} to "${title}"`;
      break;
    case NotificationType.TIMELINE_CREATED: {
      const [creator, collaborator] = await Promise.all([
        facts.userById.load(t.createdById),
        t.collaboratorId ? facts.userById.load(t.collaboratorId) : null,
      ]);
      const pair = collaborator ? `${nameOf(creator)} and ${nameOf(collaborator)}` : nameOf(creator);
      text = `${pair} started a new timeline, "${title}"`;
      break;
    }
    default:
      return n.message;
  }
  return clipText(text, 500);
}
