import { TimelineStatus } from "../../entities/timeline.enums.js";
import type { Viewer } from "./access.service.js";

/**
 * Who may learn whom (docs/decisions/032-who-may-learn-whom.md): the one place every output asks
 * before it names a person, an address or the size of someone's web. The GraphQL and REST
 * presenters, the data export, the access page, the audience and the notices all go through
 * these functions; none of them decides on its own.
 */

/** What every output shows where a person who deleted their account would be named. */
export const FORMER_MEMBER = "Former member";

type Invitation = { collaboratorId: string | null; collaboratorSealed: boolean; status: TimelineStatus };

/**
 * The collaborator's account as `viewerId` may learn it: the creator of a sealed proposal (made by
 * e-mail to someone they shared nothing with) learns none while it is pending, exactly as for an
 * address without an account (docs/decisions/017-hostile-input.md, "Inviting by e-mail").
 */
export function collaboratorSeenBy(viewerId: string | null | undefined, t: Invitation): string | null {
  if (t.collaboratorSealed && t.status === TimelineStatus.PENDING && t.collaboratorId !== viewerId) return null;
  return t.collaboratorId;
}

/**
 * A person's address: to themself, to people who share an accepted timeline with them, and to
 * whoever looked them up by that exact address in this request (docs/decisions/003-privacy-tiers.md,
 * the e-mail rule). Null for everyone else.
 */
export async function emailSeenBy(viewer: Viewer, person: { id: string; email: string }): Promise<string | null> {
  return (await viewer.mayRevealEmail(person.id)) ? person.email : null;
}

/**
 * The address a timeline's invitation went to: for the two participants only. The invitee sees
 * their own; the creator sees what they typed for an address without an account (or a sealed
 * proposal, which looks the same), and otherwise only under the e-mail rule, so a proposal made
 * by id to someone found by search never tells their address, in any output.
 */
export async function invitedEmailSeenBy(
  viewer: Viewer,
  t: Invitation & { createdById: string; collaboratorEmail: string },
): Promise<string | null> {
  const viewerId = viewer.userId;
  if (!viewerId || (t.createdById !== viewerId && t.collaboratorId !== viewerId)) return null;
  const collaboratorId = collaboratorSeenBy(viewerId, t);
  if (!collaboratorId || collaboratorId === viewerId) return t.collaboratorEmail;
  return (await viewer.mayRevealEmail(collaboratorId)) ? t.collaboratorEmail : null;
}

/**
 * May the viewer learn how many people a person's web reaches (their side of an audience)? Only
 * for themself and for people who share an accepted timeline with them: a person found by search,
 * or invited and not answering yet, has told the viewer nothing about their web.
 */
export async function webSeenBy(viewer: Viewer, personId: string): Promise<boolean> {
  if (!viewer.userId) return false;
  return personId === viewer.userId || (await viewer.sharedPartners()).has(personId);
}

/**
 * The other participant of a timeline whose side of the audience the viewer (a participant) may
 * learn, or null: the invitee of a proposal learns the creator's (who chose to ask them); the
 * creator learns the invitee's only under `webSeenBy` (never for a sealed proposal).
 */
export async function otherSideSeenBy(viewer: Viewer, t: Invitation & { createdById: string }): Promise<string | null> {
  const viewerId = viewer.userId;
  if (!viewerId) return null;
  if (t.collaboratorId === viewerId) return t.createdById;
  const other = collaboratorSeenBy(viewerId, t);
  return other && (await webSeenBy(viewer, other)) ? other : null;
}

/** What a push note may be about: who, which timeline, how many. Nothing else can reach one. */
export interface PushNoteFacts {
  kind: "memories" | "proposal" | "consent";
  /** The actor's display name, or null when they deleted their account (FORMER_MEMBER). */
  actorName: string | null;
  timelineId: string;
  timelineTitle: string;
  /** Memories folded into this note (kind "memories"). */
  count: number;
  /** Further timelines folded into a daily note. */
  otherTimelines?: number;
}

export interface PushNote {
  title: string;
  body: string;
  /** The screen the tapped note opens. */
  url: string;
  /** One note per timeline on the lock screen: a later one replaces the earlier. */
  tag: string;
}

const PUSH_TEXT_MAX = 80;
const clip = (s: string) => {
  const chars = [...s.replace(/\s+/g, " ").trim()];
  return chars.length > PUSH_TEXT_MAX ? `${chars.slice(0, PUSH_TEXT_MAX - 1).join("")}…` : chars.join("");
};

/**
 * The one place a push payload is written (docs/decisions/035-presence.md): a lock screen shows it
 * to whoever holds the phone, so it names only who and which timeline — never a caption, a note,
 * a place, a date or a photo. The facts it takes have no field for any of those.
 */
export function pushNoteOf(f: PushNoteFacts): PushNote {
  const who = clip(f.actorName ?? FORMER_MEMBER);
  const title = clip(f.timelineTitle);
  const url =
    f.kind === "memories"
      ? `/app/view-timeline?id=${encodeURIComponent(f.timelineId)}`
      : f.kind === "proposal"
        ? "/app/updates"
        : `/app/timeline-settings?id=${encodeURIComponent(f.timelineId)}`;
  let body: string;
  if (f.kind === "proposal") body = `${who} invited you to share ${title}`;
  else if (f.kind === "consent") body = `${who} asks to change who can see ${title}`;
  else {
    const what = f.count === 1 ? "a memory" : `${f.count} memories`;
    const more = f.otherTimelines ? ` and ${f.otherTimelines} more timeline${f.otherTimelines === 1 ? "" : "s"}` : "";
    body = `${who} added ${what} to ${title}${more}`;
  }
  return { title: "Keepsake", body, url, tag: `timeline-${f.timelineId}` };
}
