import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ffmpeg, locateFfmpeg } from "../../src/lib/ffmpeg.js";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { MESSAGES } from "../../src/modules/media/media.service.js";
import { LIMIT_MESSAGES } from "../../src/modules/media/upload-limits.js";
import { signInAs } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { byteStream, createUser, fixture, fixtureBytes, mediaFiles, signIn, storedSize } from "./media-helpers.js";

const MB = 1024 * 1024;
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const UPDATE_PHOTO = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }`;

/** An MP4 box: 32-bit size, type, payload. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};
const FTYP = box("ftyp", Buffer.from("isom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2mp41"));

const uploadVia = (t: TestApp, cookie: string, file: Buffer, name: string) =>
  request(t.app)
    .post("/api/upload/file")
    .set("Origin", "http://keepsake.test")
    .set("Cookie", cookie)
    .attach("file", file, name);

/** A GraphQL multipart upload (a profile photo) for the agent's account. */
const graphqlUpload = (agent: Awaited<ReturnType<typeof signInAs>>, file: Buffer) =>
  agent
    .post("/graphql")
    .set("Origin", "http://keepsake.test")
    .set("Apollo-Require-Preflight", "true")
    .field("operations", JSON.stringify({ query: UPDATE_PHOTO, variables: { input: { photo: null } } }))
    .field("map", JSON.stringify({ 0: ["variables.input.photo"] }))
    .attach("0", file, "photo.jpg");

describe("upload rate per account (UPLOAD_RATE_LIMIT)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: "3" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the 4th upload in 10 minutes with 429 {error, message, retryAfter, resetTime} and Retry-After, on REST and GraphQL", async () => {
    const user = await createUser(t.ds);
    const cookie = await signIn(t, user.id);
    const photo = fixtureBytes("photo-plain.jpg");
    for (let i = 0; i < 3; i++) await uploadVia(t, cookie, photo, "p.jpg").expect(201);

    const before = await mediaFiles(t);
    const res = await uploadVia(t, cookie, photo, "p.jpg").expect(429);
    expect(res.body).toEqual({
      error: expect.stringMatching(/^Too many uploads\. Please try again in \d+ (seconds?|minutes?)\.$/),
      message: res.body.error,
      retryAfter: expect.any(Number),
      resetTime: expect.any(String),
    });
    expect(res.body.retryAfter).toBeGreaterThan(0);
    expect(res.body.retryAfter).toBeLessThanOrEqual(600);
    expect(res.headers["retry-after"]).toBe(String(res.body.retryAfter));
    expect(Date.parse(res.body.resetTime)).toBeGreaterThan(Date.now());
    expect(await mediaFiles(t)).toEqual(before); // nothing kept
    expect(await t.ds.getRepository(MediaFile).countBy({ ownerId: user.id })).toBe(3);

    // The same account through GraphQL: the same limit, with the code and the wait.
    const agent = await signInAs(t, user);
    const gql = await graphqlUpload(agent, photo);
    expect(gql.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Too many uploads/),
      extensions: { code: "RATE_LIMITED", retryAfter: expect.any(Number), resetTime: expect.any(String) },
    });

    // Someone else is not affected.
    const other = await signIn(t, (await createUser(t.ds)).id);
    await uploadVia(t, other, photo, "p.jpg").expect(201);
  });

  it("counts GraphQL uploads and refused files too", async () => {
    const user = await createUser(t.ds);
    const cookie = await signIn(t, user.id);
    const agent = await signInAs(t, user);
    expect((await graphqlUpload(agent, fixtureBytes("photo-plain.jpg"))).body.errors).toBeUndefined();
    await uploadVia(t, cookie, fixtureBytes("not-an-image.jpg"), "x.jpg").expect(400);
    await uploadVia(t, cookie, fixtureBytes("photo-plain.jpg"), "p.jpg").expect(201);
    await uploadVia(t, cookie, fixtureBytes("photo-plain.jpg"), "p.jpg").expect(429);
  });
});

describe("limits that never stop honest use (the default configuration)", () => {
  let t: TestApp;
  beforeAll(async () => {
    // The defaults of server/src/config/env.ts (an empty value is the default).
    t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: "" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  // 104 real uploads (media in an S3 bucket on the PostgreSQL lane): time to spare on a busy machine
  it("takes a 100-photo trip in one burst, and 500 photos in a day", { timeout: 120_000 }, async () => {
    const user = await createUser(t.ds);
    const cookie = await signIn(t, user.id);
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#c96" } })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < 100; i++) {
      const res = await uploadVia(t, cookie, photo, `trip-${i}.jpg`);
      expect(res.status, `upload ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    // The rest of the day in four more bursts of 100, each more than 10 minutes after the last.
    for (let burst = 0; burst < 4; burst++) {
      await t.ds.query(`DELETE FROM rate_limits WHERE key LIKE 'upload-account-10m%'`);
      for (let i = 0; i < 99; i++) await t.services.media.uploadLimits.admit(user.id);
      await uploadVia(t, cookie, photo, "evening.jpg").expect(201);
    }
  });
});

