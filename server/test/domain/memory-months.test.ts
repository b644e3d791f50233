/**
 * `Timeline.memoryMonths` (docs/decisions/036-offline-truth-and-memory-urls.md): how many memories
 * each month holds, in the strip's order, for the whole timeline however few pages were read;
 * nothing for someone the timeline's tier keeps out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Privacy } from "../../src/entities/timeline.enums.js";
import { connect, createMemory, createTimeline, createUser } from "../factories/index.js";
import { gql, signInAs } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const QUERY = `query ($id: ID!) { timeline(id: $id) { memoryMonths { month count } memories(first: 2) { totalCount edges { node { id } } } } }`;

describe("Timeline.memoryMonths", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("counts every month of the whole timeline, newest first and undated last", async () => {
    const ann = await createUser(t.ds);
    const bo = await createUser(t.ds);
    const trip = await connect(t.ds, ann, bo, { title: "Years", privacy: Privacy.PRIVATE });
    const dates = ["2023-12-24", "2024-01-05", "2024-01-20", null, "2022-07-01", "2024-01-01"];
    for (const memoryDate of dates) await createMemory(t.ds, { timelineId: trip.id, createdById: ann.id, memoryDate });

    const { data, errors } = await gql(await signInAs(t, bo), QUERY, { id: trip.id });
    expect(errors).toBeUndefined();
    const timeline = data!.timeline as {
      memoryMonths: { month: string | null; count: number }[];
      memories: { totalCount: number; edges: unknown[] };
    };
    expect(timeline.memories.edges).toHaveLength(2);
    expect(timeline.memories.totalCount).toBe(6);
    expect(timeline.memoryMonths).toEqual([
      { month: "2024-01", count: 3 },
      { month: "2023-12", count: 1 },
      { month: "2022-07", count: 1 },
      { month: null, count: 1 },
    ]);
  });

  it("tells nothing to someone the tier keeps out", async () => {
    const ann = await createUser(t.ds);
    const stranger = await createUser(t.ds);
    const own = await createTimeline(t.ds, { createdById: ann.id, privacy: Privacy.PRIVATE });
    await createMemory(t.ds, { timelineId: own.id, createdById: ann.id });
    const { data } = await gql(await signInAs(t, stranger), QUERY, { id: own.id });
    expect(data!.timeline).toBeNull();
  });
});
