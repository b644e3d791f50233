import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipText } from "../../src/lib/text-rules.js";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createNotification, createTimeline, createUser } from "../factories/index.js";
import { anonymous, errorCode, gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const LIST = `query($first: Int) { notifications(first: $first) { edges { node { id type message isRead createdAt relatedTimelineId actionUrl relatedUser { id username } } } pageInfo { hasNextPage } } }`;
/** The notifications of a LIST answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const listed = (r: { data?: any }) => r.data!.notifications.edges.map((e: { node: unknown }) => e.node);
const MARK = `mutation($id: ID!) { markNotificationRead(input: { id: $id }) { notification { id isRead } } }`;
const FAMILY = "👨‍👩‍👧‍👦";
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MARK_ALL = `mutation { markAllNotificationsRead { count } }`;

describe("notifications", () => {
  let t: TestApp;
  let ann: User;
  let annA: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.ds, { displayName: "Ann" });
    annA = await signInAs(t, ann);
  });
  afterAll(() => t.close());

  describe("list, count, mark read", () => {
    it("lists at most 50, newest first, with the related user; only one's own", async () => {
      const rel = await createUser(t.ds, { username: "relateduser" });
      const base = Date.now() - 100 * 60_000;
      for (let i = 0; i < 55; i++) {
        await createNotification(t.ds, {
          recipientId: ann.id,
          message: `n${i}`,
          relatedUserId: rel.id,
          createdAt: new Date(base + i * 60_000),
        });
      }
      await createNotification(t.ds, { recipientId: rel.id, message: "not ann's" });
      const r = await gql(annA, LIST, { first: 50 });
      expect(listed(r)).toHaveLength(50);
      expect(r.data!.notifications.pageInfo.hasNextPage).toBe(true);
      expect(listed(r)[0]).toMatchObject({
        message: "n54",
        isRead: false,
        relatedUser: { id: rel.id, username: "relateduser" },
      });
      expect(listed(r).map((n: { message: string }) => n.message)).not.toContain("not ann's");
      expect(listed(await gql(annA, LIST, { first: 5 }))).toHaveLength(5);
      expect(listed(await gql(annA, LIST))).toHaveLength(30); // the default page
      expect(listed(await gql(annA, LIST, { first: 100 }))).toHaveLength(55);
      expect((await gql(annA, `{ unreadNotificationCount }`)).data!.unreadNotificationCount).toBe(55);

      const rest = await annA.get("/api/notifications").query({ limit: 50 }).expect(200);
      expect(rest.body).toHaveLength(50);
      expect(rest.body[0]).toMatchObject({
        _id: rest.body[0].id,
        type: "other",
        message: "n54",
        is_read: false,
        related_user_id: { _id: rel.id, username: "relateduser", email: null },
      });
      expect(rest.body[0].createdAt).toEqual(expect.any(String));
    });

    it("mark one read (own only) and mark all read", async () => {
      const mine = await createNotification(t.ds, { recipientId: ann.id });
      const other = await createNotification(t.ds, { recipientId: (await createUser(t.ds)).id });
      expect((await gql(annA, MARK, { id: mine.id })).data!.markNotificationRead.notification).toEqual({
        id: mine.id,
        isRead: true,
      });
      expect(errorCode(await gql(annA, MARK, { id: other.id }))).toBe("NOT_FOUND");
      await annA.put(`/api/notifications/${other.id}/read`).expect(404);
      expect((await t.ds.getRepository(Notification).findOneByOrFail({ id: other.id })).isRead).toBe(false);
      const all = await annA.put("/api/notifications/mark-all-read").expect(200);
      expect(all.body.count).toBeGreaterThan(0);
      expect((await gql(annA, `{ unreadNotificationCount }`)).data!.unreadNotificationCount).toBe(0);
      expect((await gql(annA, MARK_ALL)).data!.markAllNotificationsRead.count).toBe(0);
    });

    it("a pending timeline_proposal is not dismissed by mark-read or mark-all; once answered it is", async () => {
      const bob = await createUser(t.ds, { displayName: "Bob" });
      const bobA = await signInAs(t, bob);
      const r = await gql(
        annA,
        `mutation($c: ID!) { createTimeline(input: { title: "Ask", collaboratorId: $c, privacy: PRIVATE }) { timeline { id } } }`,
        { c: bob.id },
      );
      const tlId = r.data!.createTimeline.timeline.id;
      const proposal = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: bob.id, relatedTimelineId: tlId });
      expect(proposal.type).toBe(NotificationType.TIMELINE_PROPOSAL);
      expect(proposal.actionUrl).toBe("/app/updates");
      await createNotification(t.ds, { recipientId: bob.id, message: "ordinary" });

      expect((await gql(bobA, MARK, { id: proposal.id })).data!.markNotificationRead.notification.isRead).toBe(false);
      expect((await bobA.put(`/api/notifications/${proposal.id}/read`).expect(200)).body.is_read).toBe(false);
      expect((await gql(bobA, MARK_ALL)).data!.markAllNotificationsRead.count).toBe(1);
      expect((await gql(bobA, `{ unreadNotificationCount }`)).data!.unreadNotificationCount).toBe(1);

      await gql(bobA, `mutation($id: ID!) { rejectTimeline(input: { id: $id }) { timeline { id } } }`, { id: tlId });
      expect((await t.ds.getRepository(Notification).findOneByOrFail({ id: proposal.id })).isRead).toBe(true);
    });

    it("a timeline_proposal tells its invitee what became of it (pending, accepted, rejected); nobody else learns it", async () => {
      const PROPOSALS = `{ notifications(first: 100) { edges { node { id type relatedTimelineId proposalStatus } } } }`;
      const bob = await createUser(t.ds, { displayName: "Bob" });
      const carol = await createUser(t.ds, { displayName: "Carol" });
      const bobA = await signInAs(t, bob);
      const carolA = await signInAs(t, carol);
      await connect(t.ds, ann, carol, { privacy: Privacy.PRIVATE }); // Carol is one hop from Ann
      const propose = async (title: string) =>
        (
          await gql(
            annA,
            `mutation($c: ID!, $t: String!) { createTimeline(input: { title: $t, collaboratorId: $c, privacy: PUBLIC }) { timeline { id } } }`,
            { c: bob.id, t: title },
          )
        ).data!.createTimeline.timeline.id as string;
      const [stays, taken, declined] = [await propose("Stays"), await propose("Taken"), await propose("Declined")];
      const statusOf = async (agent: Agent, timelineId: string) => {
        const nodes = listed(await gql(agent, PROPOSALS)).filter(
          (n: { type: string; relatedTimelineId: string }) =>
            n.type === "TIMELINE_PROPOSAL" && n.relatedTimelineId === timelineId,
        );
        const rest = (await agent.get("/api/notifications").query({ limit: 50 }).expect(200)).body.filter(
          (n: { type: string; related_timeline_id: string }) =>
            n.type === "timeline_proposal" && n.related_timeline_id === timelineId,
        );
        return {
          graphql: nodes.map((n: { proposalStatus: string | null }) => n.proposalStatus),
          rest: rest.map((n: { proposal_status: string | null }) => n.proposal_status),
        };
      };
      for (const id of [stays, taken, declined])
        expect(await statusOf(bobA, id)).toEqual({ graphql: ["PENDING"], rest: ["pending"] });

      await gql(bobA, `mutation($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }`, { id: taken });
      await gql(bobA, `mutation($id: ID!) { rejectTimeline(input: { id: $id }) { timeline { id } } }`, {
        id: declined,
      });
      expect(await statusOf(bobA, stays)).toEqual({ graphql: ["PENDING"], rest: ["pending"] });
      expect(await statusOf(bobA, taken)).toEqual({ graphql: ["ACCEPTED"], rest: ["accepted"] });
      expect(await statusOf(bobA, declined)).toEqual({ graphql: ["REJECTED"], rest: ["rejected"] });
      const proposal = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: bob.id, relatedTimelineId: taken });
      const marked = await gql(
        bobA,
        `mutation($id: ID!) { markNotificationRead(input: { id: $id }) { notification { proposalStatus } } }`,
        {
          id: proposal.id,
        },
      );
      expect(marked.data!.markNotificationRead.notification.proposalStatus).toBe("ACCEPTED");

      // Nobody but the invitee learns the answer: a proposal notice that reached someone else
      // (the creator, or a connection who may see the now public timeline) carries no outcome.
      await createNotification(t.ds, {
        recipientId: ann.id,
        type: NotificationType.TIMELINE_PROPOSAL,
        relatedTimelineId: taken,
      });
      await createNotification(t.ds, {
        recipientId: carol.id,
        type: NotificationType.TIMELINE_PROPOSAL,
        relatedTimelineId: taken,
      });
      expect(await statusOf(annA, taken)).toEqual({ graphql: [null], rest: [null] });
      expect(await statusOf(carolA, taken)).toEqual({ graphql: [null], rest: [null] });
      // and no other kind of notice carries it (Ann's "Bob accepted your invitation")
      const annNodes = listed(await gql(annA, PROPOSALS)).filter(
        (n: { type: string; relatedTimelineId: string }) => n.relatedTimelineId === taken,
      );
      expect(annNodes.map((n: { type: string }) => n.type)).toContain("TIMELINE_ACCEPTED");
      expect(annNodes.map((n: { proposalStatus: string | null }) => n.proposalStatus)).toEqual(
        annNodes.map(() => null),
      );
    });

    it("a long emoji title is never cut inside an emoji (stored and served text)", async () => {
      const bob = await createUser(t.ds, { displayName: "Bob" });
      const bobA = await signInAs(t, bob);
      const title = FAMILY.repeat(100); // 100 characters, 1100 UTF-16 units
      const r = await gql(
        annA,
        `mutation($c: ID!, $t: String!) { createTimeline(input: { title: $t, collaboratorId: $c, privacy: PRIVATE }) { timeline { id } } }`,
        { c: bob.id, t: title },
      );
      const tlId = r.data!.createTimeline.timeline.id;
      const expected = `Ann invited you to share the timeline "${title}"`;
      const stored = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: bob.id, relatedTimelineId: tlId });
      expect(stored.message).toBe(expected);
      const served = listed(await gql(bobA, LIST)).find(
        (n: { relatedTimelineId: string }) => n.relatedTimelineId === tlId,
      );
      expect(served.message).toBe(expected);
      expect(served.message).not.toMatch(LONE_SURROGATE);
    });

    it("clipText keeps at most n characters and never splits one", () => {
      expect(clipText("ab😀cd", 3)).toBe("ab😀");
      expect("ab😀cd".slice(0, 3)).toMatch(LONE_SURROGATE); // what a plain slice did
      expect(clipText(FAMILY.repeat(3), 2)).toBe(FAMILY.repeat(2));
      expect(clipText("x".repeat(499) + "🇫🇷🇫🇷", 500)).toBe("x".repeat(499) + "🇫🇷");
      expect(clipText("short", 500)).toBe("short");
    });

    it("needs a session", async () => {
      await anonymous(t).get("/api/notifications").expect(401);
      expect(errorCode(await gql(anonymous(t), `{ unreadNotificationCount }`))).toBe("UNAUTHENTICATED");
    });
  });

  describe("friend fan-out (POST /api/notifications/friend-…)", () => {
    /** a–b share the subject; a has friends f1, f2; b has friend g; g has friend h (2 from b). */
    async function world(privacy: Privacy, status = TimelineStatus.ACCEPTED) {
      const a = await createUser(t.ds, { displayName: "Amy" });
      const b = await createUser(t.ds, { displayName: "Bo" });
      const f1 = await createUser(t.ds);
      const f2 = await createUser(t.ds);
      const g = await createUser(t.ds);
      const h = await createUser(t.ds);
      await connect(t.ds, a, f1);
      await connect(t.ds, f2, a);
      await connect(t.ds, b, g);
      await connect(t.ds, g, h);
      const subject = await createTimeline(t.ds, {
        createdById: a.id,
        collaboratorId: b.id,
        privacy,
        status,
        title: "Trip",
      });
      return { a, b, f1, f2, g, h, subject };
    }
    const received = (userId: string, type: NotificationType, timelineId: string) =>
      t.ds.getRepository(Notification).countBy({ recipientId: userId, type, relatedTimelineId: timelineId });

    it("timeline_created reaches the participants' connections who can see it, once per hour", async () => {
      const w = await world(Privacy.SEMI_PRIVATE);
      const aA = await signInAs(t, w.a);
      const res = await aA
        .post("/api/notifications/friend-timeline-created")
        .send({ timelineId: w.subject.id, collaboratorEmail: w.b.email })
        .expect(200);
      expect(res.body).toEqual({ success: true, count: 3 });
      for (const u of [w.f1, w.f2, w.g])
        expect(await received(u.id, NotificationType.TIMELINE_CREATED, w.subject.id)).toBe(1);
      for (const u of [w.h, w.a, w.b])
        expect(await received(u.id, NotificationType.TIMELINE_CREATED, w.subject.id)).toBe(0);
      const n = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: w.g.id, relatedTimelineId: w.subject.id });
      expect(n).toMatchObject({
        message: 'Amy and Bo started a new timeline, "Trip"',
        relatedUserId: w.a.id,
        actionUrl: `/app/view-timeline?id=${w.subject.id}`,
      });

      // idempotent within the hour (also when the other participant asks), then again after it
      expect(
        (await aA.post("/api/notifications/friend-timeline-created").send({ timelineId: w.subject.id }).expect(200))
          .body.count,
      ).toBe(0);
      const bA = await signInAs(t, w.b);
      expect(
        (await bA.post("/api/notifications/friend-timeline-created").send({ timelineId: w.subject.id }).expect(200))
          .body.count,
      ).toBe(0);
      const both = await Promise.all(
        [1, 2, 3].map(() => aA.post("/api/notifications/friend-timeline-created").send({ timelineId: w.subject.id })),
      );
      expect(both.map((r) => r.body.count)).toEqual([0, 0, 0]);
      t.clock.advance(61 * 60_000);
      expect(
        (await aA.post("/api/notifications/friend-timeline-created").send({ timelineId: w.subject.id }).expect(200))
          .body.count,
      ).toBe(3);
    });

    it("concurrent calls insert no duplicates", async () => {
      const w = await world(Privacy.PUBLIC);
      const aA = await signInAs(t, w.a);
      const counts = await Promise.all(
        [1, 2, 3, 4].map(() =>
          aA.post("/api/notifications/friend-photos-uploaded").send({ timelineId: w.subject.id, photoCount: 2 }),
        ),
      );
      expect(counts.map((r) => r.body.count).reduce((x, y) => x + y, 0)).toBe(3);
      const n = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: w.f1.id, relatedTimelineId: w.subject.id });
      expect(n).toMatchObject({ type: NotificationType.PHOTOS_UPLOADED, message: 'Amy added 2 new photos to "Trip"' });
    });

    it.each([
      ["private", Privacy.PRIVATE, TimelineStatus.ACCEPTED],
      ["pending", Privacy.PUBLIC, TimelineStatus.PENDING],
    ])("a %s timeline reaches nobody", async (_label, privacy, status) => {
      const w = await world(privacy, status);
      const aA = await signInAs(t, w.a);
      expect(
        (await aA.post("/api/notifications/friend-timeline-created").send({ timelineId: w.subject.id }).expect(200))
          .body.count,
      ).toBe(0);
      expect(
        (await aA.post("/api/notifications/friend-photos-uploaded").send({ timelineId: w.subject.id }).expect(200)).body
          .count,
      ).toBe(0);
      expect(
        await t.ds
          .getRepository(Notification)
          .countBy({ relatedTimelineId: w.subject.id, type: NotificationType.TIMELINE_CREATED }),
      ).toBe(0);
    });

    it("only participants may trigger it (404 when invisible, 403 for onlookers, 401 anonymous)", async () => {
      const w = await world(Privacy.PUBLIC);
      await (
        await signInAs(t, w.f1)
      )
        .post("/api/notifications/friend-timeline-created")
        .send({ timelineId: w.subject.id })
        .expect(403);
      await (
        await signInAs(t, await createUser(t.ds))
      )
        .post("/api/notifications/friend-timeline-created")
        .send({ timelineId: w.subject.id })
        .expect(404);
      await anonymous(t)
        .post("/api/notifications/friend-photos-uploaded")
        .send({ timelineId: w.subject.id })
        .expect(401);
      await (
        await signInAs(t, w.a)
      )
        .post("/api/notifications/friend-photos-uploaded")
        .send({ timelineId: "garbage" })
        .expect(404);
      expect(await t.ds.getRepository(Notification).countBy({ relatedTimelineId: w.subject.id })).toBe(0);
    });

    it("a notification about a timeline the recipient can no longer see disappears (enforced at retrieval)", async () => {
      const w = await world(Privacy.PUBLIC);
      await (
        await signInAs(t, w.a)
      )
        .post("/api/notifications/friend-timeline-created")
        .send({ timelineId: w.subject.id })
        .expect(200);
      const gA = await signInAs(t, w.g);
      const seen = async () =>
        listed(await gql(gA, LIST)).filter((n: { relatedTimelineId: string }) => n.relatedTimelineId === w.subject.id);
      expect(await seen()).toHaveLength(1);
      const before = (await gql(gA, `{ unreadNotificationCount }`)).data!.unreadNotificationCount;
      await t.ds.query(`UPDATE timelines SET privacy = 'private' WHERE id = $1`, [w.subject.id]);
      expect(await seen()).toHaveLength(0);
      expect((await gql(gA, `{ unreadNotificationCount }`)).data!.unreadNotificationCount).toBe(before - 1);
      const rest = await gA.get("/api/notifications").expect(200);
      expect(rest.body.some((n: { related_timeline_id: string }) => n.related_timeline_id === w.subject.id)).toBe(
        false,
      );
    });

    it("accepting a proposal tells the pair's connections who can now see it", async () => {
      const w = await world(Privacy.SEMI_PRIVATE, TimelineStatus.PENDING);
      const bA = await signInAs(t, w.b);
      await gql(bA, `mutation($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }`, {
        id: w.subject.id,
      });
      for (const u of [w.f1, w.f2, w.g])
        expect(await received(u.id, NotificationType.TIMELINE_CREATED, w.subject.id)).toBe(1);
      expect(await received(w.a.id, NotificationType.TIMELINE_ACCEPTED, w.subject.id)).toBe(1);
    });
  });
});