describe("abuse bounded by the day (UPLOAD_DAILY_LIMIT, UPLOAD_DAILY_MB)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_DAILY_LIMIT: "3", UPLOAD_DAILY_MB: "1" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectRateLimited = (res: request.Response) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: expect.stringMatching(/^Too many uploads\. Please try again in \d+ (seconds?|minutes?)\.$/),
      message: res.body.error,
      retryAfter: expect.any(Number),
      resetTime: expect.any(String),
    });
    expect(res.headers["retry-after"]).toBe(String(res.body.retryAfter));
    expect(res.body.retryAfter).toBeGreaterThan(600); // the day's window, not the burst's
    expect(res.body.retryAfter).toBeLessThanOrEqual(24 * 3600);
  };

  it("answers the 4th file of the day with the 429 contract", async () => {
    const cookie = await signIn(t, (await createUser(t.ds)).id);
    for (let i = 0; i < 3; i++) await uploadVia(t, cookie, fixtureBytes("photo-plain.jpg"), "p.jpg").expect(201);
    expectRateLimited(await uploadVia(t, cookie, fixtureBytes("photo-plain.jpg"), "p.jpg"));
  });

  it("counts the bytes received, refused ones too, cuts the stream past the day's bytes, then refuses before reading", async () => {
    const user = await createUser(t.ds);
    const cookie = await signIn(t, user.id);
    const junk = Buffer.concat([JPEG_HEAD, crypto.randomBytes(700 * 1024)]);
    await uploadVia(t, cookie, junk, "a.jpg").expect(400); // not an image: refused, but sent
    const before = await mediaFiles(t);
    const stream = byteStream(JPEG_HEAD, 5 * MB);
    await expect(t.services.media.ingest({ userId: user.id }, { stream })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
    });
    expect(stream.produced()).toBeLessThan(2 * MB); // cut near the day's 1 MB, not read to its end
    expect(await mediaFiles(t)).toEqual(before);
    expectRateLimited(await uploadVia(t, cookie, fixtureBytes("photo-plain.jpg"), "p.jpg"));
    expect(await t.ds.getRepository(MediaFile).countBy({ ownerId: user.id })).toBe(0);
  });
});

