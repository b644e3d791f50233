import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Memory } from "../../src/entities/memory.entity.js";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { MediaReads } from "../../src/modules/media/media.reads.js";
import { MEMORY_PRIVACY_MESSAGES, widerThanTimeline } from "../../src/modules/memories/memory-privacy.rules.js";
import { connect, createMemory, createTimeline, createUser } from "../factories/index.js";
import { fixture } from "../helpers/fixtures.js";
import { errorCode, gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * A memory's own tier (docs/decisions/052-memory-privacy.md), through both APIs: the effective tier
 * (the narrower of the memory's and its timeline's) governs reads by id, pages, counts, months,
 * profile memories, covers, media bytes and friend notices; one key narrows, two keys widen.
 *
 *   far — d2 — d1 — ann ══ ben      (d1 within semi-private reach, far only within public reach)
 */
const UPDATE = `mutation($id: ID!, $privacy: Privacy) { updateMemory(input: { id: $id, privacy: $privacy }) {
  memory { id privacy effectivePrivacy narrowerThanTimeline pendingPrivacy privacyRequestedBy { id } } } }`;
const RESPOND = `mutation($id: ID!, $accept: Boolean!, $privacy: Privacy) {
  respondToMemoryPrivacyChange(input: { id: $id, accept: $accept, privacy: $privacy }) {
    memory { id privacy pendingPrivacy } } }`;
const TIMELINE = `query($id: ID!) { timeline(id: $id) { id memoryCount memoryMonths { month count }
  memories(first: 10) { totalCount edges { node { id privacy narrowerThanTimeline } } } } }`;
const MEMORY = `query($id: ID!) { memory(id: $id) { id privacy pendingPrivacy } }`;
const PROFILE = `query($who: String) { profileMemories(identifier: $who) { totalCount edges { node { id } } } }`;
const NOTICES = `{ notifications { edges { node { id type message isRead privacy privacyRequestState relatedMemoryId } } } }`;

describe("a memory more private than its timeline", () => {
  let t: TestApp;
  let ann: User;
  let ben: User;
  let d1: User;
  let far: User;
  let annA: Agent;
  let benA: Agent;
  let d1A: Agent;
  let farA: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.ds, { displayName: "Ann", username: "annmp" });
    ben = await createUser(t.ds, { displayName: "Ben" });
    d1 = await createUser(t.ds, { displayName: "Dee" });
    const d2 = await createUser(t.ds);
    far = await createUser(t.ds, { displayName: "Far" });
    await connect(t.ds, ann, d1);
    await connect(t.ds, d1, d2);
    await connect(t.ds, d2, far);
    [annA, benA, d1A, farA] = await Promise.all([ann, ben, d1, far].map((u) => signInAs(t, u)));
  });
  afterAll(() => t.close());

  const shared = (privacy: Privacy, extra: Partial<Timeline> = {}) =>
    createTimeline(t.ds, { createdById: ann.id, collaboratorId: ben.id, privacy, title: "Beach", ...extra });
  const memoryIn = (timelineId: string, privacy: Privacy | null = null, extra: Partial<Memory> = {}) =>
    createMemory(t.ds, { timelineId, createdById: ann.id, privacy, ...extra });
  const row = (id: string) => t.ds.getRepository(Memory).findOneByOrFail({ id });
  const idsIn = async (agent: Agent, timelineId: string): Promise<string[]> =>
    ((await gql(agent, TIMELINE, { id: timelineId })).data!.timeline?.memories.edges as Json[] | undefined)?.map(
      (e) => e.node.id,
    ) ?? [];
  const noticesAbout = async (agent: Agent, memoryId: string): Promise<Json[]> =>
    ((await gql(agent, NOTICES)).data!.notifications.edges as Json[])
      .map((e) => e.node)
      .filter((n) => n.relatedMemoryId === memoryId);

  describe("the effective tier in every read", () => {
    let tl: Timeline;
    let open: Memory;
    let semi: Memory;
    let secret: Memory;

    beforeAll(async () => {
      tl = await shared(Privacy.PUBLIC);
      open = await memoryIn(tl.id);
      semi = await memoryIn(tl.id, Privacy.SEMI_PRIVATE, { memoryDate: "2023-03-01" });
      secret = await memoryIn(tl.id, Privacy.PRIVATE, { memoryDate: "2022-07-01" });
    });

    it("pages, counts and months: the partner sees all, a friend all but the private one, a farther person only the public one", async () => {
      expect((await idsIn(benA, tl.id)).sort()).toEqual([open.id, semi.id, secret.id].sort());
      expect((await idsIn(d1A, tl.id)).sort()).toEqual([open.id, semi.id].sort());
      expect(await idsIn(farA, tl.id)).toEqual([open.id]);
      const seen = async (agent: Agent) => (await gql(agent, TIMELINE, { id: tl.id })).data!.timeline;
      expect(await seen(benA)).toMatchObject({ memoryCount: 3, memories: { totalCount: 3 } });
      expect(await seen(d1A)).toMatchObject({ memoryCount: 2, memories: { totalCount: 2 } });
      const farSees = await seen(farA);
      expect(farSees).toMatchObject({ memoryCount: 1, memories: { totalCount: 1 } });
      expect(farSees.memoryMonths).toEqual([{ month: "2024-01", count: 1 }]);
      // the tier and the lock are the participants' to see
      const benNodes = (await seen(benA)).memories.edges.map((e: Json) => e.node);
      expect(benNodes.find((n: Json) => n.id === secret.id)).toMatchObject({
        privacy: "PRIVATE",
        narrowerThanTimeline: true,
      });
      expect(benNodes.find((n: Json) => n.id === open.id)).toMatchObject({
        privacy: null,
        narrowerThanTimeline: false,
      });
      expect(farSees.memories.edges[0].node).toMatchObject({ privacy: null, narrowerThanTimeline: false });
    });

    it("by id and REST lists, memory_count: a memory out of reach is not found", async () => {
      expect((await d1A.get(`/api/memories/${secret.id}`)).status).toBe(404);
      expect((await farA.get(`/api/memories/${semi.id}`)).status).toBe(404);
      expect((await d1A.get(`/api/memories/${semi.id}`)).status).toBe(200);
      expect((await gql(farA, MEMORY, { id: semi.id })).data!.memory).toBeNull();
      const list = await farA.get(`/api/memories/filter?timeline_id=${tl.id}`);
      expect(list.body.map((m: Json) => m.id)).toEqual([open.id]);
      expect((await farA.get(`/api/timelines/${tl.id}`)).body.memory_count).toBe(1);
      expect((await d1A.get(`/api/timelines/${tl.id}`)).body.memory_count).toBe(2);
      const mine = await annA.get(`/api/memories/${secret.id}`);
      expect(mine.body).toMatchObject({
        privacy: "private",
        effective_privacy: "private",
        narrower_than_timeline: true,
      });
    });

    it("profile memories and their count follow the effective tier", async () => {
      const of = async (agent: Agent) => (await gql(agent, PROFILE, { who: "annmp" })).data!.profileMemories;
      const farProfile = await of(farA);
      expect(farProfile.edges.map((e: Json) => e.node.id)).not.toContain(semi.id);
      expect(farProfile.edges.map((e: Json) => e.node.id)).not.toContain(secret.id);
      expect(farProfile.totalCount).toBe(farProfile.edges.length);
      const d1Profile = await of(d1A);
      expect(d1Profile.edges.map((e: Json) => e.node.id)).toContain(semi.id);
      expect(d1Profile.edges.map((e: Json) => e.node.id)).not.toContain(secret.id);
    });

    it("media bytes follow the memory, and the covers show only memories everyone who sees the timeline sees", async () => {
      const reads = new MediaReads(t.ds);
      const servable = (u: User, m: Memory) => reads.servable(t.services.access.viewer(u.id), m.mediaId);
      expect(await servable(far, secret)).toBeNull();
      expect(await servable(far, semi)).toBeNull();
      expect(await servable(d1, secret)).toBeNull();
      expect(await servable(d1, semi)).not.toBeNull();
      expect(await servable(far, open)).not.toBeNull();
      expect(await servable(ben, secret)).not.toBeNull();
      // a change of tier recomputes the covers (createMemory wrote rows, so ask for it once)
      await benA.put(`/api/memories/${open.id}`).send({ privacy: "public" }).expect(200);
      const covers = (await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id })).previewMediaIds;
      expect(covers).toContain(open.mediaId);
      expect(covers).not.toContain(semi.mediaId);
      expect(covers).not.toContain(secret.mediaId);
    });
  });

  describe("one key narrows", () => {
    it("REST: either participant narrows at once (200); the friend loses it, bytes included", async () => {
      const tl = await shared(Privacy.SEMI_PRIVATE);
      const media = await t.services.media.ingest(
        { userId: ann.id },
        { stream: fs.createReadStream(fixture("photo-plain.jpg")), filename: "p.jpg" },
      );
      await t.services.media.markAttached([media.id]);
      const m = await memoryIn(tl.id, null, { mediaId: media.id });
      const bytes = t.services.media.signedUrl(media.id, "display");
      expect((await d1A.get(bytes)).status).toBe(200);
      const res = await benA.put(`/api/memories/${m.id}`).send({ privacy: "private" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ privacy: "private", pending_privacy: null, narrower_than_timeline: true });
      expect((await d1A.get(`/api/memories/${m.id}`)).status).toBe(404);
      expect((await d1A.get(bytes)).status).toBe(404);
      expect((await annA.get(bytes)).status).toBe(200);
    });

    it("GraphQL: updateMemory narrows at once; a tier wider than the timeline's is a 400 with a clear message", async () => {
      const tl = await shared(Privacy.SEMI_PRIVATE);
      const m = await memoryIn(tl.id);
      const r = await gql(annA, UPDATE, { id: m.id, privacy: "PRIVATE" });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateMemory.memory).toMatchObject({
        privacy: "PRIVATE",
        effectivePrivacy: "PRIVATE",
        pendingPrivacy: null,
      });
      const wider = await annA.put(`/api/memories/${m.id}`).send({ privacy: "public" });
      expect(wider.status).toBe(400);
      expect(wider.body.error).toBe(widerThanTimeline(Privacy.SEMI_PRIVATE));
      expect(errorCode(await gql(annA, UPDATE, { id: m.id, privacy: "PUBLIC" }))).toBe("BAD_USER_INPUT");
      expect((await annA.put(`/api/memories/${m.id}`).send({ privacy: "everyone" })).status).toBe(400);
      expect((await row(m.id)).privacy).toBe(Privacy.PRIVATE);
    });

    it("a new memory may be narrower than its timeline at once, never wider", async () => {
      const tl = await shared(Privacy.SEMI_PRIVATE);
      const upload = async () =>
        (
          await t.services.media.ingest(
            { userId: ann.id },
            { stream: fs.createReadStream(fixture("photo-plain.jpg")), filename: "p.jpg" },
          )
        ).id;
      const created = await annA
        .post("/api/memories")
        .send({ timeline_id: tl.id, media_id: await upload(), caption: "Just us", privacy: "private" });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ privacy: "private", narrower_than_timeline: true });
      expect((await d1A.get(`/api/memories/${created.body.id}`)).status).toBe(404);
      const wider = await annA
        .post("/api/memories")
        .send({ timeline_id: tl.id, media_id: await upload(), privacy: "public" });
      expect(wider.status).toBe(400);
      expect(wider.body.error).toBe(widerThanTimeline(Privacy.SEMI_PRIVATE));
    });

    it("an onlooker who sees the memory may not change its tier (403); one who does not gets 404", async () => {
      const tl = await shared(Privacy.SEMI_PRIVATE);
      const m = await memoryIn(tl.id);
      expect((await d1A.put(`/api/memories/${m.id}`).send({ privacy: "private" })).status).toBe(403);
      expect((await farA.put(`/api/memories/${m.id}`).send({ privacy: "private" })).status).toBe(404);
      expect((await row(m.id)).privacy).toBeNull();
    });
  });

  describe("two keys widen", () => {
    it("REST: widening answers 202 with pending_privacy; the old tier holds; the other is asked; 409 on a changed request; accept applies", async () => {
      const tl = await shared(Privacy.PUBLIC);
      const m = await memoryIn(tl.id, Privacy.PRIVATE);
      const res = await annA.put(`/api/memories/${m.id}`).send({ privacy: "semi-private" });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        privacy: "private",
        pending_privacy: "semi-private",
        privacy_requested_by_id: ann.id,
      });
      expect((await d1A.get(`/api/memories/${m.id}`)).status).toBe(404);
      const [asked] = await noticesAbout(benA, m.id);
      expect(asked).toMatchObject({
        type: "PRIVACY_REQUEST",
        message: 'Ann would like to make a memory in "Beach" semi-private',
        privacy: "SEMI_PRIVATE",
        privacyRequestState: "OPEN",
      });
      // the request changes before Ben answers: his accept of the old tier changes nothing
      await annA.put(`/api/memories/${m.id}`).send({ privacy: "public" }).expect(202);
      const stale = await benA.post(`/api/memories/${m.id}/privacy/accept`).send({ privacy: "semi-private" });
      expect(stale.status).toBe(409);
      expect((await row(m.id)).privacy).toBe(Privacy.PRIVATE);
      const ok = await benA.post(`/api/memories/${m.id}/privacy/accept`).send({ privacy: "public" });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ privacy: "public", pending_privacy: null });
      expect((await farA.get(`/api/memories/${m.id}`)).status).toBe(200);
      const [told] = await noticesAbout(annA, m.id);
      expect(told).toMatchObject({
        type: "PRIVACY_ACCEPTED",
        message: 'Ben agreed: a memory in "Beach" is now public',
      });
    });

    it("GraphQL: updateMemory returns the old tier with pendingPrivacy; respondToMemoryPrivacyChange declines", async () => {
      const tl = await shared(Privacy.SEMI_PRIVATE);
      const m = await memoryIn(tl.id, Privacy.PRIVATE);
      const r = await gql(benA, UPDATE, { id: m.id, privacy: null });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateMemory.memory).toMatchObject({
        privacy: "PRIVATE",
        pendingPrivacy: "SEMI_PRIVATE",
        privacyRequestedBy: { id: ben.id },
      });
      const declined = await gql(annA, RESPOND, { id: m.id, accept: false });
      expect(declined.errors).toBeUndefined();
      expect(declined.data!.respondToMemoryPrivacyChange.memory).toMatchObject({
        privacy: "PRIVATE",
        pendingPrivacy: null,
      });
      expect((await d1A.get(`/api/memories/${m.id}`)).status).toBe(404);
      const [answered] = await noticesAbout(annA, m.id);
      expect(answered).toMatchObject({ type: "PRIVACY_REQUEST", privacyRequestState: "DECLINED" });
      const [told] = await noticesAbout(benA, m.id);
      expect(told).toMatchObject({
        type: "PRIVACY_DECLINED",
        message: 'Ann would rather not make a memory in "Beach" semi-private for now',
      });
      // GraphQL accept applies
      await gql(benA, UPDATE, { id: m.id, privacy: "SEMI_PRIVATE" });
      const accepted = await gql(annA, RESPOND, { id: m.id, accept: true, privacy: "SEMI_PRIVATE" });
      expect(accepted.data!.respondToMemoryPrivacyChange.memory).toMatchObject({ privacy: "SEMI_PRIVATE" });
      expect((await d1A.get(`/api/memories/${m.id}`)).status).toBe(200);
    });

    it("only the other participant answers: the requester 403, nothing pending 409, an accept without a tier 400, anyone else 404", async () => {
      const tl = await shared(Privacy.SEMI_PRIVATE);
      const m = await memoryIn(tl.id, Privacy.PRIVATE);
      const accept = (agent: Agent) =>
        agent.post(`/api/memories/${m.id}/privacy/accept`).send({ privacy: "semi-private" });
      const none = await accept(benA);
      expect(none.status).toBe(409);
      expect(none.body.error).toBe(MEMORY_PRIVACY_MESSAGES.nothingPending);
      await annA.put(`/api/memories/${m.id}`).send({ privacy: "semi-private" }).expect(202);
      const own = await accept(annA);
      expect(own.status).toBe(403);
      expect(own.body.error).toBe(MEMORY_PRIVACY_MESSAGES.ownRequest);
      expect((await benA.post(`/api/memories/${m.id}/privacy/accept`).send({})).status).toBe(400);
      for (const agent of [d1A, farA]) {
        expect((await accept(agent)).status).toBe(404);
        expect(errorCode(await gql(agent, RESPOND, { id: m.id, accept: false }))).toBe("NOT_FOUND");
      }
      expect(await row(m.id)).toMatchObject({ privacy: Privacy.PRIVATE, pendingPrivacy: Privacy.SEMI_PRIVATE });
      // narrowing by the other ends the request as declined
      await benA.put(`/api/memories/${m.id}`).send({ privacy: "private" }).expect(200);
      expect(await row(m.id)).toMatchObject({ privacy: Privacy.PRIVATE, pendingPrivacy: null });
      const [answered] = await noticesAbout(benA, m.id);
      expect(answered).toMatchObject({ privacyRequestState: "DECLINED" });
    });

    it("narrowing the timeline narrows what its memories can be and drops a request beyond it", async () => {
      const tl = await shared(Privacy.PUBLIC);
      const m = await memoryIn(tl.id, Privacy.PRIVATE);
      const wide = await memoryIn(tl.id, Privacy.PUBLIC);
      await annA.put(`/api/memories/${m.id}`).send({ privacy: "public" }).expect(202);
      await benA.put(`/api/timelines/${tl.id}`).send({ privacy: "semi-private" }).expect(200);
      expect(await row(m.id)).toMatchObject({ privacy: Privacy.PRIVATE, pendingPrivacy: null });
      expect((await row(wide.id)).privacy).toBe(Privacy.SEMI_PRIVATE);
      const [closed] = await noticesAbout(benA, m.id);
      expect(closed).toMatchObject({ privacyRequestState: "CANCELLED" });
      expect((await benA.post(`/api/memories/${m.id}/privacy/accept`).send({ privacy: "public" })).status).toBe(409);
    });

    it("a proposal, or a timeline whose other person is gone, needs one key", async () => {
      const tl = await shared(Privacy.PUBLIC, { status: TimelineStatus.PENDING });
      const m = await memoryIn(tl.id, Privacy.PRIVATE);
      const res = await annA.put(`/api/memories/${m.id}`).send({ privacy: null });
      expect(res.status).toBe(200);
      expect((await row(m.id)).privacy).toBeNull();
    });
  });

  it("a friend notice of photos counts only the memories friends may see", async () => {
    const tl = await shared(Privacy.SEMI_PRIVATE);
    await memoryIn(tl.id, Privacy.PRIVATE);
    const told = await annA
      .post("/api/notifications/friend-photos-uploaded")
      .send({ timeline_id: tl.id, photoCount: 1 });
    expect(told.status).toBeLessThan(300);
    const notices = await t.ds.getRepository(Notification).findBy({
      recipientId: d1.id,
      type: NotificationType.PHOTOS_UPLOADED,
      relatedTimelineId: tl.id,
    });
    expect(notices).toEqual([]);
    await memoryIn(tl.id);
    await annA.post("/api/notifications/friend-photos-uploaded").send({ timeline_id: tl.id, photoCount: 2 });
    const after = await t.ds.getRepository(Notification).findBy({
      recipientId: d1.id,
      type: NotificationType.PHOTOS_UPLOADED,
      relatedTimelineId: tl.id,
    });
    expect(after.map((n) => n.count)).toEqual([1]);
  });
});
