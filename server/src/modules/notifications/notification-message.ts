import { clipText } from "../../lib/text-rules.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import type { Privacy, TimelineStatus } from "../../entities/timeline.enums.js";
import type { User } from "../../entities/user.entity.js";
import { nameOf } from "../users/user.rules.js";
import type { Notification } from "../../entities/notification.entity.js";
import { NotificationType, PrivacyRequestState } from "../../entities/notification.enums.js";

/** What the text of a notice is built from, as the recipient sees it now. */
export interface MessageFacts {
  userById: { load(id: string): Promise<User | null> };
  timelineById: { load(id: string): Promise<Timeline | null> };
}

/** The gentle notice to a memory's creator when the other person adds their note (docs/decisions/027-two-voices.md). */
export const partnerNoteText = (who: string, title: string) =>
  clipText(`${who} added their note to your memory in "${title}"`, 500);
/** The other person changed one's caption, place, date or media (docs/decisions/037-each-voice-its-authors.md). */
export const memoryEditedText = (who: string, title: string) =>
  clipText(`${who} edited your memory in "${title}"`, 500);

/** The other person deleted one's memory. */
export const memoryDeletedText = (who: string, title: string) =>
  clipText(`${who} deleted one of your memories from "${title}"`, 500);
type Named = Pick<User, "displayName" | "username"> | null | undefined;

/** The other participant is asked to widen the tier (docs/decisions/026-two-keys-privacy.md). */
export function privacyRequestText(who: Named, title: string, privacy: Privacy | null): string {
  return clipText(`${nameOf(who)} would like to make "${title}" ${privacy ?? "wider"}`, 500);
}

/** The creator widened a proposal before it was answered: the invitee is asked again, with the tier. */
export function proposalWidenedText(who: Named, title: string, privacy: Privacy): string {
  return clipText(`${nameOf(who)} changed the invitation to share "${title}": it would be ${privacy}`, 500);
}

/** The requester learns the answer, gently. */
export function privacyOutcomeText(who: Named, title: string, privacy: Privacy | null, accepted: boolean): string {
  const text = accepted
    ? `${nameOf(who)} agreed: "${title}" is now ${privacy ?? "wider"}`
    : `${nameOf(who)} would rather not make "${title}" ${privacy ?? "wider"} for now`;
  return clipText(text, 500);
}

/** The invitee of a proposal that was withdrawn (deleted while pending) is told (docs/decisions/032-who-may-learn-whom.md). */
export function withdrawnText(who: Named, title: string): string {
  return clipText(`${nameOf(who)} withdrew the invitation to share "${title}"`, 500);
}

/** The other participant is asked to widen a memory's tier (docs/decisions/052-memory-privacy.md). */
export function memoryPrivacyRequestText(who: Named, title: string, privacy: Privacy | null): string {
  return clipText(`${nameOf(who)} would like to make a memory in "${title}" ${privacy ?? "wider"}`, 500);
}

/** The requester learns the answer about a memory's tier. */
export function memoryPrivacyOutcomeText(
  who: Named,
  title: string,
  privacy: Privacy | null,
  accepted: boolean,
): string {
  const tier = privacy ?? "wider";
  return clipText(
    accepted
      ? `${nameOf(who)} agreed: a memory in "${title}" is now ${tier}`
      : `${nameOf(who)} would rather not make a memory in "${title}" ${tier} for now`,
    500,
  );
}

/** A privacy_request notice: OPEN (Accept / Decline) until answered, withdrawn or replaced. */
export function privacyRequestState(n: Pick<Notification, "type" | "resolution">): PrivacyRequestState | null {
  if (n.type !== NotificationType.PRIVACY_REQUEST) return null;
  return (n.resolution as unknown as PrivacyRequestState | null) ?? PrivacyRequestState.OPEN;
}

/**
 * What became of the proposal a timeline_proposal notice is about (pending, accepted, rejected),
 * told only to that proposal's invitee: the notice's recipient must still be the timeline's
 * collaborator (docs/decisions/046-proposal-outcome-on-the-notice.md). `t` is the
 * notice's timeline as the recipient may see it now (null: none, or not visible to them).
 */
export function proposalStatusFrom(
  n: Pick<Notification, "type" | "relatedTimelineId" | "recipientId">,
  t: Pick<Timeline, "collaboratorId" | "status"> | null,
): TimelineStatus | null {
  if (n.type !== NotificationType.TIMELINE_PROPOSAL || !n.relatedTimelineId) return null;
  return t && t.collaboratorId === n.recipientId ? t.status : null;
}

