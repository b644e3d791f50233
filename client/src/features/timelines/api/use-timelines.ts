import type { WatchQueryFetchPolicy } from "@apollo/client";
import { skipToken } from "@apollo/client/react";
import { useState } from "react";
import { TimelinesDocument, useTimelinesQuery, useViewTimelineQuery, ViewTimelineDocument } from "../../../gql/graphql";
import { takePrefetched } from "../../../lib/prefetched";

const firstPolicy = (prefetched: boolean): WatchQueryFetchPolicy => (prefetched ? "cache-first" : "cache-and-network");
import { usePages } from "../../../lib/use-pages";

/**
 * The caller's timelines in pages of 30, most recent activity first (docs/decisions/024-paged-reads.md):
 * `items` grows by a page at each `loadMore`.
 */
export function useTimelinePages() {
  // right after the route loader's request, the cache (or that request) answers: not asked twice
  const [fetchPolicy] = useState(() => firstPolicy(takePrefetched(TimelinesDocument)));
  const query = useTimelinesQuery({ fetchPolicy });
  const pages = usePages(query.data?.timelines, (after) => query.fetchMore({ variables: { after } }));
  return { ...pages, data: query.data, loading: query.loading, error: query.error };
}

/** One timeline with its memories in pages of 30, newest memory first (View Timeline). */
export function useViewTimeline(id: string) {
  const [fetchPolicy] = useState(() => firstPolicy(!!id && takePrefetched(ViewTimelineDocument, { id })));
  const query = useViewTimelineQuery(id ? { variables: { id }, fetchPolicy } : skipToken);
  const memories = usePages(query.data?.timeline?.memories, (after) => query.fetchMore({ variables: { id, after } }));
  return { data: query.data, loading: query.loading, error: query.error, memories };
}
