import { isParticipant } from "../access/access.service.js";
import type { Memory } from "../../entities/memory.entity.js";
import type { Timeline } from "../../entities/timeline.entity.js";

/** docs/product.md §6: the memory's creator, the timeline's creator or its collaborator. */
export function canEditMemory(
  viewerId: string | null,
  memory: Pick<Memory, "createdById">,
  timeline: Pick<Timeline, "createdById" | "collaboratorId">,
): boolean {
  return !!viewerId && (memory.createdById === viewerId || isParticipant(viewerId, timeline));
}

/** The refusal of a change to the creator's own words by anyone else (docs/decisions/037-each-voice-its-authors.md). */
export const CREATOR_WORDS_ONLY = "Only the person who added this memory can change why it matters to them";

/**
 * The creator's "Why this moment matters" is theirs alone, as the partner's note is the partner's
 * (docs/decisions/037-each-voice-its-authors.md): only the memory's creator writes `meaning`.
 */
export function canWriteMeaning(viewerId: string | null, memory: Pick<Memory, "createdById">): boolean {
  return !!viewerId && memory.createdById === viewerId;
}
