import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { MediaType } from "../../src/entities/media.enums.js";
import { Memory } from "../../src/entities/memory.entity.js";
import {
  DATE_MESSAGES,
  latestToday,
  MEDIA_NOT_FOUND,
  MEDIA_REQUIRED,
} from "../../src/modules/memories/memory.service.js";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMedia, createMemory, createTimeline, createUser } from "../factories/index.js";
import { errorCode, gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const CREATE = `mutation($input: CreateMemoryInput!) { createMemory(input: $input) {
  memory { id timelineId position caption location memoryDate meaning canEdit createdBy { id } cover { id type url thumbUrl } timeline { id } } } }`;
const UPDATE = `mutation($input: UpdateMemoryInput!) { updateMemory(input: $input) { memory { id caption location memoryDate meaning cover { id } } } }`;
const DELETE = `mutation($id: ID!) { deleteMemory(input: { id: $id }) { deletedId timelineId } }`;
import { FIXTURES } from "../helpers/fixtures.js";

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe("memories", () => {
  let t: TestApp;
  let ann: User;
  let ben: User;
  let annA: Agent;
  let benA: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.ds, { displayName: "Ann" });
    ben = await createUser(t.ds, { displayName: "Ben" });
    annA = await signInAs(t, ann);
    benA = await signInAs(t, ben);
  });
  afterAll(() => t.close());

  const upload = (owner: User, overrides: Partial<MediaFile> = {}) =>
    createMedia(t.ds, { ownerId: owner.id, ...overrides });

  describe("createMemory", () => {
    it("adds a memory: position = count + 1, last activity and previews updated, the other participant told", async () => {
      const tl = await connect(t.ds, ann, ben, { title: "Summer", lastActivity: new Date("2024-01-01") });
      const media = await upload(ann);
      const r = await gql(annA, CREATE, {
        input: {
          timelineId: tl.id,
          mediaId: media.id,
          caption: " Beach ",
          location: "Nice",
          memoryDate: "2024-07-14",
          meaning: "Us",
        },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.createMemory.memory).toMatchObject({
        timelineId: tl.id,
        position: 1,
        caption: "Beach",
        location: "Nice",
        memoryDate: "2024-07-14",
        meaning: "Us",
        canEdit: true,
        createdBy: { id: ann.id },
        cover: { id: media.id, type: "IMAGE" },
        timeline: { id: tl.id },
      });
      expect(r.data!.createMemory.memory.cover.url).toMatch(new RegExp(`^/media/${media.id}/display\\?exp=`));
      expect((await t.ds.getRepository(MediaFile).findOneByOrFail({ id: media.id })).attached).toBe(true);
      const row = await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id });
      expect(row.lastActivity.getTime()).toBe(t.clock.now().getTime());
      expect(row.previewMediaIds).toEqual([media.id]);
      const n = await t.ds
        .getRepository(Notification)
        .findOneByOrFail({ recipientId: ben.id, relatedTimelineId: tl.id });
      expect(n).toMatchObject({
        type: NotificationType.MEMORY_ADDED,
        relatedUserId: ann.id,
        message: 'Ann added a new memory to "Summer"',
      });
      expect(await t.ds.getRepository(Notification).countBy({ recipientId: ann.id, relatedTimelineId: tl.id })).toBe(0);

      // second and third: positions 2, 3; previews fill up to three, newest first
      const ids = [media.id];
      for (const pos of [2, 3, 4]) {
        const m = await upload(ben);
        const res = await gql(benA, CREATE, { input: { timelineId: tl.id, mediaId: m.id } });
        expect(res.data!.createMemory.memory.position).toBe(pos);
        ids.push(m.id);
      }
      expect((await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id })).previewMediaIds).toEqual(
        ids.slice(0, 3),
      );
      const tlq = await gql(annA, `query($id: ID!) { timeline(id: $id) { previewImages memoryCount } }`, { id: tl.id });
      expect(tlq.data!.timeline.memoryCount).toBe(4);
      expect(tlq.data!.timeline.previewImages.map((u: string) => u.split("/")[2])).toEqual(ids.slice(0, 3).reverse());
      expect(tlq.data!.timeline.previewImages[0]).toMatch(/\/thumb\?exp=\d+&sig=/);
    });

    it("concurrent adds get distinct positions (counted under a lock)", async () => {
      const tl = await connect(t.ds, ann, ben);
      const uploads = await Promise.all(Array.from({ length: 8 }, () => upload(ann)));
      await Promise.all(uploads.map((m) => gql(annA, CREATE, { input: { timelineId: tl.id, mediaId: m.id } })));
      const positions = (await t.ds.getRepository(Memory).findBy({ timelineId: tl.id }))
        .map((m) => m.position)
        .sort((a, b) => a - b);
      expect(positions).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    const today = () => latestToday(t.clock.now());
    it.each([
      [{ caption: "x".repeat(501) }, "Caption must be at most 500 characters"],
      [{ location: "x".repeat(201) }, "Location must be at most 200 characters"],
      [{ meaning: "x".repeat(1001) }, "Meaning must be at most 1000 characters"],
      [{ memoryDate: "2024-02-30" }, DATE_MESSAGES.invalid],
      [{ memoryDate: "2024/01/05" }, DATE_MESSAGES.invalid],
      [{ memoryDate: "yesterday" }, DATE_MESSAGES.invalid],
      [{ memoryDate: "FUTURE" }, DATE_MESSAGES.future],
      [{ mediaId: null }, MEDIA_REQUIRED],
      [{ mediaId: "THEIRS" }, MEDIA_NOT_FOUND],
      [{ mediaId: "ATTACHED" }, MEDIA_NOT_FOUND],
      [{ mediaId: "00000000-0000-4000-8000-000000000000" }, MEDIA_NOT_FOUND],
    ])("refuses %j with the spec's message", async (input, message) => {
      const tl = await connect(t.ds, ann, ben);
      const own = await upload(ann);
      const vars: Record<string, unknown> = { timelineId: tl.id, mediaId: own.id, ...input };
      if (vars.memoryDate === "FUTURE") vars.memoryDate = addDays(today(), 1);
      if (vars.mediaId === "THEIRS") vars.mediaId = (await upload(ben)).id;
      if (vars.mediaId === "ATTACHED") vars.mediaId = (await upload(ann, { attached: true })).id;
      const r = await gql(annA, CREATE, { input: vars });
      expect(errorCode(r)).toBe("BAD_USER_INPUT");
      expect(r.errors![0]!.message).toBe(message);
      expect(await t.ds.getRepository(Memory).countBy({ timelineId: tl.id })).toBe(0);
    });

    it("accepts the limits exactly, today's date and no date", async () => {
      const tl = await connect(t.ds, ann, ben);
      const input = {
        caption: "c".repeat(500),
        location: "l".repeat(200),
        meaning: "m".repeat(1000),
        memoryDate: today(),
      };
      expect(
        (await gql(annA, CREATE, { input: { timelineId: tl.id, mediaId: (await upload(ann)).id, ...input } })).errors,
      ).toBeUndefined();
      const r = await gql(annA, CREATE, {
        input: { timelineId: tl.id, mediaId: (await upload(ann)).id, memoryDate: "" },
      });
      expect(r.data!.createMemory.memory.memoryDate).toBeNull();
    });

    it("REST POST /api/memories: 400 {error} with the spec's date messages", async () => {
      const tl = await connect(t.ds, ann, ben);
      const m = await upload(ann);
      const bad = await annA
        .post("/api/memories")
        .send({ timeline_id: tl.id, media_public_id: m.id, memory_date: "2023-13-01" })
        .expect(400);
      expect(bad.body).toEqual({ error: "Please select a valid date" });
      const future = await annA
        .post("/api/memories")
        .send({ timeline_id: tl.id, media_public_id: m.id, memory_date: "2999-01-01" })
        .expect(400);
      expect(future.body).toEqual({ error: "Please select a past or present date for your memory" });
    });

    it("only participants add: onlookers FORBIDDEN, others NOT_FOUND; declined timelines take no memories", async () => {
      const friend = await createUser(t.ds);
      await connect(t.ds, friend, ann);
      const pub = await connect(t.ds, ann, ben, { privacy: Privacy.PUBLIC });
      const priv = await connect(t.ds, ann, ben);
      const f = await signInAs(t, friend);
      const fm = await upload(friend);
      expect(errorCode(await gql(f, CREATE, { input: { timelineId: pub.id, mediaId: fm.id } }))).toBe("FORBIDDEN");
      expect(errorCode(await gql(f, CREATE, { input: { timelineId: priv.id, mediaId: fm.id } }))).toBe("NOT_FOUND");
      const rejected = await createTimeline(t.ds, {
        createdById: ann.id,
        collaboratorId: ben.id,
        status: TimelineStatus.REJECTED,
      });
      const r = await gql(annA, CREATE, { input: { timelineId: rejected.id, mediaId: (await upload(ann)).id } });
      expect(r.errors![0]!.message).toBe("This timeline proposal was declined");
      expect((await t.ds.getRepository(MediaFile).findOneByOrFail({ id: fm.id })).attached).toBe(false);
    });

    it("a real upload through GraphQL multipart, and a video with the poster the server makes", async () => {
      const tl = await connect(t.ds, ann, ben);
      const photo = await annA
        .post("/graphql")
        .set("Apollo-Require-Preflight", "true")
        .field(
          "operations",
          JSON.stringify({ query: CREATE, variables: { input: { timelineId: tl.id, file: null, caption: "Real" } } }),
        )
        .field("map", JSON.stringify({ 0: ["variables.input.file"] }))
        .attach("0", fs.readFileSync(`${FIXTURES}/photo-gps.jpg`), "photo.jpg");
      expect(photo.body.errors).toBeUndefined();
      expect(photo.body.data.createMemory.memory).toMatchObject({ caption: "Real", cover: { type: "IMAGE" } });

      const video = await annA
        .post("/graphql")
        .set("Apollo-Require-Preflight", "true")
        .field("operations", JSON.stringify({ query: CREATE, variables: { input: { timelineId: tl.id, file: null } } }))
        .field("map", JSON.stringify({ 0: ["variables.input.file"] }))
        .attach("0", fs.readFileSync(`${FIXTURES}/clip.mp4`), "clip.mp4");
      expect(video.body.errors).toBeUndefined();
      expect(video.body.data.createMemory.memory.cover.type).toBe("VIDEO");
      expect(video.body.data.createMemory.memory.cover.thumbUrl).toMatch(/\/thumb\?/);
      // a video with a poster joins the previews
      expect((await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id })).previewMediaIds).toHaveLength(2);

      const refused = await annA
        .post("/graphql")
        .set("Apollo-Require-Preflight", "true")
        .field("operations", JSON.stringify({ query: CREATE, variables: { input: { timelineId: tl.id, file: null } } }))
        .field("map", JSON.stringify({ 0: ["variables.input.file"] }))
        .attach("0", fs.readFileSync(`${FIXTURES}/not-an-image.jpg`), "photo.jpg");
      expect(refused.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
      expect(await t.ds.getRepository(Memory).countBy({ timelineId: tl.id })).toBe(2);
    });

    it("REST: upload with POST /api/upload/file, then POST /api/memories with its public_id (spec shapes)", async () => {
      const tl = await connect(t.ds, ann, ben);
      const up = await annA
        .post("/api/upload/file")
        .set("Origin", "http://keepsake.test")
        .attach("file", fs.readFileSync(`${FIXTURES}/photo-plain.jpg`), "p.jpg");
      expect(up.status).toBe(201);
      const res = await annA
        .post("/api/memories")
        .send({
          timeline_id: { _id: tl.id },
          media_url: up.body.file_url,
          media_public_id: up.body.public_id,
          media_type: "image",
          caption: "Rest",
          memory_date: "2024-01-05",
        })
        .expect(201);
      expect(res.body).toMatchObject({
        _id: res.body.id,
        timeline_id: tl.id,
        media_public_id: up.body.public_id,
        media_type: "image",
        media_format: "jpeg",
        media_width: 800,
        media_height: 600,
        position: 1,
        caption: "Rest",
        memory_date: "2024-01-05",
        can_edit: true,
        created_by_user: { _id: ann.id },
      });
      expect(res.body.media_url).toMatch(/^\/media\/.+\/display\?exp=/);
    });
  });

  describe("reading", () => {
    it("a timeline's memories: newest memory_date first, missing dates last (GraphQL and REST, with sort)", async () => {
      const tl = await connect(t.ds, ann, ben);
      const a = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id, memoryDate: "2023-05-01" });
      const b = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id, memoryDate: null });
      const c = await createMemory(t.ds, { timelineId: tl.id, createdById: ben.id, memoryDate: "2024-01-01" });
      const q = await gql(
        benA,
        `query($id: ID!) { timeline(id: $id) { memories { totalCount edges { node { id } } } } }`,
        { id: tl.id },
      );
      expect(q.data!.timeline.memories.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([
        c.id,
        a.id,
        b.id,
      ]);
      expect(q.data!.timeline.memories.totalCount).toBe(3);
      const oldest = await gql(
        benA,
        `query($id: ID!) { timeline(id: $id) { memories(order: OLDEST_FIRST) { edges { node { id } } } } }`,
        { id: tl.id },
      );
      expect(oldest.data!.timeline.memories.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([
        b.id,
        a.id,
        c.id,
      ]);
      const rest = await benA
        .get("/api/memories/filter")
        .query({ timeline_id: tl.id, sort: "-memory_date" })
        .expect(200);
      expect(rest.body.map((m: { id: string }) => m.id)).toEqual([c.id, a.id, b.id]);
      const asc = await benA.get("/api/memories/filter").query({ timeline_id: tl.id, sort: "memory_date" }).expect(200);
      expect(asc.body.map((m: { id: string }) => m.id)).toEqual([b.id, a.id, c.id]);
      const dflt = await benA.get("/api/memories/filter").query({ timeline_id: tl.id }).expect(200);
      expect(dflt.body.map((m: { id: string }) => m.id)).toEqual([c.id, a.id, b.id]);
      await benA.get("/api/memories/filter").query({ timeline_id: tl.id, sort: "caption; drop" }).expect(400);
    });

    it("memory(id) and GET /api/memories/:id: null / 404 without access", async () => {
      const x = await createUser(t.ds);
      const y = await createUser(t.ds);
      const hidden = await connect(t.ds, x, y);
      const m = await createMemory(t.ds, { timelineId: hidden.id, createdById: x.id });
      expect((await gql(annA, `query($id: ID!) { memory(id: $id) { id } }`, { id: m.id })).data!.memory).toBeNull();
      expect((await annA.get(`/api/memories/${m.id}`).expect(404)).body).toEqual({ error: "Memory not found" });
      await annA.get("/api/memories/filter").query({ timeline_id: hidden.id }).expect(404);
      const own = await (await signInAs(t, x)).get(`/api/memories/${m.id}`).expect(200);
      expect(own.body.id).toBe(m.id);
    });

    it("profileMemories: own when identifier is null; another's filtered by what the viewer may see", async () => {
      const p = await createUser(t.ds, { username: "profilep" });
      const q1 = await createUser(t.ds);
      const q2 = await createUser(t.ds);
      const friend = await createUser(t.ds);
      const theirs = await connect(t.ds, p, friend, { privacy: Privacy.PRIVATE });
      const semi = await connect(t.ds, p, q1, { privacy: Privacy.SEMI_PRIVATE });
      const priv = await connect(t.ds, q2, p, { privacy: Privacy.PRIVATE });
      const pending = await createTimeline(t.ds, {
        createdById: p.id,
        collaboratorId: q1.id,
        status: TimelineStatus.PENDING,
        privacy: Privacy.PUBLIC,
      });
      const mTheirs = await createMemory(t.ds, { timelineId: theirs.id, createdById: p.id, memoryDate: "2024-04-01" });
      const mSemi = await createMemory(t.ds, { timelineId: semi.id, createdById: q1.id, memoryDate: "2024-03-01" });
      const mPriv = await createMemory(t.ds, { timelineId: priv.id, createdById: p.id, memoryDate: "2024-02-01" });
      const mPending = await createMemory(t.ds, {
        timelineId: pending.id,
        createdById: p.id,
        memoryDate: "2024-01-01",
      });
      const Q = `query($i: String) { profileMemories(identifier: $i) { edges { node { id } } } }`;
      const ids = async (a: Agent, i: string | null) =>
        (await gql(a, Q, { i })).data!.profileMemories.edges.map((e: { node: { id: string } }) => e.node.id);
      expect(await ids(await signInAs(t, p), null)).toEqual([mTheirs.id, mSemi.id, mPriv.id, mPending.id]);
      expect(await ids(await signInAs(t, friend), "profilep")).toEqual([mTheirs.id, mSemi.id]);
      expect(await ids(await signInAs(t, q1), "profilep")).toEqual([mSemi.id, mPending.id]);
      expect(await ids(await signInAs(t, await createUser(t.ds)), "profilep")).toEqual([]);
      const rest = await (
        await signInAs(t, friend)
      )
        .get("/api/memories/profile/profilep")
        .query({ sort: "-memory_date" })
        .expect(200);
      expect(rest.body.map((m: { id: string }) => m.id)).toEqual([mTheirs.id, mSemi.id]);
    });
  });

  describe("updateMemory / deleteMemory", () => {
    // the creator's "why it matters" is theirs alone: each-voice.test.ts
    it("either participant edits the caption, place and date; the date rules hold", async () => {
      const tl = await connect(t.ds, ann, ben);
      const m = await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id });
      const r = await gql(benA, UPDATE, {
        input: { id: m.id, caption: "New", location: "", memoryDate: "2020-02-29" },
      });
      expect(r.data!.updateMemory.memory).toMatchObject({ caption: "New", location: "", memoryDate: "2020-02-29" });
      expect((await gql(benA, UPDATE, { input: { id: m.id, memoryDate: "2021-02-29" } })).errors![0]!.message).toBe(
        DATE_MESSAGES.invalid,
      );
      const rest = await annA
        .put(`/api/memories/${m.id}`)
        .send({ caption: "Rest edit", memory_date: "2021-01-01", media_url: "/media/whatever" })
        .expect(200);
      expect(rest.body).toMatchObject({ caption: "Rest edit", memory_date: "2021-01-01", media_public_id: m.mediaId });
    });

    it("replacing the media removes the old file and refreshes the previews", async () => {
      const tl = await connect(t.ds, ann, ben);
      const first = await upload(ann);
      const created = await gql(annA, CREATE, { input: { timelineId: tl.id, mediaId: first.id } });
      const id = created.data!.createMemory.memory.id;
      const next = await upload(ben);
      const r = await gql(benA, UPDATE, { input: { id, mediaId: next.id } });
      expect(r.data!.updateMemory.memory.cover.id).toBe(next.id);
      expect(await t.ds.getRepository(MediaFile).findOneBy({ id: first.id })).toBeNull();
      expect((await t.ds.getRepository(MediaFile).findOneByOrFail({ id: next.id })).attached).toBe(true);
      expect((await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id })).previewMediaIds).toEqual([next.id]);
      // REST: media_public_id of a new upload
      const third = await upload(ann);
      const rest = await annA
        .put(`/api/memories/${id}`)
        .send({ media_public_id: third.id, media_type: "image" })
        .expect(200);
      expect(rest.body.media_public_id).toBe(third.id);
      expect(await t.ds.getRepository(MediaFile).findOneBy({ id: next.id })).toBeNull();
    });

    it("onlookers cannot edit or delete (FORBIDDEN when visible, NOT_FOUND otherwise); nothing changes", async () => {
      const friend = await createUser(t.ds);
      await connect(t.ds, friend, ann);
      const pub = await connect(t.ds, ann, ben, { privacy: Privacy.PUBLIC });
      const m = await createMemory(t.ds, { timelineId: pub.id, createdById: ann.id, caption: "Keep" });
      const f = await signInAs(t, friend);
      expect(errorCode(await gql(f, UPDATE, { input: { id: m.id, caption: "Hacked" } }))).toBe("FORBIDDEN");
      expect(errorCode(await gql(f, DELETE, { id: m.id }))).toBe("FORBIDDEN");
      const stranger = await signInAs(t, await createUser(t.ds));
      expect(errorCode(await gql(stranger, UPDATE, { input: { id: m.id, caption: "Hacked" } }))).toBe("NOT_FOUND");
      await stranger.delete(`/api/memories/${m.id}`).expect(404);
      expect((await t.ds.getRepository(Memory).findOneByOrFail({ id: m.id })).caption).toBe("Keep");
      // the memory reads canEdit false for the friend, true for a participant
      const Q = `query($id: ID!) { memory(id: $id) { canEdit } }`;
      expect((await gql(f, Q, { id: m.id })).data!.memory.canEdit).toBe(false);
      expect((await gql(benA, Q, { id: m.id })).data!.memory.canEdit).toBe(true);
    });

    it("delete removes the memory and its file, and the previews follow", async () => {
      const tl = await connect(t.ds, ann, ben);
      const a = await upload(ann);
      const b = await upload(ann);
      const ma = (await gql(annA, CREATE, { input: { timelineId: tl.id, mediaId: a.id } })).data!.createMemory.memory
        .id;
      await gql(annA, CREATE, { input: { timelineId: tl.id, mediaId: b.id } });
      const r = await gql(benA, DELETE, { id: ma });
      expect(r.data!.deleteMemory).toEqual({ deletedId: ma, timelineId: tl.id });
      expect(await t.ds.getRepository(Memory).findOneBy({ id: ma })).toBeNull();
      expect(await t.ds.getRepository(MediaFile).findOneBy({ id: a.id })).toBeNull();
      expect((await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id })).previewMediaIds).toEqual([b.id]);
      const mb = (await t.ds.getRepository(Memory).findOneByOrFail({ mediaId: b.id })).id;
      const rest = await annA.delete(`/api/memories/${mb}`).expect(200);
      expect(rest.body).toEqual({ success: true, _id: mb, id: mb, timeline_id: tl.id });
    });

    it("a video without a poster never becomes a preview", async () => {
      const tl = await connect(t.ds, ann, ben);
      const v = await upload(ann, { type: MediaType.VIDEO, format: "mp4", variants: { video: "variants/x/v.mp4" } });
      await gql(annA, CREATE, { input: { timelineId: tl.id, mediaId: v.id } });
      expect((await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id })).previewMediaIds).toEqual([]);
    });
  });
});
