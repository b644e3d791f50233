import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Memory } from "../../src/entities/memory.entity.js";
import { Notification } from "../../src/entities/notification.entity.js";
import type { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { CREATOR_WORDS_ONLY } from "../../src/modules/memories/memory.rules.js";
import { connect, createMedia, createMemory, createUser } from "../factories/index.js";
import { errorCode, gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Each voice is its author's (docs/decisions/037-each-voice-its-authors.md): the creator's "Why
 * this moment matters" is written by the creator alone (403 for the partner in both APIs); the
 * partner's change to the caption, place, date or media is marked "edited by" them and tells the
 * creator once a day; deleting the other person's memory tells them.
 */
const SET = `mutation($input: UpdateMemoryInput!) { updateMemory(input: $input) {
  memory { id caption meaning canWriteMeaning editedBy { id displayName } } } }`;
const READ = `query($id: ID!) { memory(id: $id) { id canWriteMeaning editedBy { id displayName } } }`;
const LIST = `{ notifications { edges { node { type message relatedTimelineId actionUrl relatedUser { id } } } } }`;
const DELETE = `mutation($id: ID!) { deleteMemory(input: { id: $id }) { deletedId } }`;

describe("each voice is its author's", () => {
  let t: TestApp;
  let ann: User;
  let ben: User;
  let fay: User;
  let annA: Agent;
  let benA: Agent;
  let fayA: Agent;
  let tl: Timeline;
  let memory: Memory;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2026-05-10T09:00:00Z"));
    ann = await createUser(t.ds, { displayName: "Ann" });
    ben = await createUser(t.ds, { displayName: "Ben" });
    fay = await createUser(t.ds, { displayName: "Fay" });
    [annA, benA, fayA] = await Promise.all([ann, ben, fay].map((u) => signInAs(t, u)));
    await connect(t.ds, ann, fay);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.ds.getRepository(Notification).deleteAll();
    tl = await connect(t.ds, ann, ben, { title: "Summer", privacy: Privacy.SEMI_PRIVATE });
    memory = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id, meaning: "Ann's words" });
  });

  const row = () => t.ds.getRepository(Memory).findOneByOrFail({ id: memory.id });
  const noticesTo = async (agent: Agent) =>
    ((await gql(agent, LIST)).data!.notifications.edges as Json[]).map((e) => e.node as Json);

  describe("the creator's words", () => {
    it("the partner's change to them is refused with 403 in GraphQL and REST, and nothing changes", async () => {
      const r = await gql(benA, SET, { input: { id: memory.id, caption: "Ben's caption", meaning: "Ben's words" } });
      expect(errorCode(r)).toBe("FORBIDDEN");
      expect(r.errors![0]!.message).toBe(CREATOR_WORDS_ONLY);
      const rest = await benA.put(`/api/memories/${memory.id}`).send({ meaning: "Ben's words" });
      expect(rest.status).toBe(403);
      expect(rest.body.error).toBe(CREATOR_WORDS_ONLY);
      expect(await row()).toMatchObject({ meaning: "Ann's words", caption: memory.caption, editedById: null });
    });

    it("a whole form sent back with the creator's words unchanged saves the partner's other changes", async () => {
      const r = await gql(benA, SET, { input: { id: memory.id, caption: "Ben's caption", meaning: " Ann's words " } });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateMemory.memory).toMatchObject({
        caption: "Ben's caption",
        meaning: "Ann's words",
        canWriteMeaning: false,
        editedBy: { id: ben.id, displayName: "Ben" },
      });
    });

    it("the creator writes them; whoever else sees the memory is told only the creator may", async () => {
      const r = await gql(annA, SET, { input: { id: memory.id, meaning: "Still mine" } });
      expect(r.data!.updateMemory.memory).toMatchObject({
        meaning: "Still mine",
        canWriteMeaning: true,
        editedBy: null,
      });
      expect((await gql(fayA, READ, { id: memory.id })).data!.memory.canWriteMeaning).toBe(false);
      const rest = await annA.get(`/api/memories/${memory.id}`);
      expect(rest.body).toMatchObject({ can_write_meaning: true, edited_by_user: null });
    });
  });

  describe("the partner's edit", () => {
    it("shows as edited by them to everyone who sees the memory, in both APIs, and tells the creator once a day", async () => {
      await gql(benA, SET, { input: { id: memory.id, location: "Lisbon" } });
      await gql(benA, SET, { input: { id: memory.id, memoryDate: "2024-02-01" } });
      expect((await gql(fayA, READ, { id: memory.id })).data!.memory.editedBy).toEqual({
        id: ben.id,
        displayName: "Ben",
      });
      const rest = await annA.get(`/api/memories/${memory.id}`);
      expect(rest.body.edited_by_user).toMatchObject({ id: ben.id });
      const toAnn = await noticesTo(annA);
      expect(toAnn).toEqual([
        {
          type: "MEMORY_EDITED",
          message: 'Ben edited your memory in "Summer"',
          relatedTimelineId: tl.id,
          actionUrl: `/app/view-timeline?id=${tl.id}`,
          relatedUser: { id: ben.id },
        },
      ]);
      expect(await noticesTo(benA)).toEqual([]);
    });

    it("a new photo is an edit too; the same values sent again, or the creator's own edit, are not", async () => {
      await gql(benA, SET, { input: { id: memory.id, caption: memory.caption, location: memory.location } });
      expect((await row()).editedById).toBeNull();
      await gql(annA, SET, { input: { id: memory.id, caption: "Ann's new caption" } });
      expect((await row()).editedById).toBeNull();
      expect(await noticesTo(annA)).toEqual([]);
      const upload = await createMedia(t.ds, { ownerId: ben.id });
      const r = await gql(benA, SET, { input: { id: memory.id, mediaId: upload.id } });
      expect(r.errors).toBeUndefined();
      expect(await row()).toMatchObject({ mediaId: upload.id, editedById: ben.id });
      expect((await noticesTo(annA)).map((n) => n.type)).toEqual(["MEMORY_EDITED"]);
    });

    it("a partner note and an edit the same day are two notices", async () => {
      await gql(benA, SET, { input: { id: memory.id, partnerMeaning: "Ben's own" } });
      await gql(benA, SET, { input: { id: memory.id, caption: "Ben's caption" } });
      expect((await noticesTo(annA)).map((n) => n.type).sort()).toEqual(["MEMORY_EDITED", "PARTNER_NOTE_ADDED"]);
    });
  });

  describe("deleting the other person's memory", () => {
    it("tells its creator, in both APIs; deleting one's own tells nobody", async () => {
      expect((await gql(benA, DELETE, { id: memory.id })).errors).toBeUndefined();
      const second = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id });
      expect((await benA.delete(`/api/memories/${second.id}`)).status).toBe(200);
      const own = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id });
      await gql(annA, DELETE, { id: own.id });
      const toAnn = await noticesTo(annA);
      expect(toAnn.map((n) => [n.type, n.message])).toEqual([
        ["MEMORY_DELETED", 'Ben deleted one of your memories from "Summer"'],
        ["MEMORY_DELETED", 'Ben deleted one of your memories from "Summer"'],
      ]);
      expect(await noticesTo(benA)).toEqual([]);
    });
  });
});
