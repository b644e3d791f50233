import { Privacy } from "../../entities/timeline.enums.js";
import { isParticipant, TIER_REACH, type Viewer } from "./access.service.js";

/**
 * A memory's own tier (docs/decisions/052-memory-privacy.md): never wider than its timeline's
 * when set, null = the timeline's; what every read obeys is the narrower of the two (the
 * effective tier). The timeline's check (`Viewer.visibleMask`) stays the first gate; this file
 * says, for a timeline the viewer may see, which memory tiers they may see in it, as a "floor"
 * that the SQL reading memories compares each memory's tier with (`memoryVisibleSql`).
 */

/** Narrowest first: widening moves right (docs/product.md §1). */
export const TIER_ORDER: readonly Privacy[] = [Privacy.PRIVATE, Privacy.SEMI_PRIVATE, Privacy.PUBLIC];

/** 1 private, 2 semi-private, 3 public: the ranks of `memoryVisibleSql`. */
export const rankOf = (p: Privacy): number => TIER_ORDER.indexOf(p) + 1;

/** Does `to` widen `from`? */
export const isWider = (from: Privacy, to: Privacy): boolean => rankOf(to) > rankOf(from);

/** The effective tier of a memory: the narrower of its own (null = none) and its timeline's. */
export function effectiveTier(memory: Privacy | null, timeline: Privacy): Privacy {
  return memory && rankOf(memory) < rankOf(timeline) ? memory : timeline;
}

/** Is the memory narrower than its timeline (the strip's and the viewer's lock)? */
export const isNarrowerThanTimeline = (memory: Privacy | null, timeline: Privacy): boolean =>
  !!memory && rankOf(memory) < rankOf(timeline);

/**
 * The narrowest memory tier a viewer may see in a timeline they may see, as a rank: 1 (every
 * memory: a participant), 2 (semi-private and public: within 2 degrees), 3 (public only).
 * A memory is visible when it has no tier of its own or its rank is at least the floor; its
 * timeline passing the policy already covers the timeline's tier, so that is the effective rule.
 */
export type MemoryFloor = 1 | 2 | 3;

/** A memory (its own tier) under a floor. */
export const mayViewMemoryTier = (floor: MemoryFloor | undefined, privacy: Privacy | null): boolean =>
  floor !== undefined && (privacy === null || rankOf(privacy) >= floor);

/**
 * The SQL condition "the memory aliased `m` is visible under `floor`" (an integer expression):
 * the same rule as `mayViewMemoryTier`, so lists, pages and counts agree with reads by id.
 */
export const memoryVisibleSql = (m: string, floor: string): string =>
  `(${m}.privacy IS NULL OR array_position(ARRAY['private','semi-private','public']::timeline_privacy[], ${m}.privacy) >= ${floor})`;

/** What the floors ask of the request's viewer. */
export type MemoryTierViewer = Pick<Viewer, "userId" | "visibleTimelineIds" | "facts" | "reachDistances">;

/**
 * The floor of each timeline the viewer may see (absent: not visible). Costs no statement beyond
 * the timeline's own check: the distance it asks is the one the viewer's search already knows.
 */
export async function memoryFloors(
  viewer: MemoryTierViewer,
  timelineIds: readonly string[],
): Promise<Map<string, MemoryFloor>> {
  const visible = await viewer.visibleTimelineIds([...timelineIds]);
  const out = new Map<string, MemoryFloor>();
  const ids = [...visible];
  const facts = await Promise.all(ids.map((id) => viewer.facts(id)));
  const questions: { id: string; seeds: string[]; maxDepth: number }[] = [];
  ids.forEach((id, i) => {
    const f = facts[i];
    if (!f) return;
    if (isParticipant(viewer.userId, f)) return void out.set(id, 1);
    const seeds = f.collaboratorId ? [f.createdById, f.collaboratorId] : [f.createdById];
    questions.push({ id, seeds, maxDepth: TIER_REACH[f.privacy] });
  });
  if (questions.length) {
    const found = await viewer.reachDistances(questions);
    questions.forEach((q, j) => {
      const d = found[j];
      if (d === null || d === undefined) return;
      out.set(q.id, d <= TIER_REACH[Privacy.SEMI_PRIVATE] ? 2 : 3);
    });
  }
  return out;
}
