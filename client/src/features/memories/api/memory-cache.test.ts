import { InMemoryCache } from "@apollo/client";
import { describe, expect, it } from "vitest";
import {
  PublicTimelineDetailDocument,
  TimelineMemory_MemoryFragmentDoc,
  ViewTimelineDocument,
} from "../../../gql/graphql";
import { typePolicies } from "../../../lib/apollo-client";
import { connectionOf } from "../../../testing/connection";
import { aMemory } from "../testing/memory-mocks";
import { placeMemoryInTimeline, removeMemoryFromCache } from "./memory-cache";

/**
 * Cache updates on paged memory lists (docs/decisions/024-paged-reads.md): a new memory joins the
 * pages read so far at its place in each cached order, or waits for a later page.
 */
function cacheWith(dates: (string | null)[], hasNextPage: boolean) {
  const cache = new InMemoryCache({ typePolicies });
  const memories = dates.map((memoryDate, i) =>
    aMemory({ id: `m-${i}`, memoryDate, createdAt: `2024-06-0${i + 1}T00:00:00.000Z` }),
  );
  cache.writeQuery({
    query: ViewTimelineDocument,
    variables: { id: "t-1" },
    data: {
      timeline: {
        __typename: "Timeline",
        id: "t-1",
        title: "T",
        privacy: "PRIVATE",
        status: "ACCEPTED",
        isParticipant: true,
        memoryCount: dates.length,
        memoryMonths: [],
        canRespond: false,
        formerMember: false,
        pendingPrivacy: null,
        privacyRequestedAt: null,
        privacyRequestedBy: null,
        collaboratorEmail: null,
        createdBy: {
          __typename: "User",
          id: "u-1",
          username: "ada",
          displayName: "Ada",
          fullName: null,
          email: null,
          profilePhotoUrl: null,
        },
        collaborator: null,
        memories: connectionOf("Memory", memories, { hasNextPage }),
      } as never,
    },
  });
  return cache;
}

const ids = (cache: InMemoryCache) =>
  cache
    .readQuery({ query: ViewTimelineDocument, variables: { id: "t-1" } })
    ?.timeline?.memories.edges.map((e) => e.node.id);

function add(cache: InMemoryCache, id: string, memoryDate: string | null) {
  cache.writeFragment({
    id: cache.identify({ __typename: "Memory", id })!,
    fragment: TimelineMemory_MemoryFragmentDoc,
    fragmentName: "TimelineMemory_memory",
    data: aMemory({ id, memoryDate, createdAt: "2024-07-01T00:00:00.000Z" }),
  });
  placeMemoryInTimeline(cache, { id, timelineId: "t-1" });
}

describe("placeMemoryInTimeline on a paged list", () => {
  it("puts the memory at its place among the pages read, newest first", () => {
    const cache = cacheWith(["2024-05-01", "2024-03-01", "2024-01-01"], true);
    add(cache, "new", "2024-04-01");
    expect(ids(cache)).toEqual(["m-0", "new", "m-1", "m-2"]);
  });

  it("leaves a memory older than every page read for a later page, but adds it when the list is complete", () => {
    const paged = cacheWith(["2024-05-01", "2024-03-01"], true);
    add(paged, "old", "2020-01-01");
    expect(ids(paged)).toEqual(["m-0", "m-1"]);
    const complete = cacheWith(["2024-05-01", "2024-03-01"], false);
    add(complete, "old", "2020-01-01");
    expect(ids(complete)).toEqual(["m-0", "m-1", "old"]);
  });

  it("keeps the oldest-first list of the public profile in its own order", () => {
    const cache = cacheWith(["2024-05-01"], false);
    cache.writeQuery({
      query: PublicTimelineDetailDocument,
      variables: { id: "t-1" },
      data: {
        timeline: {
          __typename: "Timeline",
          id: "t-1",
          title: "T",
          memoryCount: 2,
          memoryMonths: [],
          memories: connectionOf("Memory", [
            aMemory({ id: "a", memoryDate: null }),
            aMemory({ id: "b", memoryDate: "2024-02-01" }),
          ]),
        } as never,
      },
    });
    add(cache, "new", "2024-01-01");
    const oldest = cache.readQuery({ query: PublicTimelineDetailDocument, variables: { id: "t-1" } });
    expect(oldest?.timeline?.memories.edges.map((e) => e.node.id)).toEqual(["a", "new", "b"]);
  });

  it("removeMemoryFromCache takes it out of every page and counts one less", () => {
    const cache = cacheWith(["2024-05-01", "2024-03-01"], true);
    removeMemoryFromCache(cache, "m-0", "t-1");
    expect(ids(cache)).toEqual(["m-1"]);
    expect(cache.readQuery({ query: ViewTimelineDocument, variables: { id: "t-1" } })?.timeline?.memoryCount).toBe(1);
  });
});
