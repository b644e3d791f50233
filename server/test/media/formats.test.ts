/**
 * Every phone's photos and videos (docs/decisions/034-media-formats.md): HEIC and AVIF decoded on
 * the server, videos kept without metadata with a poster made by ffmpeg, the ones not every
 * browser plays transcoded once; the capture date read, the position never stored, served or
 * exported; the duration limit; a transcode that fails; a server without ffmpeg.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import exifr from "exifr";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { Ffmpeg, locateFfmpeg } from "../../src/lib/ffmpeg.js";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { MediaStatus } from "../../src/entities/media.enums.js";
import { MESSAGES } from "../../src/modules/media/media.service.js";
import { VideoTools } from "../../src/modules/media/video-tools.js";
import { createTimeline, createUser } from "../factories/index.js";
import { SAME_ORIGIN } from "../helpers/sign-in.js";
import { gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { binaryParser, fixture, fixtureBytes, mediaFiles, replaceMediaService, storedBytes } from "./media-helpers.js";

/** Text a recording place leaves in a file (ISO 6709, XMP, QuickTime keys, Matroska tags) and the phone model. */
const PLACE_TRACES = [
  "48.8584",
  "48,51",
  "2.2945",
  "2,17",
  "\u00a9xyz",
  "ISO6709",
  "GPSLatitude",
  "GPSLongitude",
  "LOCATION",
  "iPhone",
];
const tracesIn = (buf: Buffer) => PLACE_TRACES.filter((s) => buf.includes(Buffer.from(s, "latin1")));

const tools = new VideoTools(new Ffmpeg(locateFfmpeg()));

