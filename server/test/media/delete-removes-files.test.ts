/**
 * Deleting a memory or a timeline removes its media from the store: the local disk by default, a
 * bucket with TEST_STORAGE=s3 (see also s3-media.test.ts). docs/decisions/004-media-pipeline.md
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createUser } from "../factories/index.js";
import { distinctCopy, FIXTURES } from "../helpers/fixtures.js";
import { signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { mediaFiles } from "./media-helpers.js";

const PHOTO = fs.readFileSync(path.join(FIXTURES, "photo-plain.jpg"));
const ORIGIN = { Origin: "http://keepsake.test" };

describe("deleting removes media files from the store", () => {
  let t: TestApp;
  let ann: User;
  let ben: User;
  let annA: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.ds, { displayName: "Ann" });
    ben = await createUser(t.ds, { displayName: "Ben" });
    annA = await signInAs(t, ann);
  });
  afterAll(() => t?.close());

  let stored: string[] = [];
  const refresh = async () => {
    stored = await mediaFiles(t);
  };
  const filesOf = (mediaId: string) => stored.filter((key) => key.includes(mediaId));

  const addMemory = async (timelineId: string) => {
    const up = await annA.post("/api/upload/file").set(ORIGIN).attach("file", distinctCopy(PHOTO), "p.jpg").expect(201);
    const memory = await annA
      .post("/api/memories")
      .set(ORIGIN)
      .send({ timeline_id: timelineId, media_public_id: up.body.public_id, caption: "Disk", memory_date: "2024-01-05" })
      .expect(201);
    return { mediaId: up.body.public_id as string, memoryId: memory.body.id as string };
  };

  it("a memory's original and variants go with the memory", async () => {
    const tl = await connect(t.ds, ann, ben);
    const m = await addMemory(tl.id);
    await refresh();
    expect(filesOf(m.mediaId)).toHaveLength(3); // original, display, thumb
    await annA.delete(`/api/memories/${m.memoryId}`).set(ORIGIN).expect(200);
    await refresh();
    expect(filesOf(m.mediaId)).toEqual([]);
  });

  it("a timeline's memories' files all go with the timeline, and nothing else's", async () => {
    const tl = await connect(t.ds, ann, ben);
    const keep = await addMemory((await connect(t.ds, ann, ben)).id);
    const a = await addMemory(tl.id);
    const b = await addMemory(tl.id);
    await refresh();
    expect([...filesOf(a.mediaId), ...filesOf(b.mediaId)]).toHaveLength(6);
    await annA.delete(`/api/timelines/${tl.id}`).set(ORIGIN).expect(200);
    await refresh();
    expect([...filesOf(a.mediaId), ...filesOf(b.mediaId)]).toEqual([]);
    expect(filesOf(keep.mediaId)).toHaveLength(3);
  });
});
