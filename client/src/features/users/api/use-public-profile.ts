import { usePublicTimelineDetailQuery, useUserTimelinesQuery } from "../../../gql/graphql";
import { usePages } from "../../../lib/use-pages";

/** A person's timelines this viewer may see, in pages of 30 (docs/decisions/024-paged-reads.md). */
export function useUserTimelinePages(identifier: string) {
  const query = useUserTimelinesQuery({ variables: { identifier } });
  const pages = usePages(query.data?.userTimelines, (after) => query.fetchMore({ variables: { identifier, after } }));
  return { ...pages, data: query.data, error: query.error };
}

/** A timeline opened from a public profile, its memories oldest first in pages of 30. */
export function usePublicTimelineDetail(id: string) {
  const query = usePublicTimelineDetailQuery({ variables: { id } });
  const memories = usePages(query.data?.timeline?.memories, (after) => query.fetchMore({ variables: { id, after } }));
  return { data: query.data, error: query.error, memories };
}