describe("storage quota per account (USER_STORAGE_QUOTA_MB)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { USER_STORAGE_QUOTA_MB: "1" } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const repo = () => t.ds.getRepository(MediaFile);
  const inStore = async (m: MediaFile) => {
    let sum = 0;
    for (const k of new Set([m.originalKey, ...Object.values(m.variants)])) sum += await storedSize(t, k!);
    return sum;
  };

  it("records what each upload takes in the store, originals and variants", async () => {
    const owner = await createUser(t.ds);
    const image = await t.services.media.ingest(
      { userId: owner.id },
      {
        stream: fs.createReadStream(fixture("photo-gps.jpg")),
      },
    );
    const video = await t.services.media.ingest(
      { userId: owner.id },
      {
        stream: fs.createReadStream(fixture("clip.webm")),
      },
    );
    for (const m of [image, video]) {
      const row = await repo().findOneByOrFail({ id: m.id });
      expect(row.storedBytes).toBe(await inStore(row));
    }
    expect(image.storedBytes).toBeGreaterThan(image.bytes); // the variants count too
    expect(await t.services.media.uploadLimits.used(owner.id)).toBe(image.storedBytes + video.storedBytes);
  });

  it("counts a video's poster, thumb and transcoded copy", async () => {
    const owner = await createUser(t.ds);
    const video = await t.services.media.ingest(
      { userId: owner.id },
      {
        stream: fs.createReadStream(fixture("clip.webm")),
      },
    );
    const row = await repo().findOneByOrFail({ id: video.id });
    expect(Object.keys(row.variants).sort()).toEqual(["poster", "thumb", "video"]);
    expect(row.storedBytes).toBe(await inStore(row));
  });

  it("cuts a stream that grows past the remaining space, removes its temp file, and answers 413 QUOTA_EXCEEDED", async () => {
    const owner = await createUser(t.ds);
    const before = await mediaFiles(t);
    const stream = byteStream(JPEG_HEAD, 20 * MB);
    await expect(t.services.media.ingest({ userId: owner.id }, { stream })).rejects.toMatchObject({
      code: "QUOTA_EXCEEDED",
      status: 413,
      message: LIMIT_MESSAGES.quota(1),
    });
    expect(stream.produced()).toBeGreaterThan(1 * MB);
    expect(stream.produced()).toBeLessThan(2 * MB); // not read to its end
    expect(await mediaFiles(t)).toEqual(before);
  });

  it("refuses before reading when nothing is left, over REST (413 with the message) and GraphQL (the code)", async () => {
    const owner = await createUser(t.ds);
    const cookie = await signIn(t, owner.id);
    const first = await uploadVia(t, cookie, fixtureBytes("photo-plain.jpg"), "p.jpg").expect(201);
    await repo().update({ id: first.body.public_id }, { storedBytes: 1 * MB }); // the space is used up

    const stream = byteStream(JPEG_HEAD, 5 * MB);
    await expect(t.services.media.ingest({ userId: owner.id }, { stream })).rejects.toMatchObject({
      code: "QUOTA_EXCEEDED",
    });
    await new Promise((r) => setImmediate(r));
    const res = await uploadVia(t, cookie, fixtureBytes("photo-plain.jpg"), "p.jpg").expect(413);
    expect(res.body).toEqual({ error: LIMIT_MESSAGES.quota(1), quotaMb: 1 });
    expect(res.body.error).toBe(
      "Not enough storage space left for this file (your limit is 1 MB). Delete some memories to make room.",
    );
    const gql = await graphqlUpload(await signInAs(t, owner), fixtureBytes("photo-plain.jpg"));
    expect(gql.body.errors?.[0]).toMatchObject({
      message: LIMIT_MESSAGES.quota(1),
      extensions: { code: "QUOTA_EXCEEDED" },
    });
    expect(await repo().countBy({ ownerId: owner.id })).toBe(1);

    // Deleting makes room again.
    await t.services.media.remove([first.body.public_id]);
    await uploadVia(t, cookie, fixtureBytes("photo-plain.jpg"), "p.jpg").expect(201);
  });

  it("two parallel uploads cannot both take the last free space", async () => {
    const owner = await createUser(t.ds);
    const probe = await t.services.media.ingest(
      { userId: owner.id },
      {
        stream: fs.createReadStream(fixture("photo-plain.jpg")),
      },
    );
    // Leave room for one more of the same photo and a half.
    await repo().update({ id: probe.id }, { storedBytes: 1 * MB - Math.floor(probe.storedBytes * 1.5) });
    const results = await Promise.allSettled(
      [1, 2].map(() =>
        t.services.media.ingest({ userId: owner.id }, { stream: fs.createReadStream(fixture("photo-plain.jpg")) }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
      code: "QUOTA_EXCEEDED",
    });
    expect(await t.services.media.uploadLimits.used(owner.id)).toBeLessThanOrEqual(1 * MB);
    const kept = await repo().findBy({ ownerId: owner.id });
    expect(kept).toHaveLength(2);
    const files = await mediaFiles(t);
    const mine = files.filter((f) => kept.every((k) => !f.includes(k.id)) && f.includes(owner.id));
    expect(mine).toEqual([]);
  });
});

