import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Memory } from "../../src/entities/memory.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { HIGHLIGHTS_MESSAGES } from "../../src/modules/highlights/highlight.rules.js";
import { connect, createMemory, createTimeline, createUser } from "../factories/index.js";
import { anonymous, errorCode, gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Highlights (docs/decisions/053-highlights.md): up to 6 memories of one's own timelines, in one's
 * order; each visitor sees only those whose memory they may see, through the memory reads.
 *
 *   H — G — F — A ══ B     (A's timelines: with B private, with C public, with D semi-private)
 *   S                      (a stranger)
 */

const SET = `mutation($ids: [ID!]!) { setHighlights(memoryIds: $ids) { user { id highlights { id caption } } } }`;
const OF = `query($i: String!) { user(identifier: $i) { highlights { id } } }`;

describe("highlights", () => {
  let t: TestApp;
  let a: User, b: User, c: User, d: User, f: User, h: User, s: User;
  let agentA: Agent, agentB: Agent, agentF: Agent, agentH: Agent, agentS: Agent;
  /** in A's private timeline with B (mPrivate by A, mOfB by B), with C public, with D semi-private */
  let mPrivate: Memory, mOfB: Memory, mPublic: Memory, mSemi: Memory;
  let semiTimelineId: string;
  const ids = (list: Json[]) => list.map((m) => m.id as string);
  const restOf = async (agent: Agent, identifier: string) => {
    const res = await agent.get(`/api/users/${encodeURIComponent(identifier)}/highlights`);
    return res.status === 200 ? ids(res.body) : res.status;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [a, b, c, d, f, h, s] = await Promise.all(Array.from({ length: 7 }, () => createUser(t.ds)));
    const g = await createUser(t.ds);
    const ab = await connect(t.ds, a, b, { privacy: Privacy.PRIVATE });
    const ac = await connect(t.ds, a, c, { privacy: Privacy.PUBLIC });
    const ad = await connect(t.ds, a, d, { privacy: Privacy.SEMI_PRIVATE });
    semiTimelineId = ad.id;
    await connect(t.ds, a, f);
    await connect(t.ds, f, g);
    await connect(t.ds, g, h);
    mPrivate = await createMemory(t.ds, { timelineId: ab.id, createdById: a.id, caption: "Private" });
    mOfB = await createMemory(t.ds, { timelineId: ab.id, createdById: b.id, caption: "By B" });
    mPublic = await createMemory(t.ds, { timelineId: ac.id, createdById: a.id, caption: "Public" });
    mSemi = await createMemory(t.ds, { timelineId: ad.id, createdById: d.id, caption: "Semi" });
    [agentA, agentB, agentF, agentH, agentS] = await Promise.all([a, b, f, h, s].map((u) => signInAs(t, u)));
  }, 60_000);
  afterAll(() => t.close());

  it("none at first; PUT sets them in the person's order and answers them", async () => {
    expect(await restOf(agentA, a.username)).toEqual([]);
    const res = await agentA
      .put("/api/users/me/highlights")
      .send({ memory_ids: [mPublic.id, mPrivate.id, mSemi.id] })
      .expect(200);
    expect(ids(res.body)).toEqual([mPublic.id, mPrivate.id, mSemi.id]);
    expect(res.body[0]).toMatchObject({ caption: "Public", timeline_id: mPublic.timelineId });
    expect(await restOf(agentA, "me")).toEqual([mPublic.id, mPrivate.id, mSemi.id]);
  });

  it("GraphQL sets a new order (a memory another person made in one's timeline counts too)", async () => {
    const r = await gql(agentA, SET, { ids: [mSemi.id, mOfB.id, mPublic.id, mPrivate.id] });
    expect(r.errors).toBeUndefined();
    expect(ids(r.data!.setHighlights.user.highlights)).toEqual([mSemi.id, mOfB.id, mPublic.id, mPrivate.id]);
    const own = await gql(agentA, `{ me { highlights { id } } }`);
    expect(ids(own.data!.me.highlights)).toEqual([mSemi.id, mOfB.id, mPublic.id, mPrivate.id]);
  });

  it("each visitor sees only the memories they may see, in the person's order", async () => {
    const all = [mSemi.id, mOfB.id, mPublic.id, mPrivate.id];
    // the partner shares the private timeline and is one step from the others
    expect(await restOf(agentB, a.username)).toEqual(all);
    // a friend (one step): public and semi-private, not the private timeline
    expect(await restOf(agentF, a.username)).toEqual([mSemi.id, mPublic.id]);
    const byGql = await gql(agentF, OF, { i: a.username });
    expect(ids(byGql.data!.user.highlights)).toEqual([mSemi.id, mPublic.id]);
    // three steps: public only
    expect(await restOf(agentH, a.username)).toEqual([mPublic.id]);
    // a stranger: nothing
    expect(await restOf(agentS, a.username)).toEqual([]);
    expect(ids((await gql(agentS, OF, { i: a.username })).data!.user.highlights)).toEqual([]);
  });

  it("by e-mail under the e-mail rules: the partner finds them, a stranger finds nobody", async () => {
    expect(await restOf(agentB, a.email)).toEqual([mSemi.id, mOfB.id, mPublic.id, mPrivate.id]);
    expect(await restOf(agentS, a.email)).toBe(404);
    expect(await restOf(agentS, "nobody@example.com")).toBe(404);
    expect(await restOf(agentS, "nobody1234")).toBe(404);
  });

  it("signed out: 401 and UNAUTHENTICATED", async () => {
    const anon = anonymous(t);
    expect((await anon.get(`/api/users/${a.username}/highlights`)).status).toBe(401);
    expect((await anon.put(`/api/users/me/highlights`).send({ memory_ids: [] })).status).toBe(401);
    expect(errorCode(await gql(anon, SET, { ids: [] }))).toBe("UNAUTHENTICATED");
  });

  describe("a choice that is refused changes nothing", () => {
    const before = () => [mSemi.id, mOfB.id, mPublic.id, mPrivate.id];

    it.each([
      ["more than 6", () => Array.from({ length: 7 }, () => crypto.randomUUID()), HIGHLIGHTS_MESSAGES.tooMany],
      ["the same memory twice", () => [mPublic.id, mPublic.id], HIGHLIGHTS_MESSAGES.duplicate],
      ["a memory of someone else's timeline", () => [mPublic.id, "x"], HIGHLIGHTS_MESSAGES.notYours],
      ["a memory nobody holds", () => [crypto.randomUUID()], HIGHLIGHTS_MESSAGES.notYours],
    ])("%s: REST 400 and GraphQL BAD_USER_INPUT, with a clear message", async (_name, list, message) => {
      const res = await agentA.put("/api/users/me/highlights").send({ memory_ids: list() });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      const r = await gql(agentA, SET, { ids: list() });
      expect(errorCode(r)).toBe("BAD_USER_INPUT");
      expect(r.errors![0]!.message).toBe(message);
      expect(await restOf(agentA, "me")).toEqual(before());
    });

    it("a memory the person may see but that is not in their timelines (a friend's)", async () => {
      const res = await agentF.put("/api/users/me/highlights").send({ memory_ids: [mPublic.id] });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(HIGHLIGHTS_MESSAGES.notYours);
    });

    it("memory_ids missing or not a list of ids", async () => {
      for (const body of [{}, { memory_ids: "x" }, { memory_ids: [1] }]) {
        const res = await agentA.put("/api/users/me/highlights").send(body);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(HIGHLIGHTS_MESSAGES.notAList);
      }
      expect(await restOf(agentA, "me")).toEqual(before());
    });

    it("the invitee of a pending proposal cannot feature its memories", async () => {
      const e = await createUser(t.ds);
      const proposal = await createTimeline(t.ds, {
        createdById: a.id,
        collaboratorId: e.id,
        status: TimelineStatus.PENDING,
      });
      const m = await createMemory(t.ds, { timelineId: proposal.id, createdById: a.id });
      const res = await (await signInAs(t, e)).put("/api/users/me/highlights").send({ memory_ids: [m.id] });
      expect(res.status).toBe(400);
    });
  });

  it("exactly 6 is fine; an empty list removes them all", async () => {
    const extra = await Promise.all(
      [1, 2].map((n) => createMemory(t.ds, { timelineId: mPublic.timelineId, createdById: a.id, caption: `x${n}` })),
    );
    const six = [mSemi.id, mOfB.id, mPublic.id, mPrivate.id, ...extra.map((m) => m.id)];
    await agentA.put("/api/users/me/highlights").send({ memory_ids: six }).expect(200);
    expect(await restOf(agentA, "me")).toEqual(six);
    await agentA.put("/api/users/me/highlights").send({ memory_ids: [] }).expect(200);
    expect(await restOf(agentA, "me")).toEqual([]);
    await agentA
      .put("/api/users/me/highlights")
      .send({ memory_ids: [mSemi.id, mOfB.id, mPublic.id, mPrivate.id] })
      .expect(200);
  });

  it("a narrowed timeline takes its memory from those who lose it", async () => {
    await agentA.put(`/api/timelines/${semiTimelineId}`).send({ privacy: "private" }).expect(200);
    expect(await restOf(agentF, a.username)).toEqual([mPublic.id]);
    expect(await restOf(agentA, "me")).toEqual([mSemi.id, mOfB.id, mPublic.id, mPrivate.id]);
  });

  it("a deleted memory leaves every highlight list", async () => {
    await agentA.delete(`/api/memories/${mPublic.id}`).expect(200);
    expect(await restOf(agentA, "me")).toEqual([mSemi.id, mOfB.id, mPrivate.id]);
    expect(await restOf(agentH, a.username)).toEqual([]);
    const rows = await t.ds.query(`SELECT count(*)::int AS n FROM highlights WHERE memory_id = $1`, [mPublic.id]);
    expect(rows[0].n).toBe(0);
  });

  it("a memory of a timeline its owner is no longer in leaves their highlights", async () => {
    // B features the shared timeline's memories, then the timeline is no longer B's (its
    // collaborator slot emptied, as a hand-over does: docs/decisions/023-export-and-deletion.md)
    await agentB
      .put("/api/users/me/highlights")
      .send({ memory_ids: [mOfB.id, mPrivate.id] })
      .expect(200);
    expect(await restOf(agentB, "me")).toEqual([mOfB.id, mPrivate.id]);
    await t.ds.query(`UPDATE timelines SET collaborator_id = NULL WHERE id = $1`, [mPrivate.timelineId]);
    expect(await restOf(agentB, "me")).toEqual([]);
    // A still owns the timeline: A's highlights keep them
    expect(await restOf(agentA, "me")).toEqual([mSemi.id, mOfB.id, mPrivate.id]);
  });

  it("a deleted account takes its highlights and its memories from the others' highlights", async () => {
    const [p, q] = [await createUser(t.ds), await createUser(t.ds)];
    const pq = await connect(t.ds, p, q);
    const byP = await createMemory(t.ds, { timelineId: pq.id, createdById: p.id });
    const byQ = await createMemory(t.ds, { timelineId: pq.id, createdById: q.id });
    const [agentP, agentQ] = [await signInAs(t, p), await signInAs(t, q)];
    await agentP
      .put("/api/users/me/highlights")
      .send({ memory_ids: [byQ.id, byP.id] })
      .expect(200);
    await agentQ
      .put("/api/users/me/highlights")
      .send({ memory_ids: [byP.id, byQ.id] })
      .expect(200);
    await agentP.delete("/api/users/me").send({ confirm: "DELETE" }).expect(200);
    // the timeline was handed over to Q; P's memory left with P
    expect(await restOf(agentQ, "me")).toEqual([byQ.id]);
    const rows = await t.ds.query(`SELECT count(*)::int AS n FROM highlights WHERE user_id = $1`, [p.id]);
    expect(rows[0].n).toBe(0);
  });
});
