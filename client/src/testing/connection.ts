/**
 * A Relay connection answer for mocked queries (docs/decisions/024-paged-reads.md): each node in an
 * edge with a cursor, and the page info.
 */
export function connectionOf<N>(
  typename: string,
  nodes: readonly N[],
  { hasNextPage = false, cursorPrefix = "c" }: { hasNextPage?: boolean; cursorPrefix?: string } = {},
) {
  return {
    __typename: `${typename}Connection` as const,
    edges: nodes.map((node, i) => ({
      __typename: `${typename}Edge` as const,
      cursor: `${cursorPrefix}${i + 1}`,
      node,
    })),
    pageInfo: {
      __typename: "PageInfo" as const,
      hasNextPage,
      endCursor: nodes.length ? `${cursorPrefix}${nodes.length}` : null,
    },
  };
}