describe("unattached uploads and video containers", () => {
  let t: TestApp;
  let ownerId: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t.ds)).id;
    cookie = await signIn(t, ownerId);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sweeps an unattached upload after an hour, not a day", async () => {
    const repo = t.ds.getRepository(MediaFile);
    const old = await t.services.media.ingest(
      { userId: ownerId },
      { stream: fs.createReadStream(fixture("photo-plain.jpg")) },
    );
    const young = await t.services.media.ingest(
      { userId: ownerId },
      { stream: fs.createReadStream(fixture("photo-plain.jpg")) },
    );
    await repo.update({ id: old.id }, { createdAt: new Date(t.clock.now().getTime() - 61 * 60_000) });
    await repo.update({ id: young.id }, { createdAt: new Date(t.clock.now().getTime() - 50 * 60_000) });
    const result = await t.services.media.sweepOrphans();
    expect(result.rows).toBe(1);
    expect(await repo.findOneBy({ id: old.id })).toBeNull();
    expect(await repo.findOneBy({ id: young.id })).not.toBeNull();
  });

  it("refuses 30 MB of random bytes behind an MP4 ftyp header with 400, and keeps nothing", async () => {
    const before = await mediaFiles(t);
    const junk = Buffer.concat([FTYP, crypto.randomBytes(30 * MB)]);
    const res = await uploadVia(t, cookie, junk, "clip.mp4").expect(400);
    expect(res.body).toEqual({ error: MESSAGES.videoUnreadable });
    expect(await mediaFiles(t)).toEqual(before);
  });

  it("refuses an MP4 without a moov, with a moov without a track (no duration), cut short, and a bare EBML header", async () => {
    const mvhd = (duration: number) => {
      const b = Buffer.alloc(100);
      b.writeUInt32BE(1000, 12); // timescale
      b.writeUInt32BE(duration, 16);
      return box("mvhd", b);
    };
    const noMoov = Buffer.concat([FTYP, box("mdat", crypto.randomBytes(64 * 1024))]);
    const noTrack = Buffer.concat([FTYP, box("moov", mvhd(2000)), box("mdat", crypto.randomBytes(64 * 1024))]);
    const overflow = Buffer.concat([FTYP, box("moov", mvhd(2000)).subarray(0, 60)]); // a box past the end
    const ebmlOnly = Buffer.concat([fixtureBytes("clip.webm").subarray(0, 40), crypto.randomBytes(256 * 1024)]);
    for (const [bytes, name] of [
      [noMoov, "a.mp4"],
      [noTrack, "b.mp4"],
      [overflow, "c.mp4"],
      [ebmlOnly, "d.webm"],
    ] as const) {
      const res = await uploadVia(t, cookie, bytes, name);
      expect([res.status, res.body]).toEqual([400, { error: expect.any(String) }]);
    }
  });

  it("accepts the real clips: MP4 with its moov first or last, and WebM", async () => {
    await uploadVia(t, cookie, fixtureBytes("clip.mp4"), "clip.mp4").expect(201);
    await uploadVia(t, cookie, fixtureBytes("clip.webm"), "clip.webm").expect(201);
    // moov at the end (a phone that did not "fast start"): ftyp, mdat, 30 MB of padding, moov.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-moov-last-"));
    await new Ffmpeg(locateFfmpeg()).run(
      ["-i", fixture("clip.mp4"), "-c", "copy", "-f", "mp4", path.join(dir, "last.mp4")],
      { timeoutMs: 60_000 },
    );
    const clip = fs.readFileSync(path.join(dir, "last.mp4"));
    fs.rmSync(dir, { recursive: true, force: true });
    const boxes: Record<string, Buffer> = {};
    for (let pos = 0; pos < clip.length;) {
      const size = clip.readUInt32BE(pos);
      boxes[clip.toString("latin1", pos + 4, pos + 8)] = clip.subarray(pos, pos + size);
      pos += size;
    }
    expect(Object.keys(boxes)).toEqual(expect.arrayContaining(["ftyp", "moov", "mdat"]));
    expect(Object.keys(boxes).indexOf("moov")).toBeGreaterThan(Object.keys(boxes).indexOf("mdat"));
    const beforeMoov = clip.subarray(0, clip.length - boxes.moov!.length); // ffmpeg writes moov last
    const moovLast = Buffer.concat([beforeMoov, box("free", Buffer.alloc(30 * MB)), boxes.moov!]);
    const res = await uploadVia(t, cookie, moovLast, "IMG_0001.MOV").expect(201);
    expect(res.body).toMatchObject({ resource_type: "video", format: "mp4", bytes: moovLast.length });
  });
});
