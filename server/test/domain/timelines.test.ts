import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { Memory } from "../../src/entities/memory.entity.js";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import { ACCESS_MESSAGES } from "../../src/modules/timelines/timeline.service.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMemory, createTimeline, createUser } from "../factories/index.js";
import { errorCode, gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const CREATE = `mutation($input: CreateTimelineInput!) { createTimeline(input: $input) {
  timeline { id title status privacy isActive isParticipant canRespond collaboratorEmail createdBy { id } collaborator { id } } } }`;
const TIMELINE = `query($id: ID!) { timeline(id: $id) { id title privacy status memoryCount previewImages lastActivity
  memories { edges { node { id position caption memoryDate } } } } }`;

async function outbox(t: TestApp) {
  const dir = path.join(t.dataDir, "outbox");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  return Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
}

describe("timelines", () => {
  let t: TestApp;
  let ann: User;
  let ben: User;
  let annA: Agent;
  let benA: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.ds, { displayName: "Ann", email: "ann@example.com" });
    ben = await createUser(t.ds, { displayName: "Ben", email: "ben@example.com" });
    annA = await signInAs(t, ann);
    benA = await signInAs(t, ben);
  });
  afterAll(() => t.close());

  describe("createTimeline", () => {
    it("creates a pending proposal with the collaborator chosen by id, and tells them", async () => {
      const r = await gql(annA, CREATE, {
        input: { title: "  Our trips ", collaboratorId: ben.id, privacy: "SEMI_PRIVATE" },
      });
      expect(r.errors).toBeUndefined();
      const tl = r.data!.createTimeline.timeline;
      expect(tl).toMatchObject({
        title: "Our trips",
        status: "PENDING",
        privacy: "SEMI_PRIVATE",
        isActive: true,
        isParticipant: true,
        canRespond: false,
        createdBy: { id: ann.id },
        collaborator: { id: ben.id },
      });
      const row = await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id });
      expect(row.privacy).toBe("semi-private");
      const n = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: ben.id, relatedTimelineId: tl.id });
      expect(n).toMatchObject({ type: NotificationType.TIMELINE_PROPOSAL, relatedUserId: ann.id, isRead: false });
      expect(n.message).toBe('Ann invited you to share the timeline "Our trips"');
    });

    it("by the e-mail of an existing account already shared with (the proposal above): that account", async () => {
      const r = await gql(annA, CREATE, {
        input: { title: "By mail", collaboratorEmail: " BEN@example.com ", privacy: "PRIVATE" },
      });
      expect(r.data!.createTimeline.timeline.collaborator).toEqual({ id: ben.id });
    });

    it("by an address without an account: an invitation e-mail, and the proposal waits", async () => {
      const r = await gql(annA, CREATE, {
        input: { title: "Hello <friend>", collaboratorEmail: "newbie@example.com", privacy: "PUBLIC" },
      });
      expect(r.errors).toBeUndefined();
      const tl = r.data!.createTimeline.timeline;
      expect(tl.collaborator).toBeNull();
      expect(tl.collaboratorEmail).toBe("newbie@example.com");
      const mails = (await outbox(t)).filter((m) => JSON.stringify(m.to).includes("newbie@example.com"));
      expect(mails).toHaveLength(1);
      // the inviter's words go to any address: never in the subject, set apart as theirs, bounded
      // (docs/decisions/032-who-may-learn-whom.md)
      expect(mails[0]!.subject).toBe("You are invited to share a timeline on Keepsake");
      expect(mails[0]!.text).toContain("http://keepsake.test/login");
      expect(mails[0]!.text).toContain(
        "In their own words (Keepsake shows them as they were typed and did not write them):",
      );
      expect(mails[0]!.text).toContain('Their name: "Ann"');
      expect(mails[0]!.text).toContain('The timeline: "Hello <friend>"');
      expect(mails[0]!.html).toContain("Hello &lt;friend&gt;");
      expect(await t.ds.getRepository(Notification).countBy({ relatedTimelineId: tl.id })).toBe(0);
    });

    it("an invitation carries at most 60 characters of the inviter's name and 100 of the title", async () => {
      const long = await createUser(t.ds, { displayName: "Ñ".repeat(100) });
      const agent = await signInAs(t, long);
      const title = "e\u0301".repeat(100); // 100 characters of 2 code points each
      await agent
        .post("/api/timelines")
        .send({ title, collaborator_email: "bounded@example.com", privacy: "private" })
        .expect(201);
      const [mail] = (await outbox(t)).filter((m) => JSON.stringify(m.to).includes("bounded@example.com"));
      expect(mail!.subject).not.toContain("Ñ");
      expect(mail!.text).toContain(`Their name: "${"Ñ".repeat(60)}…"`);
      expect(mail!.text).not.toContain("Ñ".repeat(61));
      expect(mail!.text).toContain(`The timeline: "${title}"`);
    });

    it.each([
      [{ title: "", collaboratorId: "BEN", privacy: "PRIVATE" }, "Title is required"],
      [{ title: "x".repeat(101), collaboratorId: "BEN", privacy: "PRIVATE" }, "Title must be at most 100 characters"],
      [{ title: "Fine", privacy: "PRIVATE" }, "Choose a collaborator for this timeline"],
      [{ title: "Fine", collaboratorId: "ANN", privacy: "PRIVATE" }, "You can't create a timeline with yourself"],
      [
        { title: "Fine", collaboratorEmail: "ANN@example.com", privacy: "PRIVATE" },
        "You can't create a timeline with yourself",
      ],
      [
        { title: "Fine", collaboratorEmail: "not-an-address", privacy: "PRIVATE" },
        "Please enter a valid e-mail address for your collaborator",
      ],
      [
        { title: "Fine", collaboratorId: "00000000-0000-4000-8000-000000000000", privacy: "PRIVATE" },
        "Collaborator not found",
      ],
    ])("refuses %j", async (input, message) => {
      const fix = (v: unknown) => (v === "BEN" ? ben.id : v === "ANN" ? ann.id : v);
      const vars = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, fix(v)]));
      const r = await gql(annA, CREATE, { input: vars });
      expect(errorCode(r)).toBe("BAD_USER_INPUT");
      expect(r.errors![0]!.message).toBe(message);
    });

    it("REST POST /api/timelines speaks the spec (snake_case, `_id`, populated users) and answers 400 {error}", async () => {
      const res = await annA
        .post("/api/timelines")
        .send({ title: "Rest", collaborator_email: "ben@example.com", privacy: "public", last_activity: "2020-01-01" })
        .expect(201);
      expect(res.body).toMatchObject({
        _id: res.body.id,
        title: "Rest",
        status: "pending",
        privacy: "public",
        is_active: true,
        created_by: "ann@example.com",
        created_by_user: { _id: ann.id, display_name: "Ann", email: "ann@example.com" },
        collaborator_user: { _id: ben.id, display_name: "Ben" },
        preview_images: [],
      });
      expect(new Date(res.body.last_activity).getFullYear()).not.toBe(2020); // the server keeps it
      const bad = await annA
        .post("/api/timelines")
        .send({ title: "x", collaborator_email: "ben@example.com", privacy: "secret" })
        .expect(400);
      expect(bad.body).toEqual({ error: "Privacy must be private, semi-private or public" });
    });

    it("limits proposals per sender, by e-mail and by id (429 with Retry-After)", async () => {
      const spammer = await createUser(t.ds);
      const a = await signInAs(t, spammer);
      for (let i = 0; i < 20; i++) {
        await a
          .post("/api/timelines")
          .send({ title: `t${i}`, collaborator_email: `guest${i}@example.com`, privacy: "private" })
          .expect(201);
      }
      const res = await a
        .post("/api/timelines")
        .send({ title: "one more", collaborator_email: "guest99@example.com", privacy: "private" })
        .expect(429);
      expect(res.body.error).toMatch(/too many invitations/i);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      // by e-mail, an address with an account counts the same (else the 429 would tell which it is)
      await a
        .post("/api/timelines")
        .send({ title: "to ben", collaborator_email: "ben@example.com", privacy: "private" })
        .expect(429);
      // by id the same limit holds (docs/decisions/032-who-may-learn-whom.md)
      await a.post("/api/timelines").send({ title: "to ben", collaborator_id: ben.id, privacy: "private" }).expect(429);
    });
  });

  describe("lists and reads", () => {
    it("timelines: only the caller's own, most recent activity first, declined proposals left out", async () => {
      const u = await createUser(t.ds);
      const p = await createUser(t.ds);
      const old = await connect(t.ds, u, p, { lastActivity: new Date("2024-01-01") });
      const recent = await connect(t.ds, p, u, { lastActivity: new Date("2024-06-01") });
      await createTimeline(t.ds, { createdById: u.id, collaboratorId: p.id, status: TimelineStatus.REJECTED });
      const pending = await createTimeline(t.ds, {
        createdById: p.id,
        collaboratorId: u.id,
        status: TimelineStatus.PENDING,
        lastActivity: new Date("2023-01-01"),
      });
      await connect(t.ds, ann, ben); // not u's
      const a = await signInAs(t, u);
      const r = await gql(a, `{ timelines { edges { node { id status } } } }`);
      expect(r.data!.timelines.edges.map((x: { node: { id: string } }) => x.node.id)).toEqual([
        recent.id,
        old.id,
        pending.id,
      ]);
      const rest = await a.get("/api/timelines").expect(200);
      expect(rest.body.map((x: { id: string }) => x.id)).toEqual([recent.id, old.id, pending.id]);
      const filtered = await a.get("/api/timelines/filter").query({ status: "pending" }).expect(200);
      expect(filtered.body.map((x: { id: string }) => x.id)).toEqual([pending.id]);
    });

    it("timeline(id): null (and REST 404) when missing, malformed or not visible", async () => {
      const x = await createUser(t.ds);
      const y = await createUser(t.ds);
      const hidden = await connect(t.ds, x, y);
      for (const id of [hidden.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
        expect((await gql(annA, TIMELINE, { id })).data!.timeline).toBeNull();
        expect((await annA.get(`/api/timelines/${id}`).expect(404)).body).toEqual({ error: "Timeline not found" });
      }
    });
  });

  describe("updateTimeline", () => {
    it("participants change title and privacy; validation as at creation", async () => {
      const tl = await connect(t.ds, ann, ben);
      const U = `mutation($input: UpdateTimelineInput!) { updateTimeline(input: $input) { timeline { title privacy } } }`;
      const r = await gql(benA, U, { input: { id: tl.id, title: "Renamed", privacy: "PUBLIC" } });
      // a wider tier waits for the other participant (docs/decisions/026-two-keys-privacy.md)
      expect(r.data!.updateTimeline.timeline).toEqual({ title: "Renamed", privacy: "PRIVATE" });
      expect((await gql(annA, U, { input: { id: tl.id, title: "" } })).errors![0]!.message).toBe("Title is required");
      // Ann asking for the tier Ben asked for is her consent: it applies at once
      const rest = await annA
        .put(`/api/timelines/${tl.id}`)
        .send({ title: "Via REST", privacy: "public", preview_images: ["x"], last_activity: "2000-01-01" })
        .expect(200);
      expect(rest.body).toMatchObject({ title: "Via REST", privacy: "public", preview_images: [] });
      expect(new Date(rest.body.last_activity).getFullYear()).not.toBe(2000);
    });

    it("others: NOT_FOUND when they cannot see it, FORBIDDEN when they can but are not in it", async () => {
      const friend = await createUser(t.ds);
      await connect(t.ds, friend, ann);
      const tl = await connect(t.ds, ann, ben, { privacy: Privacy.PUBLIC });
      const priv = await connect(t.ds, ann, ben);
      const f = await signInAs(t, friend);
      const U = `mutation($input: UpdateTimelineInput!) { updateTimeline(input: $input) { timeline { title } } }`;
      expect(errorCode(await gql(f, U, { input: { id: tl.id, title: "Mine now" } }))).toBe("FORBIDDEN");
      expect(errorCode(await gql(f, U, { input: { id: priv.id, title: "Mine now" } }))).toBe("NOT_FOUND");
      await f.put(`/api/timelines/${tl.id}`).send({ title: "x" }).expect(403);
      await f.put(`/api/timelines/${priv.id}`).send({ title: "x" }).expect(404);
      expect((await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id })).title).not.toBe("Mine now");
    });
  });

  describe("deleteTimeline", () => {
    it("removes the timeline with all its memories, their media rows and its notifications", async () => {
      const tl = await connect(t.ds, ann, ben);
      const m1 = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id });
      const m2 = await createMemory(t.ds, { timelineId: tl.id, createdById: ben.id });
      await t.ds
        .getRepository(Notification)
        .insert({ recipientId: ben.id, type: NotificationType.MEMORY_ADDED, message: "x", relatedTimelineId: tl.id });
      const r = await gql(benA, `mutation($id: ID!) { deleteTimeline(input: { id: $id }) { deletedId } }`, {
        id: tl.id,
      });
      expect(r.data!.deleteTimeline.deletedId).toBe(tl.id);
      expect(await t.ds.getRepository(Timeline).findOneBy({ id: tl.id })).toBeNull();
      expect(await t.ds.getRepository(Memory).countBy({ timelineId: tl.id })).toBe(0);
      expect(await t.ds.getRepository(MediaFile).countBy([{ id: m1.mediaId }, { id: m2.mediaId }])).toBe(0);
      expect(await t.ds.getRepository(Notification).countBy({ relatedTimelineId: tl.id })).toBe(0);
    });

    it("REST DELETE: participants only", async () => {
      const tl = await connect(t.ds, ann, ben, { privacy: Privacy.PUBLIC });
      const friend = await createUser(t.ds);
      await connect(t.ds, friend, ben);
      await (await signInAs(t, friend)).delete(`/api/timelines/${tl.id}`).expect(403);
      const res = await annA.delete(`/api/timelines/${tl.id}`).expect(200);
      expect(res.body).toEqual({ success: true, _id: tl.id, id: tl.id });
    });
  });

  describe("accept / reject", () => {
    let proposal: Timeline;
    beforeEach(async () => {
      const r = await gql(annA, CREATE, { input: { title: "Proposal", collaboratorId: ben.id, privacy: "PRIVATE" } });
      proposal = await t.ds.getRepository(Timeline).findOneByOrFail({ id: r.data!.createTimeline.timeline.id });
    });
    const ACCEPT = `mutation($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { status canRespond } } }`;
    const REJECT = `mutation($id: ID!) { rejectTimeline(input: { id: $id }) { timeline { status } } }`;

    it("the invitee accepts: accepted, the creator is told, the proposal is answered (read), and they are connected", async () => {
      expect(
        (await gql(benA, TIMELINE.replace("memoryCount", "memoryCount status"), { id: proposal.id })).data!.timeline
          .status,
      ).toBe("PENDING");
      const r = await gql(benA, ACCEPT, { id: proposal.id });
      expect(r.data!.acceptTimeline.timeline).toEqual({ status: "ACCEPTED", canRespond: false });
      const toAnn = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: ann.id, relatedTimelineId: proposal.id });
      expect(toAnn).toMatchObject({
        type: NotificationType.TIMELINE_ACCEPTED,
        relatedUserId: ben.id,
        actionUrl: `/app/view-timeline?id=${proposal.id}`,
      });
      expect(toAnn.message).toBe('Ben accepted your invitation to share "Proposal"');
      const asked = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: ben.id, relatedTimelineId: proposal.id });
      expect(asked.isRead).toBe(true);
      expect(await t.services.access.degree(ann.id, ben.id, 1)).toBe(1);
      // answering twice is a conflict
      expect(errorCode(await gql(benA, REJECT, { id: proposal.id }))).toBe("CONFLICT");
    });

    it("the invitee rejects: rejected, the creator is told; it leaves both lists", async () => {
      const res = await benA.post(`/api/timelines/${proposal.id}/reject`).expect(200);
      expect(res.body.status).toBe("rejected");
      const toAnn = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: ann.id, relatedTimelineId: proposal.id });
      expect(toAnn).toMatchObject({
        type: NotificationType.TIMELINE_REJECTED,
        message: 'Ben declined your invitation to share "Proposal"',
      });
      expect(
        (await gql(annA, `{ timelines { edges { node { id } } } }`)).data!.timelines.edges.map(
          (x: { node: { id: string } }) => x.node.id,
        ),
      ).not.toContain(proposal.id);
      await benA.post(`/api/timelines/${proposal.id}/accept`).expect(409);
    });

    it("nobody else may answer: the creator is FORBIDDEN, others NOT_FOUND", async () => {
      expect(errorCode(await gql(annA, ACCEPT, { id: proposal.id }))).toBe("FORBIDDEN");
      const other = await signInAs(t, await createUser(t.ds));
      expect(errorCode(await gql(other, ACCEPT, { id: proposal.id }))).toBe("NOT_FOUND");
      await other.post(`/api/timelines/${proposal.id}/reject`).expect(404);
      expect((await t.ds.getRepository(Timeline).findOneByOrFail({ id: proposal.id })).status).toBe(
        TimelineStatus.PENDING,
      );
    });
  });

  describe("timelineAccess (docs/decisions/003-privacy-tiers.md)", () => {
    const ACCESS = `query($id: ID!) { timelineAccess(id: $id) { canView privacy title message actionUrl actionText otherUser { name email } } }`;

    it("grants with the view URL", async () => {
      const tl = await connect(t.ds, ann, ben, { title: "Ours" });
      const r = await gql(annA, ACCESS, { id: tl.id });
      expect(r.data!.timelineAccess).toEqual({
        canView: true,
        privacy: "PRIVATE",
        title: "Ours",
        message: ACCESS_MESSAGES.granted,
        actionUrl: `/app/view-timeline?id=${tl.id}`,
        actionText: "View Timeline",
        otherUser: null,
      });
    });

    it("missing: not found, nothing revealed", async () => {
      const res = await annA.get(`/api/timelines/00000000-0000-4000-8000-000000000000/access`).expect(200);
      expect(res.body).toEqual({
        canView: false,
        privacy: null,
        title: null,
        message: ACCESS_MESSAGES.notFound,
        actionUrl: "/app/timelines",
        actionText: "Back to Timelines",
        otherUser: null,
      });
    });

    it("a timeline one may not see answers exactly as a missing one, in both APIs (docs/decisions/032-who-may-learn-whom.md)", async () => {
      const missingId = "00000000-0000-4000-8000-000000000000";
      // private, with a stranger in it
      const x = await createUser(t.ds);
      const secret = await connect(t.ds, ben, x, { title: "Secret title" });
      // semi-private, 3 degrees from the asker (a path exists, the tier does not reach)
      const [a, b, c, d] = [
        await createUser(t.ds),
        await createUser(t.ds),
        await createUser(t.ds),
        await createUser(t.ds, { displayName: "Dora" }),
      ];
      await connect(t.ds, a, b);
      await connect(t.ds, b, c);
      await connect(t.ds, c, d);
      const semi = await connect(t.ds, d, await createUser(t.ds), { privacy: Privacy.SEMI_PRIVATE, title: "Dora's" });
      // public and pending, asked by a friend of its creator (within reach once accepted)
      const friend = await createUser(t.ds);
      await connect(t.ds, friend, ann);
      const soon = await createTimeline(t.ds, {
        createdById: ann.id,
        collaboratorId: ben.id,
        status: TimelineStatus.PENDING,
        privacy: Privacy.PUBLIC,
        title: "Soon",
      });
      const cases: Array<[User, string]> = [
        [ann, secret.id],
        [a, semi.id],
        [await createUser(t.ds), semi.id],
        [friend, soon.id],
      ];
      for (const [asker, id] of cases) {
        const agent = await signInAs(t, asker);
        const [seen, missing] = await Promise.all([gql(agent, ACCESS, { id }), gql(agent, ACCESS, { id: missingId })]);
        expect(seen).toEqual(missing);
        expect(seen.data!.timelineAccess).toMatchObject({
          canView: false,
          privacy: null,
          title: null,
          otherUser: null,
        });
        const [rest, restMissing] = await Promise.all([
          agent.get(`/api/timelines/${id}/access`),
          agent.get(`/api/timelines/${missingId}/access`),
        ]);
        expect([rest.status, rest.text]).toEqual([restMissing.status, restMissing.text]);
      }
    });
  });

  describe("userTimelines (public profile)", () => {
    it("only accepted + active timelines the viewer may see", async () => {
      const p = await createUser(t.ds, { username: "profileperson" });
      const friend = await createUser(t.ds);
      const far = await createUser(t.ds);
      const theirs = await connect(t.ds, friend, p); // private, but the friend is in it
      const mid = await createUser(t.ds);
      await connect(t.ds, far, mid);
      const mid2 = await createUser(t.ds);
      await connect(t.ds, mid, mid2);
      await connect(t.ds, mid2, p); // far is 3 away from p
      const x = await createUser(t.ds);
      const pub = await connect(t.ds, p, x, { privacy: Privacy.PUBLIC, lastActivity: new Date("2024-03-01") });
      const semi = await connect(t.ds, x, p, { privacy: Privacy.SEMI_PRIVATE, lastActivity: new Date("2024-02-01") });
      await connect(t.ds, p, x, { privacy: Privacy.PRIVATE });
      await createTimeline(t.ds, {
        createdById: p.id,
        collaboratorId: x.id,
        privacy: Privacy.PUBLIC,
        status: TimelineStatus.PENDING,
      });
      await connect(t.ds, p, x, { privacy: Privacy.PUBLIC, isActive: false });
      const Q = `query($i: String!) { userTimelines(identifier: $i) { edges { node { id } } } }`;
      const ids = async (a: Agent) =>
        (await gql(a, Q, { i: "profileperson" })).data!.userTimelines.edges.map(
          (x: { node: { id: string } }) => x.node.id,
        );
      expect(await ids(await signInAs(t, friend))).toEqual([theirs.id, pub.id, semi.id]);
      expect(await ids(await signInAs(t, far))).toEqual([pub.id]);
      expect(await ids(await signInAs(t, await createUser(t.ds)))).toEqual([]);
      const rest = await (await signInAs(t, friend)).get(`/api/timelines/user/profileperson`).expect(200);
      expect(rest.body.map((x: { id: string }) => x.id)).toEqual([theirs.id, pub.id, semi.id]);
      // the friend shares a timeline with p (sees p's address) but not with x
      expect(rest.body[1].created_by_user.email).toBe(p.email);
      expect(rest.body[1].collaborator_user.email).toBeNull();
      expect(rest.body[1].collaborator_email).toBeNull();
    });
  });
});
