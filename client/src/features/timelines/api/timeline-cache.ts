import type { ApolloCache, Reference } from "@apollo/client";
import { evictMemoryDependentLists, timelineCacheId } from "../../../lib/cache-updates";

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
      timelines(existing: readonly Reference[] = [], { toReference }) {
        const ref = toReference(cacheId);
        if (!ref || existing.some((item) => item.__ref === ref.__ref)) return existing;
        return [ref, ...existing];
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
      timelines(existing: readonly Reference[] = []) {
        return existing.filter((item) => item.__ref !== cacheId);
      },
    },
  });
  if (cacheId) cache.evict({ id: cacheId });
  evictMemoryDependentLists(cache);
  cache.evict({ id: "ROOT_QUERY", fieldName: "userTimelines" });
  cache.gc();
}
