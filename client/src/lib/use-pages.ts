import { useCallback, useRef, useState } from "react";

/** A Relay connection as the generated documents select it (docs/decisions/024-paged-reads.md). */
export interface ConnectionLike<N> {
  edges: readonly { node: N }[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/** The nodes of a connection, in its order; none while it is not loaded. */
export function nodesOf<N>(connection: ConnectionLike<N> | null | undefined): N[] {
  return connection ? connection.edges.map((edge) => edge.node) : [];
}

export interface Pages<N> {
  /** every node of the pages read so far */
  items: N[];
  /** more pages follow */
  hasMore: boolean;
  /** reads the next page (once at a time; nothing when there is none) */
  loadMore: () => void;
  /** a next page is on its way */
  loadingMore: boolean;
  /** the last next-page read failed; `loadMore` tries again */
  loadMoreFailed: boolean;
}

/**
 * Paging over a connection of a query: `fetchMore` reads the page after the last cursor, and
 * the type policy (lib/apollo-client.ts) appends it to the cached list, so every screen showing
 * the list grows with it.
 */
export function usePages<N>(
  connection: ConnectionLike<N> | null | undefined,
  fetchMore: (after: string) => Promise<unknown>,
): Pages<N> {
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreFailed, setLoadMoreFailed] = useState(false);
  const busy = useRef(false);
  const hasMore = Boolean(connection?.pageInfo.hasNextPage && connection.pageInfo.endCursor);
  const endCursor = connection?.pageInfo.endCursor ?? null;

  const loadMore = useCallback(() => {
    if (busy.current || !hasMore || !endCursor) return;
    busy.current = true;
    setLoadingMore(true);
    setLoadMoreFailed(false);
    fetchMore(endCursor)
      .catch(() => setLoadMoreFailed(true))
      .finally(() => {
        busy.current = false;
        setLoadingMore(false);
      });
  }, [fetchMore, hasMore, endCursor]);

  return { items: nodesOf(connection), hasMore, loadMore, loadingMore, loadMoreFailed };
}
