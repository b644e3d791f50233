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
 * One of a timeline's two people, named by a row about it (who last edited a memory,
 * docs/decisions/037-each-voice-its-authors.md), as `viewerId` may learn them: the creator, or the
 * collaborator as `collaboratorSeenBy` tells; anyone no longer one of the two is not named.
 */
export function participantSeenBy(
  viewerId: string | null | undefined,
  t: Invitation & { createdById: string },
  personId: string | null,
): string | null {
  if (!personId) return null;
  if (personId === t.createdById) return personId;
  return personId === t.collaboratorId ? collaboratorSeenBy(viewerId, t) : null;
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
