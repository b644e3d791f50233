import { PARTNER_MEANING_MAX } from "@keepsake/contract";
import { badInput, forbidden } from "../../lib/errors.js";
import { collaboratorSeenBy } from "../access/disclosure.js";
import { optionalText } from "../../lib/validation.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import { TimelineStatus } from "../../entities/timeline.enums.js";
import type { Memory } from "../../entities/memory.entity.js";

/**
 * Two voices on one memory (docs/decisions/027-two-voices.md): the memory's creator writes
 * `meaning`; the timeline's other participant, its partner, writes `partnerMeaning`, with the
 * same limit and text rules (docs/product.md §9, docs/decisions/017-hostile-input.md).
 */
export { PARTNER_MEANING_MAX };
export const PARTNER_ONLY = "Only the other person of this timeline can write their note on this memory";

/** The participant who did not create the memory; null when there is none (a proposal to an address, a former member). */
export function partnerIdOf(
  memory: Pick<Memory, "createdById">,
  timeline: Pick<Timeline, "createdById" | "collaboratorId">,
): string | null {
  if (memory.createdById === timeline.createdById) return timeline.collaboratorId;
  if (memory.createdById === timeline.collaboratorId) return timeline.createdById;
  return null;
}

/**
 * The partner as `viewerId` may learn them: none while they are the sealed invitee of a pending
 * proposal the viewer made (`collaboratorSeenBy`, docs/decisions/017-hostile-input.md).
 */
export function partnerSeenBy(
  viewerId: string | null,
  memory: Pick<Memory, "createdById">,
  timeline: Pick<Timeline, "createdById" | "collaboratorId" | "collaboratorSealed" | "status">,
): string | null {
  const id = partnerIdOf(memory, timeline);
  return id && id === timeline.collaboratorId ? collaboratorSeenBy(viewerId, timeline) : id;
}

/** Whether this viewer may write the memory's partner note. */
export function canWritePartnerMeaning(
  viewerId: string | null,
  memory: Pick<Memory, "createdById">,
  timeline: Pick<Timeline, "createdById" | "collaboratorId" | "status">,
): boolean {
  return !!viewerId && timeline.status !== TimelineStatus.REJECTED && partnerIdOf(memory, timeline) === viewerId;
}

/**
 * The partner note a write asks for: undefined when not sent; null to clear (an empty or blank
 * text, or null). FORBIDDEN for anyone but the partner, the memory's creator included; a declined
 * proposal takes no new words, as it takes no new memories.
 */
export function parsePartnerMeaning(
  value: unknown,
  viewerId: string | null,
  memory: Pick<Memory, "createdById">,
  timeline: Pick<Timeline, "createdById" | "collaboratorId" | "status">,
): string | null | undefined {
  if (value === undefined) return undefined;
  if (partnerIdOf(memory, timeline) !== viewerId || !viewerId) throw forbidden(PARTNER_ONLY);
  if (timeline.status === TimelineStatus.REJECTED) throw badInput("This timeline proposal was declined");
  const text = optionalText(value, "Partner meaning", PARTNER_MEANING_MAX);
  return text ? text : null;
}
