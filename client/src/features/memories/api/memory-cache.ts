import type { ApolloCache, Reference } from "@apollo/client";
import { evictMemoryDependentLists, moveTimelineToTop, timelineCacheId } from "../../../lib/cache-updates";
import { compareNewestFirst } from "../lib/memory-order";

type ReadField = <T>(fieldName: string, from: Reference) => T | undefined;

/** The server's order of a timeline's memories: newest memoryDate first, a missing date last. */
function compareMemories(readField: ReadField) {
  return (a: Reference, b: Reference): number => {
    const byDate = compareNewestFirst(
      readField<string | null>("memoryDate", a),
      readField<string | null>("memoryDate", b),
    );
    if (byDate !== 0) return byDate;
    const createdA = readField<string>("createdAt", a) ?? "";
    const createdB = readField<string>("createdAt", b) ?? "";
    return createdA === createdB ? 0 : createdA < createdB ? 1 : -1;
  };
}

/**
 * After createMemory / updateMemory: the memory is in its timeline's list, in date order. Its
 * fields, and the timeline's count, last activity and previews, arrive normalised with the
 * mutation's answer.
 */
export function placeMemoryInTimeline(cache: ApolloCache, memory: { id: string; timelineId: string }): void {
  const timelineId = timelineCacheId(cache, memory.timelineId);
  const memoryId = cache.identify({ __typename: "Memory", id: memory.id });
  if (!timelineId || !memoryId) return;
  cache.modify({
    id: timelineId,
    fields: {
      memories(existing: readonly Reference[] = [], { toReference, readField }) {
        const ref = toReference(memoryId);
        if (!ref) return existing;
        const others = existing.filter((item) => item.__ref !== ref.__ref);
        return [...others, ref].sort(compareMemories(readField as ReadField));
      },
    },
  });
  moveTimelineToTop(cache, memory.timelineId);
  evictMemoryDependentLists(cache);
}

/** After deleteMemory: out of its timeline (count one less), out of the cache. */
export function removeMemoryFromCache(cache: ApolloCache, memoryId: string, timelineId: string): void {
  const memoryCacheId = cache.identify({ __typename: "Memory", id: memoryId });
  const timelineCacheIdValue = timelineCacheId(cache, timelineId);
  if (timelineCacheIdValue) {
    cache.modify({
      id: timelineCacheIdValue,
      fields: {
        memories(existing: readonly Reference[] = []) {
          return existing.filter((item) => item.__ref !== memoryCacheId);
        },
        memoryCount(count: number) {
          return Math.max(0, count - 1);
        },
      },
    });
    // The previews may have shown this memory; the list loads the timeline's new ones when shown.
    cache.evict({ id: timelineCacheIdValue, fieldName: "previewImages" });
  }
  if (memoryCacheId) cache.evict({ id: memoryCacheId });
  evictMemoryDependentLists(cache);
  cache.gc();
}
