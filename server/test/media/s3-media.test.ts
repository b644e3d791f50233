/**
 * The app with S3_BUCKET set: uploads land in the bucket (nothing under DATA_DIR/media but temp
 * files), /media re-checks access and streams from the bucket with Range, and deleting a memory
 * or a timeline removes its objects. The bucket is a real S3-protocol server in this process.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createUser } from "../factories/index.js";
import { distinctCopy, FIXTURES } from "../helpers/fixtures.js";
import { startTestS3, type TestS3 } from "../helpers/s3-server.js";
import { signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const PHOTO = fs.readFileSync(path.join(FIXTURES, "photo-plain.jpg"));

describe("media in an S3 bucket", () => {
  let s3: TestS3;
  let t: TestApp;
  let ann: User;
  let ben: User;
  let annA: Agent;
  let strangerA: Agent;

  beforeAll(async () => {
    s3 = await startTestS3();
    // The SDK's standard credential chain reads these (a deployment: env, profile or role).
    for (const name of [
      "AWS_ACCESS_KEY_ID",
      "AWS_SECRET_ACCESS_KEY",
      "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED",
    ])
      process.env[name] = s3.env[name];
    t = await createTestApp({
      env: { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: "true" },
    });
    ann = await createUser(t.ds, { displayName: "Ann" });
    ben = await createUser(t.ds, { displayName: "Ben" });
    annA = await signInAs(t, ann);
    strangerA = await signInAs(t, await createUser(t.ds, { displayName: "Stranger" }));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = async () => {
    const up = await annA
      .post("/api/upload/file")
      .set("Origin", "http://keepsake.test")
      .attach("file", distinctCopy(PHOTO), "p.jpg")
      .expect(201);
    return up.body as { public_id: string; file_url: string };
  };

  const addMemory = async (timelineId: string) => {
    const up = await upload();
    const memory = await annA
      .post("/api/memories")
      .send({ timeline_id: timelineId, media_public_id: up.public_id, caption: "Bucket", memory_date: "2024-01-05" })
      .expect(201);
    return { ...up, memoryId: memory.body.id as string };
  };

  const objectsOf = async (mediaId: string) => (await s3.keys()).filter((k) => k.includes(mediaId));

  it("stores the original and its variants in the bucket, not on the local disk", async () => {
    const up = await upload();
    const keys = await objectsOf(up.public_id);
    expect(keys.filter((k) => k.startsWith("originals/"))).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith("variants/"))).toHaveLength(2); // display + thumb
    const local = fs.readdirSync(path.join(t.dataDir, "media"), { recursive: true, withFileTypes: true });
    expect(local.filter((e) => e.isFile())).toEqual([]); // temp files are gone too
  });

  it("serves through /media after the access check: whole, in ranges, 304, and 404 for others", async () => {
    const up = await upload();
    const url = up.file_url.replace(/^https?:\/\/[^/]+/, "");
    const whole = await annA.get(url).buffer(true).expect(200);
    expect(whole.headers["content-type"]).toBe("image/webp");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    const body = whole.body as Buffer;
    expect(body.subarray(0, 4).toString()).toBe("RIFF");
    expect(Number(whole.headers["content-length"])).toBe(body.length);

    const part = await annA.get(url).set("Range", "bytes=8-15").buffer(true).expect(206);
    expect(part.headers["content-range"]).toBe(`bytes 8-15/${body.length}`);
    expect(Buffer.compare(part.body as Buffer, body.subarray(8, 16))).toBe(0);
    const tail = await annA.get(url).set("Range", "bytes=-10").buffer(true).expect(206);
    expect(Buffer.compare(tail.body as Buffer, body.subarray(body.length - 10))).toBe(0);
    await annA
      .get(url)
      .set("Range", `bytes=${body.length + 5}-`)
      .expect(416);
    await annA
      .get(url)
      .set("If-None-Match", whole.headers.etag as string)
      .expect(304);

    await strangerA.get(url).expect(404); // unattached: its owner only, bucket or not
  });

  it("deleting a memory removes its objects; deleting a timeline removes all of its memories' objects", async () => {
    const tl = await connect(t.ds, ann, ben);
    const first = await addMemory(tl.id);
    expect(await objectsOf(first.public_id)).toHaveLength(3);
    await annA.delete(`/api/memories/${first.memoryId}`).expect(200);
    expect(await objectsOf(first.public_id)).toEqual([]);

    const a = await addMemory(tl.id);
    const b = await addMemory(tl.id);
    expect([...(await objectsOf(a.public_id)), ...(await objectsOf(b.public_id))]).toHaveLength(6);
    await annA.delete(`/api/timelines/${tl.id}`).expect(200);
    expect([...(await objectsOf(a.public_id)), ...(await objectsOf(b.public_id))]).toEqual([]);
  });

  it("the sweeper lists the bucket: stray objects go after the grace, objects in use stay", async () => {
    const kept = await upload(); // unattached but young: its row and objects stay
    const stray = "variants/ab/abcdef01-2345-4678-89ab-cdef01234567-display-1a2b3c4d.webp"; // no row
    await t.services.media.storage.put(stray, Buffer.from("left by a crashed upload"));
    expect(await t.services.media.sweepOrphans(24 * 3600_000, 3600_000)).toEqual({ rows: 0, files: 0 }); // too young
    t.clock.advance(2 * 3600_000);
    expect(await t.services.media.sweepOrphans(24 * 3600_000, 3600_000)).toEqual({ rows: 0, files: 1 });
    expect(await s3.keys()).not.toContain(stray);
    expect(await objectsOf(kept.public_id)).toHaveLength(3);
  });

  it("a missing object is the same 404 as no access (never a 500)", async () => {
    const up = await upload();
    await s3.empty();
    const url = up.file_url.replace(/^https?:\/\/[^/]+/, "");
    await annA.get(url).expect(404);
  });
});
