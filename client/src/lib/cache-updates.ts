import type { ApolloCache, Reference } from "@apollo/client";

/**
 * Cache updates that both timeline and memory mutations make (features/timelines and
 * features/memories): the order of the caller's timeline list and the root lists that depend on
 * memories.
 */

export function timelineCacheId(cache: ApolloCache, id: string): string | undefined {
  return cache.identify({ __typename: "Timeline", id });
}

/** Moves a timeline to the top of the list after activity (its lastActivity is now the newest). */
export function moveTimelineToTop(cache: ApolloCache, timelineId: string): void {
  const cacheId = timelineCacheId(cache, timelineId);
  if (!cacheId) return;
  cache.modify({
    id: "ROOT_QUERY",
    fields: {
      timelines(existing: readonly Reference[] = []) {
        const index = existing.findIndex((item) => item.__ref === cacheId);
        if (index <= 0) return existing;
        return [existing[index]!, ...existing.slice(0, index), ...existing.slice(index + 1)];
      },
    },
  });
}

/** Root fields whose answers depend on memories (and so change when one is added or removed). */
export function evictMemoryDependentLists(cache: ApolloCache): void {
  for (const fieldName of ["profileMemories", "relationships"]) {
    cache.evict({ id: "ROOT_QUERY", fieldName });
  }
}
