import { useProfileMemoriesQuery } from "../../../gql/graphql";
import { usePages } from "../../../lib/use-pages";

/**
 * A profile's memories (own when `identifier` is null) in pages of 30, newest first
 * (docs/decisions/024-paged-reads.md).
 */
export function useProfileMemoryPages(identifier: string | null, options: { refresh?: boolean } = {}) {
  const query = useProfileMemoriesQuery({
    variables: { identifier },
    ...(options.refresh ? { fetchPolicy: "cache-and-network", nextFetchPolicy: "cache-first" } : {}),
  });
  const pages = usePages(query.data?.profileMemories, (after) => query.fetchMore({ variables: { identifier, after } }));
  return { ...pages, data: query.data, error: query.error };
}
