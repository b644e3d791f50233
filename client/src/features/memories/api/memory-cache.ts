import type { ApolloCache, Reference } from "@apollo/client";
import {
  clientEdge,
  evictMemoryDependentLists,
  isConnection,
  moveTimelineToTop,
  timelineCacheId,
  withoutNode,
  type CachedField,
} from "../../../lib/cache-updates";
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
 * After createMemory / updateMemory: the memory is in its timeline's list, in date order, in each
 * order the list is cached in (newest first; oldest first on the public profile). A memory that
 * sorts after the pages read so far is left for a later page. Its fields, and the timeline's
 * count, last activity and previews, arrive normalised with the mutation's answer.
 */
export function placeMemoryInTimeline(cache: ApolloCache, memory: { id: string; timelineId: string }): void {
  const timelineId = timelineCacheId(cache, memory.timelineId);
  const memoryId = cache.identify({ __typename: "Memory", id: memory.id });
  if (!timelineId || !memoryId) return;
  cache.modify({
    id: timelineId,
    fields: {
      memories(existing: CachedField, { toReference, readField, storeFieldName }) {
        const ref = toReference(memoryId);
        if (!ref || !isConnection(existing)) return existing;
        const newestFirst = compareMemories(readField as ReadField);
        const order = storeFieldName.includes("OLDEST_FIRST")
          ? (a: Reference, b: Reference) => newestFirst(b, a)
          : newestFirst;
        const edge = existing.edges.find((item) => item.node.__ref === ref.__ref) ?? clientEdge("Memory", ref);
        const others = existing.edges.filter((item) => item.node.__ref !== ref.__ref);
        const index = others.findIndex((item) => order(ref, item.node) < 0);
        if (index === -1 && existing.pageInfo?.hasNextPage) return { ...existing, edges: others };
        const at = index === -1 ? others.length : index;
        return { ...existing, edges: [...others.slice(0, at), edge, ...others.slice(at)] };
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
        memories(existing: CachedField) {
          return withoutNode(existing, memoryCacheId);
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
