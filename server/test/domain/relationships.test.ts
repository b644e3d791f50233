import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMemory, createTimeline, createUser } from "../factories/index.js";
import { anonymous, errorCode, gql, signInAs } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const Q = `query($i: String) { relationships(identifier: $i) { otherUser { id email } memoryCount isActive timelineTitle } }`;

describe("the connection web", () => {
  let t: TestApp;
  let me: User;
  let p1: User;
  let p2: User;
  let p3: User;
  let pending: User;

  beforeAll(async () => {
    t = await createTestApp();
    me = await createUser(t.ds, { username: "webowner" });
    [p1, p2, p3, pending] = [
      await createUser(t.ds),
      await createUser(t.ds),
      await createUser(t.ds),
      await createUser(t.ds),
    ];
    // p1: two timelines (public with 2 memories, private with 3) → 5, title of the bigger one
    const pub = await connect(t.ds, me, p1, { privacy: Privacy.PUBLIC, title: "Public one" });
    const priv = await connect(t.ds, p1, me, { privacy: Privacy.PRIVATE, title: "Private one" });
    for (let i = 0; i < 2; i++) await createMemory(t.ds, { timelineId: pub.id, createdById: me.id });
    for (let i = 0; i < 3; i++) await createMemory(t.ds, { timelineId: priv.id, createdById: p1.id });
    // p2: semi-private with 1 memory, inactive
    const semi = await connect(t.ds, me, p2, { privacy: Privacy.SEMI_PRIVATE, title: "Semi", isActive: false });
    await createMemory(t.ds, { timelineId: semi.id, createdById: me.id });
    // p3: private, 7 memories
    const p3t = await connect(t.ds, p3, me, { privacy: Privacy.PRIVATE, title: "Closest" });
    for (let i = 0; i < 7; i++) await createMemory(t.ds, { timelineId: p3t.id, createdById: p3.id });
    // a pending proposal is no edge
    await createTimeline(t.ds, {
      createdById: me.id,
      collaboratorId: pending.id,
      status: TimelineStatus.PENDING,
      privacy: Privacy.PUBLIC,
    });
  });
  afterAll(() => t.close());

  it("own: everyone I share accepted timelines with, ranked by shared memory count", async () => {
    const r = await gql(await signInAs(t, me), Q, { i: null });
    expect(r.data!.relationships).toEqual([
      { otherUser: { id: p3.id, email: p3.email }, memoryCount: 7, isActive: true, timelineTitle: "Closest" },
      { otherUser: { id: p1.id, email: p1.email }, memoryCount: 5, isActive: true, timelineTitle: "Private one" },
      { otherUser: { id: p2.id, email: p2.email }, memoryCount: 1, isActive: false, timelineTitle: "Semi" },
    ]);
    const rest = await (await signInAs(t, me)).get("/api/user-relationships/my-relationships").expect(200);
    expect(rest.body[0]).toMatchObject({
      otherUser: p3.email,
      memoryCount: 7,
      isActive: true,
      timelineTitle: "Closest",
      other_user: { _id: p3.id },
    });
  });

  it("another's web: only edges through timelines visible to the viewer, counting only those memories", async () => {
    // p1's friend f is 1 hop from p1 and 2 hops from me
    const f = await createUser(t.ds);
    await connect(t.ds, f, p1);
    const r = await gql(await signInAs(t, f), Q, { i: "webowner" });
    // me–p1 public (2 memories) is visible; me–p1 private not; me–p2 inactive not; me–p3 private not
    expect(r.data!.relationships).toEqual([
      { otherUser: { id: p1.id, email: p1.email }, memoryCount: 2, isActive: true, timelineTitle: "Public one" },
    ]);
    const rest = await (await signInAs(t, f)).get("/api/user-relationships/user/webowner").expect(200);
    // otherUser is the e-mail where docs/decisions/003-privacy-tiers.md allows (f shares a timeline with p1), else the username
    expect(rest.body).toEqual([
      expect.objectContaining({ otherUser: p1.email, memoryCount: 2, timelineTitle: "Public one" }),
    ]);
    const strangerView = await (
      await signInAs(t, await createUser(t.ds))
    )
      .get("/api/user-relationships/user/webowner")
      .expect(200);
    expect(strangerView.body).toEqual([]);
  });

  it("the other participant of a private timeline sees that edge in the owner's web", async () => {
    const r = await gql(await signInAs(t, p3), Q, { i: "webowner" });
    expect(r.data!.relationships.map((x: { otherUser: { id: string } }) => x.otherUser.id)).toEqual([p3.id, p1.id]);
  });

  it("unknown person → empty; signed out → 401 / UNAUTHENTICATED", async () => {
    expect((await gql(await signInAs(t, me), Q, { i: "nobodyhere" })).data!.relationships).toEqual([]);
    await anonymous(t).get("/api/user-relationships/my-relationships").expect(401);
    expect(errorCode(await gql(anonymous(t), Q, { i: null }))).toBe("UNAUTHENTICATED");
  });
});
