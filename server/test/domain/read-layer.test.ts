import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/entities/memory.entity.js";
import { MemoryPresenter } from "../../src/modules/memories/memory.presenter.js";
import type { Timeline } from "../../src/entities/timeline.entity.js";
import { QueryCounter } from "../helpers/query-count.js";
import { gql, signInAs, type Json } from "../helpers/sign-in-as.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { createMemory, createTimeline, createUser } from "../factories/index.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The per-request DataLoaders read through the access-aware layer for the request's viewer
 * (docs/decisions/003-privacy-tiers.md, "Enforcement"): a relation loaded by id can never hand a
 * timeline, its memories or their count to someone who may not see the timeline, even if a
 * resolver asked for it by mistake.
 */
let t: TestApp;
let creator: User;
let stranger: User;
let secret: Timeline;
let memory: Memory;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.ds);
  const collaborator = await createUser(t.ds);
  stranger = await createUser(t.ds);
  secret = await createTimeline(t.ds, {
    createdById: creator.id,
    collaboratorId: collaborator.id,
    privacy: Privacy.PRIVATE,
    status: TimelineStatus.ACCEPTED,
  });
  memory = await createMemory(t.ds, { timelineId: secret.id, createdById: creator.id });
});
afterAll(() => t.close());

const loadersFor = (userId: string | null) => {
  const viewer = t.services.access.viewer(userId);
  return t.services.loaders(viewer);
};

describe("relation loaders apply the policy", () => {
  it("give a participant the timeline, its memories and their count", async () => {
    const loaders = loadersFor(creator.id);
    expect((await loaders.timelineById.load(secret.id))?.id).toBe(secret.id);
    const page = await loaders.memoryPageByTimeline.load({
      timelineId: secret.id,
      sort: "-memory_date",
      size: 30,
      after: null,
    });
    expect(page.items.map((m) => m.id)).toEqual([memory.id]);
    expect(await loaders.memoryCountByTimelineId.load(secret.id)).toBe(1);
  });

  it("give someone who may not see it nothing: no row, no memories, a count of 0", async () => {
    const loaders = loadersFor(stranger.id);
    expect(await loaders.timelineById.load(secret.id)).toBeNull();
    const page = await loaders.memoryPageByTimeline.load({
      timelineId: secret.id,
      sort: "-memory_date",
      size: 30,
      after: null,
    });
    expect(page.items).toEqual([]);
    expect(await loaders.memoryCountByTimelineId.load(secret.id)).toBe(0);
  });

  it("give a signed-out viewer no people and no media rows", async () => {
    const loaders = loadersFor(null);
    expect(await loaders.userById.load(creator.id)).toBeNull();
    expect(await loaders.mediaById.load(memory.mediaId)).toBeNull();
    expect(await loaders.timelineById.load(secret.id)).toBeNull();
  });
});

describe("the request's loaders are its one cache (docs/decisions/038-one-request-cache.md)", () => {
  const presenterFor = (userId: string | null) => {
    const viewer = t.services.access.viewer(userId);
    const present = new MemoryPresenter({
      viewer: () => viewer,
      loaders: t.services.loaders(viewer),
      media: t.services.media,
    });
    return { viewer, present };
  };

  it("give a participant a memory's timeline, media and author from the rows the read primed, without a statement", async () => {
    const { viewer, present } = presenterFor(creator.id);
    const page = await t.services.timelines.ownPage(viewer, { size: 10, after: null });
    expect(page.items.map((x) => x.id)).toContain(secret.id);
    const counter = new QueryCounter(t.ds);
    try {
      const statements = await counter.measure(async () => {
        expect((await present.timeline(memory))?.id).toBe(secret.id);
        expect(await present.canEdit(memory)).toBe(true);
      });
      expect(statements).toBe(0);
    } finally {
      counter.restore();
    }
  });

  it("never hand a timeline to someone the policy turns away", async () => {
    const { present } = presenterFor(stranger.id);
    expect(await present.timeline(memory)).toBeNull();
    expect(await present.canEdit(memory)).toBe(false);
    expect(await present.partner(memory)).toBeNull();
  });

  it("present a write's result with rows read after the write", async () => {
    const agent = await signInAs(t, creator);
    const res = await gql(
      agent,
      `mutation ($id: ID!) { updateTimeline(input: { id: $id, title: "Renamed" }) {
         timeline { title memories(first: 5) { edges { node { timeline { title } } } } } } }`,
      { id: secret.id },
    );
    expect(res.errors).toBeUndefined();
    const timeline = res.data!.updateTimeline.timeline;
    expect(timeline.title).toBe("Renamed");
    expect(timeline.memories.edges.map((e: Json) => e.node.timeline.title)).toEqual(["Renamed"]);
  });
});
