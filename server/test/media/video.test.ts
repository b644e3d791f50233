import fs from "node:fs";
import { SAME_ORIGIN } from "../helpers/sign-in.js";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { MESSAGES } from "../../src/modules/media/media.service.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { binaryParser, createUser, fixture, fixtureBytes, mediaFiles, signIn, storedBytes } from "./media-helpers.js";

/** An MP4 box: 32-bit size, type, payload. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};
const LOCATION = "+48.8584+002.2945/";
const KEY = "com.apple.quicktime.location.ISO6709";
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** The boxes of one level of an MP4: type, the whole box and its payload. */
const boxesOf = (buf: Buffer) => {
  const out: { type: string; box: Buffer; payload: Buffer }[] = [];
  for (let pos = 0; pos + 8 <= buf.length;) {
    const size = buf.readUInt32BE(pos);
    out.push({
      type: buf.toString("latin1", pos + 4, pos + 8),
      box: buf.subarray(pos, pos + size),
      payload: buf.subarray(pos + 8, pos + size),
    });
    pos += size;
  }
  return out;
};

/**
 * The real clip as a phone would write it: the recording place in moov/udta/©xyz and moov/meta,
 * and a name in the first trak's udta. (The upload must parse as a real movie; its chunk offsets
 * are not adjusted, which does not matter here: nothing plays it.)
 */
function mp4WithLocation(): Buffer {
  const xyz = Buffer.concat([Buffer.from([0, LOCATION.length, 0x15, 0xc7]), Buffer.from(LOCATION, "latin1")]);
  let named = false;
  return Buffer.concat(
    boxesOf(fixtureBytes("clip.mp4")).map((top) => {
      if (top.type !== "moov") return top.box;
      const inner = boxesOf(top.payload).map((b) => {
        if (b.type !== "trak" || named) return b.box;
        named = true;
        return box("trak", b.payload, box("udta", box("name", Buffer.from("Anna's iPhone"))));
      });
      return box(
        "moov",
        ...inner,
        box("udta", box("\u00a9xyz", xyz)),
        box(
          "meta",
          Buffer.alloc(4),
          box("hdlr", Buffer.alloc(8), Buffer.from("mdta"), Buffer.alloc(12), Buffer.from([0])),
          box("keys", Buffer.alloc(4), u32(1), u32(8 + KEY.length), Buffer.from("mdta"), Buffer.from(KEY)),
          box("ilst", box("\0\0\0\x01", box("data", u32(1), u32(0), Buffer.from(LOCATION)))),
        ),
      );
    }),
  );
}

