import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/entities/memory.entity.js";
import { MemoryPresenter } from "../../src/modules/memories/memory.presenter.js";
import type { Timeline } from "../../src/entities/timeline.entity.js";
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
  return t.services.loaders(() => viewer);
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

describe("a memory's fields answer at once only from rows that passed the policy", () => {
  const presenterFor = (userId: string | null) => {
    const viewer = t.services.access.viewer(userId);
    const present = new MemoryPresenter({
      viewer: () => viewer,
      loaders: t.services.loaders(() => viewer),
      media: t.services.media,
    });
    return { viewer, present };
  };

  it("answer a participant's known, checked timeline without a promise", async () => {
    const { viewer, present } = presenterFor(creator.id);
    viewer.known.addTimelines([secret]);
    expect(viewer.knownVisibleTimeline(secret.id)).toBeUndefined(); // known but not yet checked
    expect(present.timeline(memory)).toBeInstanceOf(Promise);
    expect(await viewer.canView(secret)).toBe(true);
    expect(viewer.knownVisibleTimeline(secret.id)?.id).toBe(secret.id);
    expect((present.timeline(memory) as Timeline).id).toBe(secret.id);
    expect(present.canEdit(memory)).toBe(true);
  });

  it("never hand a known row to someone the policy turns away", async () => {
    const { viewer, present } = presenterFor(stranger.id);
    viewer.known.addTimelines([secret]);
    expect(await viewer.canView(secret)).toBe(false);
    expect(viewer.knownVisibleTimeline(secret.id)).toBeUndefined();
    expect(await present.timeline(memory)).toBeNull();
    expect(await present.canEdit(memory)).toBe(false);
    expect(await present.partner(memory)).toBeNull();
  });
});
