import { skipToken } from "@apollo/client/react";
import { useTimelinesQuery, useViewTimelineQuery } from "../../../gql/graphql";
import { usePages } from "../../../lib/use-pages";

/**
 * The caller's timelines in pages of 30, most recent activity first (docs/decisions/024-paged-reads.md):
 * `items` grows by a page at each `loadMore`.
 */
export function useTimelinePages() {
  const query = useTimelinesQuery({ fetchPolicy: "cache-and-network" });
  const pages = usePages(query.data?.timelines, (after) => query.fetchMore({ variables: { after } }));
  return { ...pages, data: query.data, loading: query.loading, error: query.error };
}

/** One timeline with its memories in pages of 30, newest memory first (View Timeline). */
export function useViewTimeline(id: string) {
  const query = useViewTimelineQuery(id ? { variables: { id }, fetchPolicy: "cache-and-network" } : skipToken);
  const memories = usePages(query.data?.timeline?.memories, (after) => query.fetchMore({ variables: { id, after } }));
  return { data: query.data, loading: query.loading, error: query.error, memories };
}
