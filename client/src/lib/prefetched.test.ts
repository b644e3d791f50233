import { describe, expect, it } from "vitest";
import { TimelinesDocument, ViewTimelineDocument } from "../gql/graphql";
import { markPrefetched, takePrefetched } from "./prefetched";

describe("prefetched (a loader's query is not asked twice)", () => {
  it("is true once for the same query and variables, shortly after the loader started it", () => {
    markPrefetched(ViewTimelineDocument, { id: "t-1" }, 1000);
    expect(takePrefetched(ViewTimelineDocument, { id: "t-2" }, 1500)).toBe(false);
    expect(takePrefetched(TimelinesDocument, undefined, 1500)).toBe(false);
    expect(takePrefetched(ViewTimelineDocument, { id: "t-1" }, 1500)).toBe(true);
    expect(takePrefetched(ViewTimelineDocument, { id: "t-1" }, 1600)).toBe(false);
  });

  it("is false once the mark is old (a later visit asks the server again)", () => {
    markPrefetched(TimelinesDocument, undefined, 0);
    expect(takePrefetched(TimelinesDocument, undefined, 60_000)).toBe(false);
  });
});
