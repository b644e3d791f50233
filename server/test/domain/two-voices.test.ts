import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Memory } from "../../src/entities/memory.entity.js";
import { PARTNER_ONLY } from "../../src/modules/memories/partner-note.rules.js";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import type { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMemory, createTimeline, createUser } from "../factories/index.js";
import { errorCode, gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Two voices on one memory (docs/decisions/027-two-voices.md): the memory's creator writes
 * `meaning`, the timeline's other participant writes `partnerMeaning` / `partner_meaning`, through
 * both APIs; everyone who may see the memory sees both; the creator is told once per memory and day.
 */
const SET = `mutation($input: UpdateMemoryInput!) { updateMemory(input: $input) {
  memory { id caption meaning partnerMeaning canWritePartnerMeaning partner { id } } } }`;
const READ = `query($id: ID!) { memory(id: $id) {
  id meaning partnerMeaning canWritePartnerMeaning createdBy { id displayName } partner { id displayName } } }`;
const LIST = `{ notifications { edges { node { type message relatedTimelineId relatedUser { id } } } } }`;

describe("two voices on one memory", () => {
  let t: TestApp;
  let ann: User;
  let ben: User;
  let friend: User;
  let stranger: User;
  let annA: Agent;
  let benA: Agent;
  let friendA: Agent;
  let strangerA: Agent;
  let tl: Timeline;
  let memory: Memory;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2026-05-10T09:00:00Z"));
    ann = await createUser(t.ds, { displayName: "Ann" });
    ben = await createUser(t.ds, { displayName: "Ben" });
    friend = await createUser(t.ds, { displayName: "Fay" });
    stranger = await createUser(t.ds, { displayName: "Sam" });
    [annA, benA, friendA, strangerA] = await Promise.all([ann, ben, friend, stranger].map((u) => signInAs(t, u)));
    await connect(t.ds, ann, friend); // Fay is 1 degree from Ann
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    tl = await connect(t.ds, ann, ben, { title: "Summer", privacy: Privacy.SEMI_PRIVATE });
    memory = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id, meaning: "Ann's words" });
  });

  const row = () => t.ds.getRepository(Memory).findOneByOrFail({ id: memory.id });
  const notices = (recipient: User) =>
    t.ds.getRepository(Notification).findBy({
      recipientId: recipient.id,
      type: NotificationType.PARTNER_NOTE_ADDED,
      relatedMemoryId: memory.id,
    });

  describe("GraphQL updateMemory(input: {id, partnerMeaning})", () => {
    it("the partner sets, changes and clears their note; the creator's meaning stays", async () => {
      let r = await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "  Ben's words\non two lines " } });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateMemory.memory).toMatchObject({
        meaning: "Ann's words",
        partnerMeaning: "Ben's words\non two lines",
        canWritePartnerMeaning: true,
        partner: { id: ben.id },
      });
      r = await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "Changed" } });
      expect(r.data!.updateMemory.memory.partnerMeaning).toBe("Changed");
      expect((await row()).partnerMeaning).toBe("Changed");
      r = await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "" } });
      expect(r.data!.updateMemory.memory.partnerMeaning).toBeNull();
      expect(await row()).toMatchObject({ partnerMeaning: null, meaning: "Ann's words" });
    });

    it("the partner is whoever did not create the memory: the timeline's creator on the collaborator's memory", async () => {
      const bens = await createMemory(t.ds, { timelineId: tl.id, createdById: ben.id });
      const r = await gql(annA, SET, { input: { id: bens.id, partnerMeaning: "Ann on Ben's" } });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateMemory.memory).toMatchObject({ partnerMeaning: "Ann on Ben's", partner: { id: ann.id } });
      expect(errorCode(await gql(benA, SET, { input: { id: bens.id, partnerMeaning: "mine" } }))).toBe("FORBIDDEN");
    });

    it("the memory's creator gets 403 and nothing changes, even with other fields they may change", async () => {
      const r = await gql(annA, SET, { input: { id: memory.id, caption: "New caption", partnerMeaning: "not mine" } });
      expect(errorCode(r)).toBe("FORBIDDEN");
      expect(r.errors![0]!.message).toBe(PARTNER_ONLY);
      expect(await row()).toMatchObject({ partnerMeaning: null, caption: memory.caption });
    });

    it("the partner's other fields follow the rules for editing someone else's memory (participants may)", async () => {
      const r = await gql(benA, SET, { input: { id: memory.id, caption: "Ben's caption", partnerMeaning: "Both" } });
      expect(r.errors).toBeUndefined();
      expect(await row()).toMatchObject({ caption: "Ben's caption", partnerMeaning: "Both", meaning: "Ann's words" });
    });

    it("someone who sees the memory but is not in the timeline gets 403; someone who cannot see it, NOT_FOUND", async () => {
      expect(errorCode(await gql(friendA, SET, { input: { id: memory.id, partnerMeaning: "x" } }))).toBe("FORBIDDEN");
      expect(errorCode(await gql(strangerA, SET, { input: { id: memory.id, partnerMeaning: "x" } }))).toBe("NOT_FOUND");
      expect((await row()).partnerMeaning).toBeNull();
    });

    it("a declined proposal takes no note; a timeline without a second person has no partner", async () => {
      const declined = await createTimeline(t.ds, {
        createdById: ann.id,
        collaboratorId: ben.id,
        status: TimelineStatus.REJECTED,
      });
      const m1 = await createMemory(t.ds, { timelineId: declined.id, createdById: ann.id });
      const r = await gql(benA, SET, { input: { id: m1.id, partnerMeaning: "late" } });
      expect(errorCode(r)).toBe("BAD_USER_INPUT");
      const alone = await createTimeline(t.ds, { createdById: ann.id, status: TimelineStatus.PENDING });
      const m2 = await createMemory(t.ds, { timelineId: alone.id, createdById: ann.id });
      expect(errorCode(await gql(annA, SET, { input: { id: m2.id, partnerMeaning: "x" } }))).toBe("FORBIDDEN");
      const read = await gql(annA, READ, { id: m2.id });
      expect(read.data!.memory).toMatchObject({ partner: null, canWritePartnerMeaning: false });
    });
  });

  describe("REST PUT /api/memories/{id} with partner_meaning", () => {
    it("the partner sets, changes and clears it; the memory shape carries partner_meaning and the partner", async () => {
      let res = await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "Ben via REST" }).expect(200);
      expect(res.body).toMatchObject({
        meaning: "Ann's words",
        partner_meaning: "Ben via REST",
        partner_user: { id: ben.id, display_name: "Ben" },
        can_write_partner_meaning: true,
      });
      res = await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "Again" }).expect(200);
      expect(res.body.partner_meaning).toBe("Again");
      res = await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "" }).expect(200);
      expect(res.body.partner_meaning).toBeNull();
      expect((await row()).partnerMeaning).toBeNull();
    });

    it("403 for the creator, 403 for an onlooker, 404 for someone who cannot see it", async () => {
      const creator = await annA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "x" });
      expect(creator.status).toBe(403);
      expect(creator.body).toEqual({ error: PARTNER_ONLY });
      expect((await friendA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "x" })).status).toBe(403);
      const none = await strangerA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "x" });
      expect(none.status).toBe(404);
      expect((await row()).partnerMeaning).toBeNull();
    });

    it("the spec's fields without partner_meaning leave the note alone", async () => {
      await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "Stays" }).expect(200);
      await annA.put(`/api/memories/${memory.id}`).send({ caption: "Edited", meaning: "Ann again" }).expect(200);
      expect(await row()).toMatchObject({ caption: "Edited", meaning: "Ann again", partnerMeaning: "Stays" });
    });
  });

  describe("visibility", () => {
    it("everyone who may see the memory sees both notes under their authors; nobody else sees either", async () => {
      await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "Ben's view" }).expect(200);
      const seen = await gql(friendA, READ, { id: memory.id });
      expect(seen.data!.memory).toEqual({
        id: memory.id,
        meaning: "Ann's words",
        partnerMeaning: "Ben's view",
        canWritePartnerMeaning: false,
        createdBy: { id: ann.id, displayName: "Ann" },
        partner: { id: ben.id, displayName: "Ben" },
      });
      const rest = await friendA.get(`/api/memories/${memory.id}`).expect(200);
      expect(rest.body).toMatchObject({ meaning: "Ann's words", partner_meaning: "Ben's view" });
      const list = await friendA.get(`/api/memories/filter?timeline_id=${tl.id}`).expect(200);
      expect((list.body as Json[]).find((m) => m.id === memory.id)?.partner_meaning).toBe("Ben's view");

      expect((await gql(strangerA, READ, { id: memory.id })).data!.memory).toBeNull();
      expect((await strangerA.get(`/api/memories/${memory.id}`)).status).toBe(404);
    });
  });

  describe("length and text rules", () => {
    it("at most 1,000 user-perceived characters, with the field's message in both APIs", async () => {
      const family = "👨‍👩‍👧‍👦";
      const ok = await gql(benA, SET, { input: { id: memory.id, partnerMeaning: family.repeat(1000) } });
      expect(ok.errors).toBeUndefined();
      const long = await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "a".repeat(1001) } });
      expect(errorCode(long)).toBe("BAD_USER_INPUT");
      expect(long.errors![0]!.message).toBe("Partner meaning must be at most 1000 characters");
      const rest = await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "b".repeat(1001) });
      expect(rest.status).toBe(400);
      expect(rest.body.error).toBe("Partner meaning must be at most 1000 characters");
      expect((await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: 42 })).status).toBe(400);
      expect((await row()).partnerMeaning).toBe(family.repeat(1000));
    });

    it("control and text-direction characters are refused naming the field; line breaks are fine", async () => {
      const gqlBad = await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "a\u0000b" } });
      expect(errorCode(gqlBad)).toBe("BAD_USER_INPUT");
      expect(gqlBad.errors![0]!.message).toMatch(/^partnerMeaning contains a character that is not allowed/);
      const restBad = await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "evil\u202Etxt" });
      expect(restBad.status).toBe(400);
      expect(restBad.body.error).toMatch(/^partner_meaning contains a character that is not allowed/);
      expect((await row()).partnerMeaning).toBeNull();
      await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "line one\r\n\tline two" }).expect(200);
    });
  });

  describe("the notice to the memory's creator", () => {
    it("once when the partner adds a note, not on every edit, at most once per memory and day, to the creator alone", async () => {
      await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "First" }).expect(200);
      await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "Edited" } });
      await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "" } });
      await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "Back the same day" } });
      expect(await notices(ann)).toHaveLength(1);
      expect(await notices(ben)).toHaveLength(0);
      expect(
        await t.ds.getRepository(Notification).countBy({ recipientId: friend.id, relatedMemoryId: memory.id }),
      ).toBe(0);

      const shown = (await gql(annA, LIST)).data!.notifications.edges.map((e: Json) => e.node);
      expect(shown.filter((n: Json) => n.type === "PARTNER_NOTE_ADDED" && n.relatedTimelineId === tl.id)).toEqual([
        {
          type: "PARTNER_NOTE_ADDED",
          message: 'Ben added their note to your memory in "Summer"',
          relatedTimelineId: tl.id,
          relatedUser: { id: ben.id },
        },
      ]);

      // the next day: a change is still no news; clearing and writing again is
      t.clock.advance(24 * 60 * 60_000);
      await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "Edited next day" } });
      expect(await notices(ann)).toHaveLength(1);
      await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "" } });
      await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "Written again" } });
      expect(await notices(ann)).toHaveLength(2);
    });

    it("its text is built when read (a renamed partner shows the new name), and it goes with the memory", async () => {
      await benA.put(`/api/memories/${memory.id}`).send({ partner_meaning: "Hello" }).expect(200);
      await t.ds.query(`UPDATE users SET display_name = 'Benjamin' WHERE id = $1`, [ben.id]);
      const rest = await annA.get("/api/notifications").expect(200);
      expect(
        (rest.body as Json[]).some((n) => n.message === 'Benjamin added their note to your memory in "Summer"'),
      ).toBe(true);
      await t.ds.query(`UPDATE users SET display_name = 'Ben' WHERE id = $1`, [ben.id]);
      await annA.delete(`/api/memories/${memory.id}`).expect(200);
      expect(await t.ds.getRepository(Notification).countBy({ relatedMemoryId: memory.id, recipientId: ann.id })).toBe(
        0,
      );
    });
  });
});
