import { HIGHLIGHTS_MAX } from "@keepsake/contract";

export { HIGHLIGHTS_MAX };

/** The 400s of a choice of highlights (docs/decisions/053-highlights.md). */
export const HIGHLIGHTS_MESSAGES = {
  notAList: "memory_ids must be a list of memory ids",
  tooMany: `You can feature at most ${HIGHLIGHTS_MAX} memories`,
  duplicate: "Each memory can be featured only once",
  notYours: "You can feature only memories from your own timelines",
} as const;

/**
 * A person's own timelines, as SQL over the timeline alias `t` and the person's parameter: the ones
 * they created (a declined proposal left out) and the ones they accepted as its collaborator.
 */
export function ownTimelineSql(t: string, person: string): string {
  return `((${t}.created_by_id = ${person} AND ${t}.status <> 'rejected')
        OR (${t}.collaborator_id = ${person} AND ${t}.status = 'accepted'))`;
}
