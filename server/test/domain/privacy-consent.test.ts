import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import { PRIVACY_CHANGE_MESSAGES } from "../../src/modules/timelines/privacy-change.service.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMemory, createTimeline, createUser } from "../factories/index.js";
import { fixture } from "../helpers/fixtures.js";
import { errorCode, gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Two keys to widen, one to narrow (docs/decisions/026-two-keys-privacy.md), through both APIs:
 * a wider tier waits for the other participant and the old tier holds for every read and media
 * byte until they accept; narrowing is immediate and ends a request; the notices follow.
 *
 *   far — d2 — d1 — ann ══ ben      (far is 3 degrees from ann: outside semi-private, inside public)
 */
const UPDATE = `mutation($id: ID!, $privacy: Privacy) { updateTimeline(input: { id: $id, privacy: $privacy }) {
  timeline { id privacy pendingPrivacy privacyRequestedAt privacyRequestedBy { id } } } }`;
const RESPOND = `mutation($id: ID!, $accept: Boolean!, $privacy: Privacy) { respondToPrivacyChange(input: { id: $id, accept: $accept, privacy: $privacy }) {
  timeline { id privacy pendingPrivacy privacyRequestedBy { id } } } }`;
const TIMELINE = `query($id: ID!) { timeline(id: $id) { id privacy pendingPrivacy privacyRequestedBy { id } } }`;
const NOTICES = `{ notifications { edges { node { id type message isRead privacy privacyRequestState relatedTimelineId } } } }`;

describe("two keys to widen a timeline's tier", () => {
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
    ann = await createUser(t.ds, { displayName: "Ann" });
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
  const row = (id: string) => t.ds.getRepository(Timeline).findOneByOrFail({ id });
  const noticesOf = async (agent: Agent, timelineId: string): Promise<Json[]> =>
    ((await gql(agent, NOTICES)).data!.notifications.edges as Json[])
      .map((e) => e.node)
      .filter((n) => n.relatedTimelineId === timelineId);

  describe("while the timeline is a proposal", () => {
    it("the creator's tier applies at once and is accepted with the proposal", async () => {
      const tl = await shared(Privacy.PRIVATE, { status: TimelineStatus.PENDING });
      const r = await gql(annA, UPDATE, { id: tl.id, privacy: "PUBLIC" });
      expect(r.data!.updateTimeline.timeline).toMatchObject({ privacy: "PUBLIC", pendingPrivacy: null });
      const res = await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "semi-private" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ privacy: "semi-private", pending_privacy: null });
      await benA.post(`/api/timelines/${tl.id}/accept`).expect(200);
      expect((await row(tl.id)).privacy).toBe(Privacy.SEMI_PRIVATE);
    });

    it("the invitee may narrow it but not widen it before accepting", async () => {
      const tl = await shared(Privacy.SEMI_PRIVATE, { status: TimelineStatus.PENDING });
      const wider = await benA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" });
      expect(wider.status).toBe(403);
      expect(wider.body.error).toBe(PRIVACY_CHANGE_MESSAGES.notAcceptedYet);
      expect((await row(tl.id)).privacy).toBe(Privacy.SEMI_PRIVATE);
      const r = await gql(benA, UPDATE, { id: tl.id, privacy: "PRIVATE" });
      expect(r.data!.updateTimeline.timeline.privacy).toBe("PRIVATE");
    });
  });

  describe("after acceptance", () => {
    it("REST: a wider tier answers 202 with pending_privacy; the old tier holds for rows and media bytes until accepted", async () => {
      const tl = await shared(Privacy.SEMI_PRIVATE);
      const media = await t.services.media.ingest(
        { userId: ann.id },
        {
          stream: fs.createReadStream(fixture("photo-plain.jpg")),
          filename: "p.jpg",
        },
      );
      await t.services.media.markAttached([media.id]);
      const memory = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id, mediaId: media.id });
      const bytes = t.services.media.signedUrl(media.id, "display");

      const res = await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        privacy: "semi-private",
        pending_privacy: "public",
        privacy_requested_by_id: ann.id,
        privacy_requested_by_user: { id: ann.id },
      });
      expect(typeof res.body.privacy_requested_at).toBe("string");
      // far (3 degrees) is still outside the tier in force
      expect((await farA.get(`/api/timelines/${tl.id}`)).status).toBe(404);
      expect((await farA.get(`/api/memories/${memory.id}`)).status).toBe(404);
      expect((await farA.get(bytes)).status).toBe(404);
      expect((await gql(farA, TIMELINE, { id: tl.id })).data!.timeline).toBeNull();

      // Ben is asked, in Updates, with the request open
      const [asked] = await noticesOf(benA, tl.id);
      expect(asked).toMatchObject({
        type: "PRIVACY_REQUEST",
        message: 'Ann would like to make "Beach" public',
        privacy: "PUBLIC",
        privacyRequestState: "OPEN",
        isRead: false,
      });

      const accepted = await benA.post(`/api/timelines/${tl.id}/privacy/accept`).send({ privacy: "public" });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ privacy: "public", pending_privacy: null });
      expect((await farA.get(`/api/timelines/${tl.id}`)).status).toBe(200);
      expect((await farA.get(bytes)).status).toBe(200);

      const [answered] = await noticesOf(benA, tl.id);
      expect(answered).toMatchObject({ privacyRequestState: "ACCEPTED", isRead: true });
      const [told] = await noticesOf(annA, tl.id);
      expect(told).toMatchObject({ type: "PRIVACY_ACCEPTED", message: 'Ben agreed: "Beach" is now public' });
    });

    it("GraphQL: updateTimeline returns the old tier with pendingPrivacy; respondToPrivacyChange declines", async () => {
      const tl = await shared(Privacy.PRIVATE);
      const r = await gql(benA, UPDATE, { id: tl.id, privacy: "SEMI_PRIVATE" });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateTimeline.timeline).toMatchObject({
        privacy: "PRIVATE",
        pendingPrivacy: "SEMI_PRIVATE",
        privacyRequestedBy: { id: ben.id },
      });
      expect((await gql(d1A, TIMELINE, { id: tl.id })).data!.timeline).toBeNull();

      const declined = await gql(annA, RESPOND, { id: tl.id, accept: false });
      expect(declined.errors).toBeUndefined();
      expect(declined.data!.respondToPrivacyChange.timeline).toMatchObject({
        privacy: "PRIVATE",
        pendingPrivacy: null,
        privacyRequestedBy: null,
      });
      expect((await gql(d1A, TIMELINE, { id: tl.id })).data!.timeline).toBeNull();
      const [answered] = await noticesOf(annA, tl.id);
      expect(answered).toMatchObject({ type: "PRIVACY_REQUEST", privacyRequestState: "DECLINED" });
      const [told] = await noticesOf(benA, tl.id);
      expect(told).toMatchObject({
        type: "PRIVACY_DECLINED",
        message: 'Ann would rather not make "Beach" semi-private for now',
      });
    });

    it("REST decline keeps the tier; GraphQL accept applies it", async () => {
      const tl = await shared(Privacy.PRIVATE);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "semi-private" }).expect(202);
      const res = await benA.post(`/api/timelines/${tl.id}/privacy/decline`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ privacy: "private", pending_privacy: null });

      await gql(annA, UPDATE, { id: tl.id, privacy: "SEMI_PRIVATE" });
      const r = await gql(benA, RESPOND, { id: tl.id, accept: true, privacy: "SEMI_PRIVATE" });
      expect(r.data!.respondToPrivacyChange.timeline).toMatchObject({ privacy: "SEMI_PRIVATE", pendingPrivacy: null });
      expect((await gql(d1A, TIMELINE, { id: tl.id })).data!.timeline).toMatchObject({ privacy: "SEMI_PRIVATE" });
    });

    it("only the other participant answers: the requester 403, nothing pending 409, anyone else not found", async () => {
      const tl = await shared(Privacy.SEMI_PRIVATE);
      // nothing pending
      const accept = (agent: Agent, id: string) =>
        agent.post(`/api/timelines/${id}/privacy/accept`).send({ privacy: "public" });
      expect((await accept(benA, tl.id)).status).toBe(409);
      expect((await accept(benA, tl.id)).body.error).toBe(PRIVACY_CHANGE_MESSAGES.nothingPending);
      expect(errorCode(await gql(annA, RESPOND, { id: tl.id, accept: true, privacy: "PUBLIC" }))).toBe("CONFLICT");

      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(202);
      const own = await accept(annA, tl.id);
      expect(own.status).toBe(403);
      expect(own.body.error).toBe(PRIVACY_CHANGE_MESSAGES.ownRequest);
      expect(errorCode(await gql(annA, RESPOND, { id: tl.id, accept: false }))).toBe("FORBIDDEN");
      // d1 can see the semi-private timeline but is no participant; far cannot see it at all
      for (const agent of [d1A, farA]) {
        expect((await accept(agent, tl.id)).status).toBe(404);
        expect((await agent.post(`/api/timelines/${tl.id}/privacy/decline`)).status).toBe(404);
        expect(errorCode(await gql(agent, RESPOND, { id: tl.id, accept: true, privacy: "PUBLIC" }))).toBe("NOT_FOUND");
      }
      expect((await accept(benA, "00000000-0000-0000-0000-000000000000")).status).toBe(404);
      expect(await row(tl.id)).toMatchObject({ privacy: Privacy.SEMI_PRIVATE, pendingPrivacy: Privacy.PUBLIC });
      // the request is the participants' business: an onlooker sees no trace of it
      expect((await gql(d1A, TIMELINE, { id: tl.id })).data!.timeline).toMatchObject({
        pendingPrivacy: null,
        privacyRequestedBy: null,
      });
      expect((await d1A.get(`/api/timelines/${tl.id}`)).body).toMatchObject({
        pending_privacy: null,
        privacy_requested_by_id: null,
      });
    });

    it("narrowing is immediate for either participant and ends a pending request", async () => {
      // the requester narrows: withdrawn, the other's notice loses its buttons, nobody is told
      const a = await shared(Privacy.SEMI_PRIVATE);
      await annA.put(`/api/timelines/${a.id}`).send({ privacy: "public" }).expect(202);
      const res = await annA.put(`/api/timelines/${a.id}`).send({ privacy: "private" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ privacy: "private", pending_privacy: null });
      expect((await noticesOf(benA, a.id))[0]).toMatchObject({ privacyRequestState: "CANCELLED", isRead: true });
      expect(await noticesOf(annA, a.id)).toEqual([]);

      // the other participant narrows: immediate, and the requester learns the answer
      const b = await shared(Privacy.SEMI_PRIVATE);
      await gql(annA, UPDATE, { id: b.id, privacy: "PUBLIC" });
      const r = await gql(benA, UPDATE, { id: b.id, privacy: "PRIVATE" });
      expect(r.data!.updateTimeline.timeline).toMatchObject({ privacy: "PRIVATE", pendingPrivacy: null });
      expect((await noticesOf(benA, b.id))[0]).toMatchObject({ privacyRequestState: "DECLINED" });
      expect((await noticesOf(annA, b.id))[0]).toMatchObject({ type: "PRIVACY_DECLINED" });
    });

    it("setting the current tier cancels the request (the settings screen's cancel)", async () => {
      const tl = await shared(Privacy.PRIVATE);
      await gql(annA, UPDATE, { id: tl.id, privacy: "PUBLIC" });
      const r = await gql(annA, UPDATE, { id: tl.id, privacy: "PRIVATE" });
      expect(r.data!.updateTimeline.timeline).toMatchObject({ privacy: "PRIVATE", pendingPrivacy: null });
      expect((await noticesOf(benA, tl.id))[0]).toMatchObject({ privacyRequestState: "CANCELLED" });
      expect((await benA.post(`/api/timelines/${tl.id}/privacy/accept`).send({ privacy: "public" })).status).toBe(409);
    });

    it("a second wider request replaces the first; asking again for the same tier changes nothing", async () => {
      const tl = await shared(Privacy.PRIVATE);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "semi-private" }).expect(202);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(202);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(202);
      const notices = await noticesOf(benA, tl.id);
      // (the test clock stands still, so both notices share a time: compare them sorted)
      expect(notices.map((n) => [n.privacy, n.privacyRequestState]).sort()).toEqual([
        ["PUBLIC", "OPEN"],
        ["SEMI_PRIVATE", "CANCELLED"],
      ]);
      expect(await row(tl.id)).toMatchObject({ privacy: Privacy.PRIVATE, pendingPrivacy: Privacy.PUBLIC });
    });

    it("the other participant asking for the tier that is pending counts as consent", async () => {
      const tl = await shared(Privacy.PRIVATE);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(202);
      const res = await benA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ privacy: "public", pending_privacy: null });
      expect((await noticesOf(benA, tl.id))[0]).toMatchObject({ privacyRequestState: "ACCEPTED" });
      expect((await noticesOf(annA, tl.id))[0]).toMatchObject({ type: "PRIVACY_ACCEPTED" });
    });

    it("the other participant asking for a different wider tier replaces the request", async () => {
      const tl = await shared(Privacy.PRIVATE);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(202);
      await benA.put(`/api/timelines/${tl.id}`).send({ privacy: "semi-private" }).expect(202);
      expect(await row(tl.id)).toMatchObject({
        privacy: Privacy.PRIVATE,
        pendingPrivacy: Privacy.SEMI_PRIVATE,
        privacyRequestedById: ben.id,
      });
      expect((await annA.post(`/api/timelines/${tl.id}/privacy/accept`).send({ privacy: "semi-private" })).status).toBe(
        200,
      );
      expect((await row(tl.id)).privacy).toBe(Privacy.SEMI_PRIVATE);
    });

    it("an open request is not dismissed by marking it read, nor by mark all", async () => {
      const tl = await shared(Privacy.PRIVATE);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(202);
      const [asked] = await noticesOf(benA, tl.id);
      await benA.put(`/api/notifications/${asked.id}/read`).expect(200);
      await benA.put(`/api/notifications/mark-all-read`).expect(200);
      expect((await noticesOf(benA, tl.id))[0]).toMatchObject({ isRead: false, privacyRequestState: "OPEN" });
      const rest = (await benA.get(`/api/notifications`)).body as Json[];
      expect(rest.find((n) => n.id === asked.id)).toMatchObject({ privacy: "public", privacy_request_state: "open" });
    });

    it("an inactive timeline keeps the rule: the wider tier waits", async () => {
      const tl = await shared(Privacy.PRIVATE, { isActive: false });
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(202);
      expect(await row(tl.id)).toMatchObject({ privacy: Privacy.PRIVATE, pendingPrivacy: Privacy.PUBLIC });
    });

    it("a title and a wider tier in one save: the title applies, the tier waits", async () => {
      const tl = await shared(Privacy.PRIVATE);
      const res = await annA.put(`/api/timelines/${tl.id}`).send({ title: "Sea", privacy: "public" });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ title: "Sea", privacy: "private", pending_privacy: "public" });
    });

    it("a tier that is not one of the three is a 400 with the product's message", async () => {
      const tl = await shared(Privacy.PRIVATE);
      const res = await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "everyone" });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("Privacy must be private, semi-private or public");
    });
  });

  describe("consent names what it consents to (docs/decisions/032-who-may-learn-whom.md)", () => {
    it("an accept carries the tier shown: a request changed meanwhile is a 409 that changes nothing, in both APIs", async () => {
      const tl = await shared(Privacy.PRIVATE);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "semi-private" }).expect(202);
      // Ben's notice says semi-private
      expect((await noticesOf(benA, tl.id))[0]).toMatchObject({ privacy: "SEMI_PRIVATE", privacyRequestState: "OPEN" });
      // Ann changes the request to public before Ben answers: restarted, and Ben is told
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(202);
      const told = await noticesOf(benA, tl.id);
      expect(told.map((n) => [n.privacy, n.privacyRequestState]).sort()).toEqual([
        ["PUBLIC", "OPEN"],
        ["SEMI_PRIVATE", "CANCELLED"],
      ]);
      expect(told.find((n) => n.privacyRequestState === "OPEN")).toMatchObject({
        message: 'Ann would like to make "Beach" public',
        isRead: false,
      });
      // Ben accepts what he was shown: refused, nothing applied
      const rest = await benA.post(`/api/timelines/${tl.id}/privacy/accept`).send({ privacy: "semi-private" });
      expect(rest.status).toBe(409);
      expect(rest.body.error).toMatch(/changed: it now asks to make the timeline public/);
      const r = await gql(benA, RESPOND, { id: tl.id, accept: true, privacy: "SEMI_PRIVATE" });
      expect(errorCode(r)).toBe("CONFLICT");
      expect(await row(tl.id)).toMatchObject({ privacy: Privacy.PRIVATE, pendingPrivacy: Privacy.PUBLIC });
      expect((await farA.get(`/api/timelines/${tl.id}`)).status).toBe(404);
      // an accept that names no tier is refused before anything is read
      const bare = await benA.post(`/api/timelines/${tl.id}/privacy/accept`);
      expect(bare.status).toBe(400);
      expect(errorCode(await gql(benA, RESPOND, { id: tl.id, accept: true }))).toBe("BAD_USER_INPUT");
      // naming what is asked now applies it
      const ok = await gql(benA, RESPOND, { id: tl.id, accept: true, privacy: "PUBLIC" });
      expect(ok.data!.respondToPrivacyChange.timeline).toMatchObject({ privacy: "PUBLIC", pendingPrivacy: null });
    });

    it("a decline may name the tier too, and is refused the same way when the request changed", async () => {
      const tl = await shared(Privacy.PRIVATE);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(202);
      expect(
        (await benA.post(`/api/timelines/${tl.id}/privacy/decline`).send({ privacy: "semi-private" })).status,
      ).toBe(409);
      expect((await row(tl.id)).pendingPrivacy).toBe(Privacy.PUBLIC);
      expect((await benA.post(`/api/timelines/${tl.id}/privacy/decline`).send({ privacy: "public" })).status).toBe(200);
      expect((await row(tl.id)).pendingPrivacy).toBeNull();
    });

    it("widening a proposal before it is answered tells the invitee again, with the tier; narrowing does not", async () => {
      const tl = await shared(Privacy.PRIVATE, { status: TimelineStatus.PENDING });
      await t.services.notifications.timelineProposed(tl, ann);
      const before = await noticesOf(benA, tl.id);
      expect(before).toHaveLength(1);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" }).expect(200);
      const after = await noticesOf(benA, tl.id);
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({
        type: "TIMELINE_PROPOSAL",
        message: 'Ann changed the invitation to share "Beach": it would be public',
        privacy: "PUBLIC",
        isRead: false,
      });
      expect(after[0].id).not.toBe(before[0].id);
      await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "semi-private" }).expect(200);
      expect((await noticesOf(benA, tl.id))[0].id).toBe(after[0].id);
    });
  });

  describe("when the other participant is gone (Former member)", () => {
    it("deleting an account ends its pending request, and the one who stays decides alone", async () => {
      const cat = await createUser(t.ds, { displayName: "Cat" });
      const catA = await signInAs(t, cat);
      const tl = await createTimeline(t.ds, {
        createdById: ann.id,
        collaboratorId: cat.id,
        privacy: Privacy.PRIVATE,
        title: "Hills",
      });
      await catA.put(`/api/timelines/${tl.id}`).send({ privacy: "semi-private" }).expect(202);
      expect((await noticesOf(annA, tl.id))[0]).toMatchObject({ privacyRequestState: "OPEN" });

      await t.services.accountDeletion.deleteAccount(t.services.access.viewer(cat.id), "DELETE");
      expect(await row(tl.id)).toMatchObject({
        formerMember: true,
        privacy: Privacy.PRIVATE,
        pendingPrivacy: null,
        privacyRequestedById: null,
      });
      const asked = (await noticesOf(annA, tl.id)).find((n) => n.type === "PRIVACY_REQUEST");
      expect(asked).toMatchObject({ privacyRequestState: "CANCELLED" });

      const res = await annA.put(`/api/timelines/${tl.id}`).send({ privacy: "public" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ privacy: "public", pending_privacy: null });
      expect(
        await t.ds
          .getRepository(Notification)
          .countBy({ relatedTimelineId: tl.id, type: NotificationType.PRIVACY_REQUEST }),
      ).toBe(1);
    });
  });
});
