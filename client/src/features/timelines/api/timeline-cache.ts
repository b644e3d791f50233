import type { ApolloCache } from "@apollo/client";
import {
  clientEdge,
  evictMemoryDependentLists,
  timelineCacheId,
  withEdges,
  withoutNode,
  type CachedField,
} from "../../../lib/cache-updates";

/**
 * Cache updates after timeline mutations, so lists stay right without refetching everything.
 * Root lists that depend on many timelines (a profile's memories, the connection web, another
 * person's timelines) are evicted instead: the screen that shows them loads them once, next time.
 */

/** A created timeline joins the top of the caller's list (it has the latest activity). */
export function addTimelineToList(cache: ApolloCache, timeline: { id: string }): void {
  const cacheId = timelineCacheId(cache, timeline.id);
  if (!cacheId) return;
  cache.modify({
    id: "ROOT_QUERY",
    fields: {
      timelines(existing: CachedField, { toReference }) {
        const ref = toReference(cacheId);
        if (!ref) return existing;
        return withEdges(existing, (edges) =>
          edges.some((edge) => edge.node.__ref === ref.__ref) ? edges : [clientEdge("Timeline", ref), ...edges],
        );
      },
    },
  });
}

/** After deleteTimeline: the timeline (and with it its memories) leaves every list. */
export function removeTimelineFromCache(cache: ApolloCache, timelineId: string): void {
  const cacheId = timelineCacheId(cache, timelineId);
  cache.modify({
    id: "ROOT_QUERY",
    fields: {
      timelines(existing: CachedField) {
        return withoutNode(existing, cacheId);
      },
    },
  });
  if (cacheId) cache.evict({ id: cacheId });
  evictMemoryDependentLists(cache);
  cache.evict({ id: "ROOT_QUERY", fieldName: "userTimelines" });
  cache.gc();
}
