import type { ApolloCache } from "@apollo/client";
import { aMemory } from "../../features/memories/testing/memory-mocks";
import { aTimeline, noPrivacyRequest } from "../../features/timelines/testing/timeline-mocks";
import { ViewTimelineDocument } from "../../gql/graphql";
import { connectionOf } from "../../testing/connection";

/** Timeline t-1 as View Timeline reads it, with `memories` (one page) and any field overridden. */
export function viewedTimeline(memories: ReturnType<typeof aMemory>[], overrides: Record<string, unknown> = {}) {
  return {
    ...aTimeline(),
    canRespond: false,
    ...noPrivacyRequest,
    isParticipant: true,
    memoryCount: memories.length,
    memoryMonths: [],
    memories: connectionOf("Memory", memories),
    ...overrides,
  };
}

/**
 * Puts timeline t-1, as View Timeline has read it, with `memories` in the cache: what a screen that
 * adds or deletes a memory must then update without a refetch (docs/decisions/005-timeline-and-memory-screens.md).
 */
export function cacheViewedTimeline(cache: ApolloCache, memories: ReturnType<typeof aMemory>[]): void {
  cache.writeQuery({
    query: ViewTimelineDocument,
    variables: { id: "t-1" },
    data: { timeline: viewedTimeline(memories) as never },
  });
}