/**
 * `proposalStatusFrom` with the timeline read through the request's loaders (the access-aware
 * read layer). The timeline is the one the notice list already read with the notice, so this
 * costs no statement.
 */
export async function proposalStatusOf(
  n: Pick<Notification, "type" | "relatedTimelineId" | "recipientId">,
  facts: Pick<MessageFacts, "timelineById">,
): Promise<TimelineStatus | null> {
  if (n.type !== NotificationType.TIMELINE_PROPOSAL || !n.relatedTimelineId) return null;
  return proposalStatusFrom(n, await facts.timelineById.load(n.relatedTimelineId));
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * The people a notice's text names: its actor, and for timeline_created the
 * timeline's two people (the pair it announces). `t` is the notice's timeline (null: none).
 */
export function peopleNamedBy(n: Pick<Notification, "type" | "relatedUserId">, t: Timeline | null): string[] {
  if (n.type === NotificationType.TIMELINE_WITHDRAWN) return n.relatedUserId ? [n.relatedUserId] : [];
  if (!t) return [];
  if (n.type === NotificationType.TIMELINE_CREATED)
    return t.collaboratorId ? [t.createdById, t.collaboratorId] : [t.createdById];
  return n.relatedUserId ? [n.relatedUserId] : [];
}

/**
 * A notice's text, built when it is read from the actor's and the timeline's current names, so a
 * renamed person or timeline shows the new name (docs/decisions/022-grouped-updates.md). The
 * wording is that of docs/decisions/007-notifications.md; a grouped memory_added notice counts
 * ("Tomás added 5 memories to "Trips""), a single one keeps "added a new memory". Types without a
 * template, or a notice whose timeline the recipient no longer sees (`t` null), keep their stored
 * text. `person` answers the rows of `peopleNamedBy` (null: no such person).
 */
export function messageText(n: Notification, t: Timeline | null, person: (id: string) => User | null): string {
  // the one notice that outlives its timeline: built from the title it kept
  if (n.type === NotificationType.TIMELINE_WITHDRAWN && n.timelineTitle !== null)
    return withdrawnText(n.relatedUserId ? person(n.relatedUserId) : null, n.timelineTitle);
  if (!t) return n.message;
  const actor = n.relatedUserId ? person(n.relatedUserId) : null;
  const who = nameOf(actor);
  const title = t.title;
  const count = Math.max(1, n.count ?? 1);
  let text: string;
  switch (n.type) {
    case NotificationType.TIMELINE_PROPOSAL:
      // a proposal notice names its tier only when the creator widened it (privacy-notices.ts)
      if (n.privacy) return proposalWidenedText(actor, title, n.privacy);
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
    case NotificationType.PARTNER_NOTE_ADDED:
      return partnerNoteText(who, title);
    case NotificationType.MEMORY_EDITED:
      return memoryEditedText(who, title);
    case NotificationType.MEMORY_DELETED:
      return memoryDeletedText(who, title);
    case NotificationType.PHOTOS_UPLOADED:
      text = `${who} added ${count} new ${plural(count, "photo", "photos")} to "${title}"`;
      break;
    case NotificationType.TIMELINE_CREATED: {
      const creator = person(t.createdById);
      const collaborator = t.collaboratorId ? person(t.collaboratorId) : null;
      const pair = collaborator ? `${nameOf(creator)} and ${nameOf(collaborator)}` : nameOf(creator);
      text = `${pair} started a new timeline, "${title}"`;
      break;
    }
    case NotificationType.PRIVACY_REQUEST:
      if (n.relatedMemoryId) return memoryPrivacyRequestText(actor, title, n.privacy);
      return privacyRequestText(actor, title, n.privacy);
    case NotificationType.PRIVACY_ACCEPTED:
    case NotificationType.PRIVACY_DECLINED:
      if (n.relatedMemoryId)
        return memoryPrivacyOutcomeText(actor, title, n.privacy, n.type === NotificationType.PRIVACY_ACCEPTED);
      return privacyOutcomeText(actor, title, n.privacy, n.type === NotificationType.PRIVACY_ACCEPTED);
    default:
      return n.message;
  }
  return clipText(text, 500);
}

/** `messageText` with the timeline and the people read through the request's loaders (the access-aware read layer). */
export async function messageOf(n: Notification, facts: MessageFacts): Promise<string> {
  const t = n.relatedTimelineId ? await facts.timelineById.load(n.relatedTimelineId) : null;
  const ids = peopleNamedBy(n, t);
  const people = await Promise.all(ids.map((id) => facts.userById.load(id)));
  const byId = new Map(ids.map((id, i) => [id, people[i] ?? null]));
  return messageText(n, t, (id) => byId.get(id) ?? null);
}