describe("video uploads and HTTP Range", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t, (await createUser(t.ds)).id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (file: string | Buffer, name = "clip.mp4") =>
    request(t.app)
      .post("/api/upload/file")
      .set(SAME_ORIGIN)
      .set("Cookie", cookie)
      .attach(
        "file",
        typeof file === "string" ? fixture(file) : file,
        typeof file === "string" ? path.basename(file) : name,
      );
  const get = (url: string, headers: Record<string, string> = {}) =>
    request(t.app).get(url).set("Cookie", cookie).set(headers).buffer(true).parse(binaryParser);
  const stored = async (id: string) => {
    const row = await t.ds.getRepository(MediaFile).findOneByOrFail({ id });
    return (await storedBytes(t, row.variants.video!))!;
  };

  for (const [name, format, type] of [
    ["clip.mp4", "mp4", "video/mp4"],
    ["clip.webm", "webm", "video/webm"],
  ] as const) {
    it(`${name}: stored as uploaded, served whole (200) and by range (206), 416 past the end`, async () => {
      const original = fixtureBytes(name);
      const res = await upload(name).expect(201);
      expect(res.body).toMatchObject({
        format,
        width: null,
        height: null,
        bytes: original.length,
        resource_type: "video",
        file_url: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/video\?exp=\d+&sig=/),
      });
      const url: string = res.body.file_url;
      const onDisk = await stored(res.body.public_id);
      expect(onDisk.length).toBe(original.length);

      const full = await get(url).expect(200);
      expect(full.headers["content-type"]).toBe(type);
      expect(full.headers["accept-ranges"]).toBe("bytes");
      expect(full.headers["content-length"]).toBe(String(original.length));
      expect(full.headers["x-content-type-options"]).toBe("nosniff");
      expect((full.body as Buffer).equals(onDisk)).toBe(true);

      // Safari's first probe.
      const probe = await get(url, { Range: "bytes=0-1" }).expect(206);
      expect(probe.headers["content-range"]).toBe(`bytes 0-1/${original.length}`);
      expect(probe.headers["content-length"]).toBe("2");
      expect(probe.headers["content-type"]).toBe(type);
      expect((probe.body as Buffer).equals(original.subarray(0, 2))).toBe(true);

      const middle = await get(url, { Range: "bytes=1000-1999" }).expect(206);
      expect(middle.headers["content-range"]).toBe(`bytes 1000-1999/${original.length}`);
      expect((middle.body as Buffer).equals(onDisk.subarray(1000, 2000))).toBe(true);

      const tail = await get(url, { Range: "bytes=-10" }).expect(206);
      expect((tail.body as Buffer).equals(onDisk.subarray(-10))).toBe(true);

      const open = await get(url, { Range: `bytes=${original.length - 5}-` }).expect(206);
      expect(open.headers["content-range"]).toBe(
        `bytes ${original.length - 5}-${original.length - 1}/${original.length}`,
      );

      const beyond = await get(url, { Range: `bytes=${original.length}-` }).expect(416);
      expect(beyond.headers["content-range"]).toBe(`bytes */${original.length}`);
      await get(url, { Range: `bytes=${original.length + 100}-${original.length + 200}` }).expect(416);

      // A stale If-Range, several ranges or another unit: the whole file.
      await get(url, { Range: "bytes=0-1", "If-Range": '"stale"' }).expect(200);
      await get(url, { Range: "bytes=0-1,10-11" }).expect(200);
      await get(url, { Range: "items=0-1" }).expect(200);

      const head = await request(t.app).head(url).set("Cookie", cookie).expect(200);
      expect(head.headers["content-length"]).toBe(String(original.length));
    });
  }

  it("neutralises the recording place and other user metadata of an MP4 without moving a byte of the media", async () => {
    const input = mp4WithLocation();
    expect(input.includes(Buffer.from(LOCATION))).toBe(true);
    const res = await upload(input, "IMG_0042.MP4").expect(201);
    expect(res.body).toMatchObject({ format: "mp4", bytes: input.length });
    const served = (await get(res.body.file_url).expect(200)).body as Buffer;
    expect(served.length).toBe(input.length);
    expect(served.includes(Buffer.from(LOCATION))).toBe(false);
    expect(served.includes(Buffer.from("com.apple.quicktime.location"))).toBe(false);
    expect(served.includes(Buffer.from("Anna's iPhone"))).toBe(false);
    expect(served.includes(Buffer.from("udta"))).toBe(false);
    // Everything else is untouched: ftyp, mvhd, tkhd and the media data.
    const mdat = input.indexOf(Buffer.from("mdat")) - 4;
    expect(served.subarray(0, 40 + 108).equals(input.subarray(0, 40 + 108))).toBe(true);
    expect(served.subarray(mdat).equals(input.subarray(mdat))).toBe(true);
  });

  it("scrubs the encoder metadata box of the real clip and keeps its structure", async () => {
    const input = fixtureBytes("clip.mp4");
    const res = await upload("clip.mp4").expect(201);
    const served = (await get(res.body.file_url).expect(200)).body as Buffer;
    // moov/udta at 2581 (98 bytes) becomes a free box of the same size; nothing else changes.
    expect(served.toString("latin1", 2585, 2589)).toBe("free");
    expect(served.readUInt32BE(2581)).toBe(98);
    expect(served.subarray(0, 2581).equals(input.subarray(0, 2581))).toBe(true);
    expect(served.subarray(2581 + 98).equals(input.subarray(2581 + 98))).toBe(true);
  });

  it("adds a browser-made poster frame to a video: WebP poster and thumb URLs", async () => {
    const owner = await createUser(t.ds);
    const video = await t.services.media.ingest(
      { userId: owner.id },
      {
        stream: fs.createReadStream(fixture("clip.webm")),
      },
    );
    expect(t.services.media.urlsFor(video)).toMatchObject({
      url: expect.stringContaining("/video?"),
      thumbUrl: null,
      posterUrl: null,
    });

    const frame = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const withPoster = await t.services.media.attachPoster({ userId: owner.id }, video.id, {
      stream: bufferStream(frame),
    });
    expect(withPoster.variants).toMatchObject({
      poster: expect.any(String),
      thumb: expect.any(String),
      video: expect.any(String),
    });
    expect(withPoster).toMatchObject({ width: 640, height: 360 });
    const urls = t.services.media.urlsFor(withPoster);
    expect(urls.posterUrl).toMatch(/\/poster\?/);
    expect(urls.thumbUrl).toMatch(/\/thumb\?/);

    const ownerCookie = await signIn(t, owner.id);
    const poster = await request(t.app)
      .get(urls.posterUrl!)
      .set("Cookie", ownerCookie)
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(poster.headers["content-type"]).toBe("image/webp");
    expect(await sharp(poster.body as Buffer).metadata()).toMatchObject({ format: "webp", width: 640, height: 360 });

    // Replacing the poster removes the earlier files.
    const firstPoster = withPoster.variants.poster!;
    const again = await t.services.media.attachPoster({ userId: owner.id }, video.id, { stream: bufferStream(frame) });
    expect(again.variants.poster).not.toBe(firstPoster);
    expect(await storedBytes(t, firstPoster)).toBeNull();
  });

  it("refuses a poster for someone else's video, for an image, or that is not an image", async () => {
    const owner = await createUser(t.ds);
    const other = await createUser(t.ds);
    const video = await t.services.media.ingest(
      { userId: owner.id },
      {
        stream: fs.createReadStream(fixture("clip.mp4")),
      },
    );
    const image = await t.services.media.ingest(
      { userId: owner.id },
      {
        stream: fs.createReadStream(fixture("photo-plain.jpg")),
      },
    );
    const frame = fixtureBytes("photo-plain.jpg");
    await expect(
      t.services.media.attachPoster({ userId: other.id }, video.id, { stream: bufferStream(frame) }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      t.services.media.attachPoster({ userId: owner.id }, image.id, { stream: bufferStream(frame) }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      t.services.media.attachPoster({ userId: owner.id }, "not-a-uuid", { stream: bufferStream(frame) }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const before = await mediaFiles(t);
    await expect(
      t.services.media.attachPoster({ userId: owner.id }, video.id, {
        stream: fs.createReadStream(fixture("clip.mp4")),
      }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: MESSAGES.posterNotImage });
    expect(await mediaFiles(t)).toEqual(before);
  });
});

function bufferStream(buf: Buffer): NodeJS.ReadableStream {
  return Readable.from([buf]);
}