/** What ffmpeg sees in a served video, and whether a frame of it shows the red half on top. */
async function inspectVideo(bytes: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-served-"));
  try {
    const file = path.join(dir, "served");
    fs.writeFileSync(file, bytes);
    const streams = await tools.probe(file);
    const frame = await sharp(await tools.posterFrame(file, 0.5))
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { streams, ...colours(frame.data, frame.info) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Size and the colours near the top and the bottom of the middle column of decoded pixels. */
function colours(data: Buffer, info: { width: number; height: number; channels: number }) {
  const at = (y: number) => {
    const i = (y * info.width + (info.width >> 1)) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  const name = ([r, g, b]: number[]) => (r! > 180 && b! < 80 ? "red" : b! > 180 && r! < 80 ? "blue" : `${r},${g},${b}`);
  return {
    width: info.width,
    height: info.height,
    top: name(at(Math.floor(info.height * 0.1))),
    bottom: name(at(Math.floor(info.height * 0.9))),
  };
}

async function upright(webp: Buffer) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  return colours(data, info);
}

function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error("no zip"));
      const out = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

interface Uploaded {
  public_id: string;
  file_url: string | null;
  poster_url: string | null;
  status: string;
  taken_at: string | null;
  place: string | null;
  width: number;
  height: number;
  format: string;
}

describe("phone formats: HEIC, AVIF, HEVC, VP9, AV1 and position boxes", () => {
  let t: TestApp;
  let ann: Agent;
  let stranger: Agent;
  let timelineId: string;
  const uploaded = new Map<string, Uploaded>();
  let exported: Map<string, Buffer>;

  const get = (agent: Agent, url: string) => agent.get(url).buffer(true).parse(binaryParser);
  const row = (id: string) => t.ds.getRepository(MediaFile).findOneByOrFail({ id });

  beforeAll(async () => {
    t = await createTestApp();
    const annUser = await createUser(t.ds, { username: "annformats" });
    ann = await signInAs(t, annUser);
    stranger = await signInAs(t, await createUser(t.ds));
    timelineId = (await createTimeline(t.ds, { createdById: annUser.id, collaboratorId: (await createUser(t.ds)).id }))
      .id;
    for (const name of [
      "photo-rotated.heic",
      "photo.avif",
      "clip.mp4",
      "clip-hevc.mov",
      "clip-vp9.webm",
      "clip-av1.webm",
      "clip-gps-boxes.mp4",
    ]) {
      const res = await ann.post("/api/upload/file").attach("file", fixtureBytes(name), name);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
      uploaded.set(name, res.body as Uploaded);
      await ann
        .post("/api/memories")
        .send({ timeline_id: timelineId, media_public_id: res.body.public_id, caption: name })
        .expect(201);
    }
    const zip = await ann.get("/api/users/me/export").buffer(true).parse(binaryParser).expect(200);
    exported = await unzip(zip.body as Buffer);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  for (const [name, format] of [
    ["photo-rotated.heic", "heic"],
    ["photo.avif", "avif"],
  ] as const) {
    it(`${name}: decoded on the server, turned upright, no metadata served, capture date kept`, async () => {
      const up = uploaded.get(name)!;
      expect(up).toMatchObject({
        format,
        width: 480,
        height: 640,
        status: "ready",
        taken_at: "2023-07-14T18:32:05+02:00",
      });
      const display = await get(ann, up.file_url!).expect(200);
      expect(display.headers["content-type"]).toBe("image/webp");
      expect(await upright(display.body as Buffer)).toEqual({ width: 480, height: 640, top: "red", bottom: "blue" });
      const meta = await sharp(display.body as Buffer).metadata();
      expect([meta.exif, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined]);
      const media = await row(up.public_id);
      const thumb = await storedBytes(t, media.variants.thumb!);
      expect((await sharp(thumb!).metadata()).exif).toBeUndefined();
      // the original is kept as uploaded, privately, and still has its GPS
      const original = await storedBytes(t, media.originalKey);
      expect(original!.equals(fixtureBytes(name))).toBe(true);
    });
  }

  it("the export's copy of a HEIC or AVIF photo is an upright JPEG with its capture date and no GPS", async () => {
    for (const name of ["photo-rotated.heic", "photo.avif"]) {
      const doc = JSON.parse(exported.get("keepsake.json")!.toString()) as {
        timelines: { memories: { file: string; caption: string }[] }[];
      };
      const file = doc.timelines.flatMap((tl) => tl.memories).find((m) => m.caption === name)!.file;
      expect(file).toMatch(/\.jpg$/);
      const copy = exported.get(file)!;
      const meta = await sharp(copy).metadata();
      expect(meta.format).toBe("jpeg");
      expect(await upright(copy)).toEqual({ width: 480, height: 640, top: "red", bottom: "blue" });
      const tags = (await exifr.parse(copy, { gps: true, reviveValues: false, translateValues: false })) as Record<
        string,
        unknown
      >;
      expect(tags.DateTimeOriginal).toBe("2023:07:14 18:32:05");
      expect(tags.GPSLatitude).toBeUndefined();
      expect(tags.latitude).toBeUndefined();
      expect([undefined, 1]).toContain(tags.Orientation); // the pixels are upright already
    }
  });

  for (const [name, transcoded, takenAt] of [
    ["clip.mp4", false, null],
    ["clip-gps-boxes.mp4", false, null],
    ["clip-hevc.mov", true, "2023-07-14T18:32:05+02:00"],
    ["clip-vp9.webm", true, "2023-07-14T16:32:05+00:00"],
    ["clip-av1.webm", true, null],
  ] as const) {
    it(`${name}: ${transcoded ? "transcoded once to H.264/AAC MP4" : "served as it is"}, with a server-made poster`, async () => {
      const up = uploaded.get(name)!;
      expect(up.status).toBe("ready"); // the test app runs jobs inline
      expect(up.taken_at).toBe(takenAt);
      const media = await row(up.public_id);
      expect(media.status).toBe(MediaStatus.READY);
      expect(media.variants.video).toBeDefined();
      expect(media.variants.video === media.originalKey).toBe(!transcoded);
      const video = await get(ann, up.file_url!).expect(200);
      const seen = await inspectVideo(video.body as Buffer);
      if (transcoded) {
        expect(video.headers["content-type"]).toBe("video/mp4");
        expect(seen.streams.video).toEqual({ codec: "h264", pixelFormat: "yuv420p" });
        const audio = fixtureBytes(name).includes(Buffer.from("A_OPUS")) || name === "clip-hevc.mov";
        expect(seen.streams.audio).toEqual(audio ? { codec: "aac" } : null);
      }
      const poster = await get(ann, up.poster_url!).expect(200);
      expect(poster.headers["content-type"]).toBe("image/webp");
      const posterSize = await sharp(poster.body as Buffer).metadata();
      expect([up.width, up.height]).toEqual([posterSize.width, posterSize.height]);
      if (name === "clip-hevc.mov") {
        // a portrait phone video stored sideways with a rotation: upright in the poster and the copy
        expect(await upright(poster.body as Buffer)).toEqual({ width: 180, height: 320, top: "red", bottom: "blue" });
        expect(seen).toMatchObject({ width: 180, height: 320, top: "red", bottom: "blue" });
      }
    });
  }

  it("no recording place, phone model or metadata box in any served or exported byte of any format", async () => {
    // the fixtures do carry them
    for (const name of ["clip-hevc.mov", "clip-vp9.webm", "clip-gps-boxes.mp4"])
      expect(tracesIn(fixtureBytes(name)).length, name).toBeGreaterThan(0);
    for (const [name, up] of uploaded) {
      const media = await row(up.public_id);
      for (const [variant, key] of Object.entries(media.variants)) {
        const bytes = await storedBytes(t, key!);
        expect(tracesIn(bytes!), `${name} ${variant}`).toEqual([]);
      }
      if (media.type === "video")
        expect(tracesIn((await storedBytes(t, media.originalKey))!), `${name} original`).toEqual([]);
    }
    const files = [...exported].filter(([file]) => file.startsWith("media/"));
    expect(files.length).toBe(uploaded.size);
    for (const [file, bytes] of files) expect(tracesIn(bytes), file).toEqual([]);
    // nor in the database: the position is never stored
    const rows = JSON.stringify(await t.ds.query(`SELECT * FROM media_files`));
    expect(rows).not.toMatch(/48\.85|2\.294/);
  });

  it("the place is named from the position (HEIC EXIF, QuickTime keys, MP4 top-level boxes), never the position itself", async () => {
    const owner = { userId: (await row(uploaded.get("clip.mp4")!.public_id)).ownerId };
    for (const [name, expected] of [
      ["photo-rotated.heic", "Paris, France"],
      ["clip-hevc.mov", "Paris, France"],
      ["clip-gps-boxes.mp4", "Paris, France"],
      ["clip.mp4", null],
    ] as const) {
      const ingested = await t.services.media.ingestWithPlace(owner, { stream: Readable.from([fixtureBytes(name)]) });
      expect(ingested.place, name).toBe(expected);
      expect(JSON.stringify(ingested), name).not.toMatch(/48\.85|2\.294/);
      await t.services.media.remove([ingested.media.id]);
    }
    // The upload result over REST carries the place and the capture time, and no position.
    const heic = uploaded.get("photo-rotated.heic")!;
    expect(heic).toMatchObject({ place: "Paris, France", taken_at: "2023-07-14T18:32:05+02:00" });
    expect(JSON.stringify(heic)).not.toMatch(/48\.85|2\.294|latitude|longitude/);
    expect(uploaded.get("clip.mp4")!.place).toBeNull();
  });

  it("every derived file (poster, thumb, transcoded video) is behind the signed URL and the access check", async () => {
    const up = uploaded.get("clip-hevc.mov")!;
    const res = await gql(
      ann,
      `query($id: ID!) { timeline(id: $id) { memories { edges { node { caption cover { status url thumbUrl posterUrl takenAt } } } } } }`,
      { id: timelineId },
    );
    const node = (
      (res.data as { timeline: { memories: { edges: unknown } } }).timeline.memories.edges as {
        node: {
          caption: string;
          cover: { status: string; url: string; thumbUrl: string; posterUrl: string; takenAt: string };
        };
      }[]
    ).find((e) => e.node.caption === "clip-hevc.mov")!.node;
    expect(node.cover).toMatchObject({ status: "READY", takenAt: "2023-07-14T18:32:05+02:00" });
    for (const url of [node.cover.url, node.cover.thumbUrl, node.cover.posterUrl, up.file_url!, up.poster_url!]) {
      await get(ann, url).expect(200);
      const refused = await get(stranger, url).expect(404);
      expect(refused.headers["cache-control"]).toBe("no-store");
      await request(t.app).get(url).expect(404); // signed out
      await get(ann, url.replace(/sig=[^&]+/, "sig=" + "A".repeat(43))).expect(404);
    }
    // Range on the transcoded copy
    const part = await get(ann, node.cover.url).set("Range", "bytes=0-9").expect(206);
    expect((part.body as Buffer).subarray(4, 8).toString("latin1")).toBe("ftyp");
  });
});

describe("video limits and failures", () => {
  let t: TestApp;
  let ann: Agent;

  beforeAll(async () => {
    t = await createTestApp({ env: { VIDEO_MAX_SECONDS: "1" } });
    ann = await signInAs(t, await createUser(t.ds));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("VIDEO_MAX_SECONDS: a longer video is refused with the limit in words, and nothing is kept", async () => {
    const res = await ann.post("/api/upload/file").attach("file", fixture("clip.mp4"));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.videoTooLong(1));
    expect(res.body.error).toBe("This video is longer than 1 seconds. Please trim it or choose a shorter one.");
    expect(await mediaFiles(t)).toEqual([]);
    expect(await t.ds.query(`SELECT id FROM media_files`)).toEqual([]);
  });

  it("a transcode that fails: FAILED with the poster kept, no video URL, the clean original kept", async () => {
    const media = replaceMediaService(t, { limits: { videoSeconds: 300 } });
    const row = await media.ingest(
      { userId: (await createUser(t.ds)).id },
      {
        stream: fs.createReadStream(fixture("clip-bad-audio.mov")),
      },
    );
    expect(row.status).toBe(MediaStatus.FAILED);
    expect(row.variants.video).toBeUndefined();
    expect(row.variants.poster).toBeDefined();
    expect(media.urlsFor(row)).toMatchObject({ url: null, posterUrl: expect.stringMatching(/\/poster\?/) });
    expect(tracesIn((await storedBytes(t, row.originalKey))!)).toEqual([]);
    // nothing half-written is left: the original, the poster and the thumb only
    expect((await mediaFiles(t)).filter((k) => k.startsWith("tmp/"))).toEqual([]);
  });

  it("a server where ffmpeg cannot run refuses videos with a clear message and still takes photos", async () => {
    replaceMediaService(t, { ffmpeg: new Ffmpeg(null), limits: { videoSeconds: 300 } });
    const before = await mediaFiles(t);
    const video = await ann.post("/api/upload/file").attach("file", fixture("clip-hevc.mov"));
    expect(video.status).toBe(503);
    expect(video.body.error).toBe(MESSAGES.videosUnavailable);
    await ann.post("/api/upload/file").attach("file", fixture("photo-rotated.heic")).expect(201);
    const added = (await mediaFiles(t)).filter((k) => !before.includes(k));
    expect(added.length).toBe(3); // the photo's original, display and thumb
    expect(added.filter((k) => k.endsWith(".mov"))).toEqual([]);
  });

  it("videos stored before: redone as an upload is now (clean copy, server poster, transcode), old files gone", async () => {
    const media = replaceMediaService(t, { limits: { videoSeconds: 300 } });
    const owner = await createUser(t.ds);
    // as the old pipeline stored them: the file (its top-level boxes and tags untouched) was both
    // the original and the served video, under variants/, with a browser poster or none
    const legacy = async (name: string, format: string) => {
      const id = crypto.randomUUID();
      const key = `variants/${id.slice(0, 2)}/${id}-video-0a0b0c0d.${name.split(".").pop()}`;
      await media.storage.put(key, fixtureBytes(name));
      await t.ds.query(
        `INSERT INTO media_files (id, owner_id, type, format, bytes, stored_bytes, original_key, variants, attached)
         VALUES ($1, $2, 'video', $3, $4, $4, $5, $6, true)`,
        [id, owner.id, format, fixtureBytes(name).length, key, { video: key }],
      );
      return { id, key };
    };
    const boxes = await legacy("clip-gps-boxes.mp4", "mp4");
    const hevc = await legacy("clip-hevc.mov", "mov");
    const tags = await legacy("clip-vp9.webm", "webm");
    expect(await media.legacyVideos.reclean()).toBe(3);
    for (const { id, key } of [boxes, hevc, tags]) {
      const row = await t.ds.getRepository(MediaFile).findOneByOrFail({ id });
      expect(row.status).toBe(MediaStatus.READY); // the test app transcodes inline
      expect(row.originalKey).toMatch(/^originals\//);
      expect(Object.keys(row.variants).sort()).toEqual(["poster", "thumb", "video"]);
      expect(await storedBytes(t, key)).toBeNull();
      for (const k of [row.originalKey, ...Object.values(row.variants)])
        expect(tracesIn((await storedBytes(t, k!))!), `${id} ${k}`).toEqual([]);
    }
    expect((await t.ds.getRepository(MediaFile).findOneByOrFail({ id: hevc.id })).takenAt).toBe(
      "2023-07-14T18:32:05+02:00",
    );
    expect(await media.legacyVideos.reclean()).toBe(0); // nothing left
    // one that cannot be redone is marked FAILED (still served as before) and not tried again
    const broken = await legacy("clip.mp4", "mp4");
    await media.storage.put(broken.key, Buffer.from("not a video any more"));
    expect(await media.legacyVideos.reclean()).toBe(1);
    const row = await t.ds.getRepository(MediaFile).findOneByOrFail({ id: broken.id });
    expect([row.status, row.variants.video]).toEqual([MediaStatus.FAILED, broken.key]);
    expect(await media.legacyVideos.reclean()).toBe(0);
  });

  it("signed out, no upload at all", async () => {
    await request(t.app).post("/api/upload/file").set(SAME_ORIGIN).attach("file", fixture("clip-hevc.mov")).expect(401);
  });
});
