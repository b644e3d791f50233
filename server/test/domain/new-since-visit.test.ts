import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createMemory, createTimeline, createUser } from "../factories/index.js";
import { gql, signInAs } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { Privacy } from "../../src/entities/timeline.enums.js";

/**
 * "New since your last visit" (docs/decisions/055-reminders-invite-links-and-new-marks.md): the
 * memories the other participant added after this person last opened the timeline, counted on the
 * card and marked on the strip, for the two participants only. Statement counts: query-count.test.ts.
 */
const CARDS = `{ timelines(first: 10) { edges { node { id newMemoryCount } } } }`;
const STRIP = `query($id: ID!) { timeline(id: $id) { newMemoryCount memories(first: 10) { edges { node { id isNew } } } } }`;
const VISIT = `mutation($id: ID!) { markTimelineVisited(timelineId: $id) { timeline { id newMemoryCount } } }`;

describe("new since your last visit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const marks = async (agent: Awaited<ReturnType<typeof signInAs>>, id: string) => {
    const r = await gql(agent, STRIP, { id });
    expect(r.errors).toBeUndefined();
    const tl = r.data!.timeline;
    return {
      count: tl.newMemoryCount as number,
      isNew: Object.fromEntries(
        (tl.memories.edges as { node: { id: string; isNew: boolean } }[]).map((e) => [e.node.id, e.node.isNew]),
      ),
    };
  };

  it("marks the other person's memories added since the visit, never one's own", async () => {
    const ann = await createUser(t.ds, { displayName: "Ann" });
    const ben = await createUser(t.ds, { displayName: "Ben" });
    const tl = await createTimeline(t.ds, { createdById: ann.id, collaboratorId: ben.id });
    const annA = await signInAs(t, ann);
    const benA = await signInAs(t, ben);
    const seen = await createMemory(t.ds, { timelineId: tl.id, createdById: ben.id });
    // never opened: all of Ben's are new to Ann
    expect((await marks(annA, tl.id)).count).toBe(1);
    const visited = await gql(annA, VISIT, { id: tl.id });
    expect(visited.data!.markTimelineVisited.timeline).toEqual({ id: tl.id, newMemoryCount: 0 });
    const added = await createMemory(t.ds, { timelineId: tl.id, createdById: ben.id });
    const own = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id });
    const m = await marks(annA, tl.id);
    expect(m.count).toBe(1);
    expect(m.isNew).toEqual({ [seen.id]: false, [added.id]: true, [own.id]: false });
    const cards = await gql(annA, CARDS);
    expect(cards.data!.timelines.edges).toContainEqual({ node: { id: tl.id, newMemoryCount: 1 } });
    // Ben's own marks are his: Ann's memory is new to him, his own never
    const b = await marks(benA, tl.id);
    expect(b.isNew[own.id]).toBe(true);
    expect(b.isNew[added.id]).toBe(false);
    // the REST door does the same
    expect((await annA.post(`/api/timelines/${tl.id}/visit`)).status).toBe(200);
    expect((await marks(annA, tl.id)).count).toBe(0);
  });

  it("someone who only reads the timeline (a friend, public) sees nothing new and stores nothing", async () => {
    const cat = await createUser(t.ds, {});
    const dan = await createUser(t.ds, {});
    const friend = await createUser(t.ds, {});
    await connect(t.ds, cat, friend);
    const tl = await createTimeline(t.ds, { createdById: cat.id, collaboratorId: dan.id, privacy: Privacy.PUBLIC });
    await createMemory(t.ds, { timelineId: tl.id, createdById: dan.id });
    const friendA = await signInAs(t, friend);
    const m = await marks(friendA, tl.id);
    expect(m.count).toBe(0);
    expect(Object.values(m.isNew)).toEqual([false]);
    const r = await gql(friendA, VISIT, { id: tl.id });
    expect(r.errors).toBeUndefined();
    const rows = (await t.ds.query(`SELECT 1 FROM timeline_visits WHERE user_id = $1`, [friend.id])) as unknown[];
    expect(rows).toEqual([]);
  });

  it("a timeline one may not see: NOT_FOUND, and nothing about it", async () => {
    const eve = await createUser(t.ds, {});
    const fay = await createUser(t.ds, {});
    const stranger = await createUser(t.ds, {});
    const tl = await createTimeline(t.ds, { createdById: eve.id, collaboratorId: fay.id });
    await createMemory(t.ds, { timelineId: tl.id, createdById: fay.id });
    const r = await gql(await signInAs(t, stranger), VISIT, { id: tl.id });
    expect(r.errors![0]!.extensions!.code).toBe("NOT_FOUND");
    expect((await (await signInAs(t, stranger)).post(`/api/timelines/${tl.id}/visit`)).status).toBe(404);
  });
});
