import { conflict, forbidden, notFound, unauthenticated } from "../../lib/errors.js";
import { collaboratorSeenBy } from "../access/disclosure.js";
import type { Viewer } from "../access/access.service.js";
import type { UserReads } from "../users/user.reads.js";
import { nameOf } from "../users/user.rules.js";
import type { TimelineReads } from "./timeline.reads.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import { TimelineStatus } from "../../entities/timeline.enums.js";

/**
 * The proposal a reminder or an invite link is for: the caller's own, still waiting for an answer
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md). Refusals follow the writes' rule:
 * NOT_FOUND when the caller may not see the timeline, FORBIDDEN when they see it but did not
 * propose it, CONFLICT once it is answered.
 */
export async function creatorsWaitingProposal(timelines: TimelineReads, viewer: Viewer, id: string): Promise<Timeline> {
  if (!viewer.userId) throw unauthenticated();
  const t = await timelines.visible(viewer, id);
  if (!t) throw notFound("Timeline not found");
  if (t.createdById !== viewer.userId) throw forbidden("Only the person who proposed this timeline can do this");
  if (t.status !== TimelineStatus.PENDING) throw conflict("This timeline proposal has already been answered");
  return t;
}

/**
 * The invitee as their proposer may name them: the account's name when the proposer may learn it
 * (docs/decisions/032-who-may-learn-whom.md), otherwise the invited address's local part, as the
 * waiting page shows it.
 */
export async function inviteeNameFor(users: UserReads, viewer: Viewer, t: Timeline): Promise<string> {
  const id = collaboratorSeenBy(viewer.userId, t);
  const user = id ? await users.byId(viewer, id) : null;
  return user ? nameOf(user) : t.collaboratorEmail.split("@")[0] || t.collaboratorEmail;
}
