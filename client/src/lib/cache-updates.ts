import type { ApolloCache, Reference } from "@apollo/client";

/**
 * Cache updates that both timeline and memory mutations make (features/timelines and
 * features/memories): the order of the caller's timeline list and the root lists that depend on
 * memories. Lists are cached as Relay connections (docs/decisions/024-paged-reads.md): the
 * helpers below change their `edges` and keep the rest (`pageInfo` stays the server's, so the
 * next page is still read after the last cursor the server gave).
 */

/** A connection as relayStylePagination keeps it in the cache. */
export interface CachedConnection {
  edges: readonly CachedEdge[];
  pageInfo?: { hasNextPage?: boolean; endCursor?: string | null };
  [extra: string]: unknown;
}

export interface CachedEdge {
  __typename?: string;
  cursor?: string;
  node: Reference;
}

/** A connection field's cached value, as `cache.modify` hands it to a modifier. */
export type CachedField = CachedConnection | Reference;

/** Is this cached value a connection (and not, say, a list cached before paging)? */
export function isConnection(value: unknown): value is CachedConnection {
  return typeof value === "object" && value !== null && Array.isArray((value as CachedConnection).edges);
}

/** A new edge for a node the client placed itself: no cursor (the server's cursors stay in pageInfo). */
export function clientEdge(typename: string, node: Reference): CachedEdge {
  return { __typename: `${typename}Edge`, cursor: "", node };
}

/** The connection with its edges changed by `change`; anything that is not a connection as it is. */
export function withEdges<T>(existing: T, change: (edges: readonly CachedEdge[]) => readonly CachedEdge[]): T {
  if (!isConnection(existing)) return existing;
  return { ...existing, edges: change(existing.edges) };
}

/** The connection without the edges of this node. */
export function withoutNode<T>(existing: T, cacheId: string | undefined): T {
  return withEdges(existing, (edges) => edges.filter((edge) => edge.node.__ref !== cacheId));
}

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
      timelines(existing: CachedField) {
        return withEdges(existing, (edges) => {
          const index = edges.findIndex((edge) => edge.node.__ref === cacheId);
          if (index <= 0) return edges;
          return [edges[index]!, ...edges.slice(0, index), ...edges.slice(index + 1)];
        });
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
