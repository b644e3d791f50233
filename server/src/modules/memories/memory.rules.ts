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
