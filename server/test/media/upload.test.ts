import fs from "node:fs";
import { SAME_ORIGIN } from "../helpers/sign-in.js";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import request from "supertest";
import { MEDIA_CACHE_MAX_SECONDS } from "../../src/modules/media/media-signing.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { MESSAGES } from "../../src/modules/media/media.service.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import {
  binaryParser,
  createUser,
  fixture,
  fixtureBytes,
  mediaFiles,
  parseMediaUrl,
  replaceMediaService,
  signIn,
  storedBytes,
} from "./media-helpers.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("POST /api/upload/file and the served variants", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ds);
    cookie = await signIn(t, owner.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (file: string | Buffer, name = "upload.bin") =>
    request(t.app)
      .post("/api/upload/file")
      .set(SAME_ORIGIN)
      .set("Cookie", cookie)
      .attach(
        "file",
        typeof file === "string" ? fixture(file) : file,
        typeof file === "string" ? path.basename(file) : name,
      );
  const get = (url: string) => request(t.app).get(url).set("Cookie", cookie).buffer(true).parse(binaryParser);

  it("answers the upload result with a signed display URL, the oriented size and the original's bytes", async () => {
    const res = await upload("photo-gps.jpg").expect(201);
    expect(res.body).toEqual({
      file_url: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/display\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/),
      public_id: expect.stringMatching(UUID),
      format: "jpeg",
      width: 1200,
      height: 1600,
      bytes: fixtureBytes("photo-gps.jpg").length,
      resource_type: "image",
      poster_url: null,
      status: "ready",
      taken_at: "2023-07-14T18:32:05",
      place: "Paris, France", // named on the server from the position, which is not kept
    });
    expect(parseMediaUrl(res.body.file_url).id).toBe(res.body.public_id);
  });

  it("serves WebP display and thumb variants, portrait-oriented, with no EXIF or GPS at all", async () => {
    const { body } = await upload("photo-gps.jpg").expect(201);
    // The input really carries GPS (so the assertions below can fail).
    expect(await exifr.gps(fixture("photo-gps.jpg"))).toMatchObject({ latitude: expect.closeTo(48.8584, 3) });

    const display = await get(body.file_url).expect(200);
    expect(display.headers["content-type"]).toBe("image/webp");
    expect(display.headers["x-content-type-options"]).toBe("nosniff");
    expect(display.headers["accept-ranges"]).toBe("bytes");
    expect(display.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(display.headers["cache-control"])?.[1]);
    // kept at most 5 minutes before the browser asks again (docs/decisions/032-who-may-learn-whom.md)
    expect(maxAge).toBe(MEDIA_CACHE_MAX_SECONDS);

    const thumbUrl = body.file_url.replace("/display?", "/thumb?");
    // The thumb URL has its own signature: take it from the service, as the API would.
    const signedThumb = t.services.media.signedUrl(body.public_id, "thumb");
    await get(thumbUrl).expect(404); // a display signature does not open the thumb
    const thumb = await get(signedThumb).expect(200);

    for (const [buf, longest] of [
      [display.body as Buffer, 1600],
      [thumb.body as Buffer, 320],
    ] as const) {
      const meta = await sharp(buf).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.height).toBe(longest); // portrait: height is the longest side
      expect(meta.width).toBe((longest * 3) / 4);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // WebP is a RIFF file: only image chunks, no EXIF / XMP / ICCP chunk.
      expect(riffChunks(buf).filter((c) => !["VP8 ", "VP8L", "VP8X", "ALPH"].includes(c))).toEqual([]);
      // exifr cannot read WebP at all (it rejects the format), so the chunk list is the proof.
      await expect(exifr.parse(buf, true)).rejects.toThrow(/Unknown file format/);
    }
    // The chunk check can fail: a WebP made WITH metadata from the same photo has an EXIF chunk.
    const leaky = await sharp(fixture("photo-gps.jpg")).keepExif().webp().toBuffer();
    expect(riffChunks(leaky)).toContain("EXIF");
    expect(Buffer.from(display.body as Buffer).includes(Buffer.from("Exif"))).toBe(false);
  });

  it("answers 304 to a conditional request with the ETag", async () => {
    const { body } = await upload("photo-plain.jpg").expect(201);
    const first = await get(body.file_url).expect(200);
    await request(t.app).get(body.file_url).set("Cookie", cookie).set("If-None-Match", first.headers.etag).expect(304);
  });

  it("keeps the original privately in the store, byte for byte, and never serves it", async () => {
    const { body } = await upload("photo-gps.jpg").expect(201);
    const row = await t.ds.getRepository(MediaFile).findOneByOrFail({ id: body.public_id });
    expect(row.originalKey).toMatch(/^originals\//);
    expect((await storedBytes(t, row.originalKey))!.equals(fixtureBytes("photo-gps.jpg"))).toBe(true);
    if (!t.env.S3_BUCKET) {
      // on disk: owner-only files and folders (a bucket is private as a whole: test/media/s3-media.test.ts)
      const onDisk = path.join(t.dataDir, "media", row.originalKey);
      expect(fs.statSync(onDisk).mode & 0o077).toBe(0);
      expect(fs.statSync(path.join(t.dataDir, "media", "originals")).mode & 0o077).toBe(0);
    }

    // No URL shape reaches it: "original" is not a served variant, even with a valid-looking signature.
    const { exp, sig } = parseMediaUrl(body.file_url);
    await get(`/media/${body.public_id}/original?exp=${exp}&sig=${sig}`).expect(404);
    const forged = signatureFor(t, body.public_id, "original", Number(exp));
    await get(`/media/${body.public_id}/original?exp=${exp}&sig=${forged}`).expect(404);
    await get(`/media/${row.originalKey}`).expect(404);
    await get(`/media/${body.public_id}/../../${row.originalKey}`).expect(404);
  });

  it("orients a PNG and keeps a small image at its own size", async () => {
    const png = await upload("photo-portrait.png").expect(201);
    expect(png.body).toMatchObject({ format: "png", width: 1200, height: 1600 });
    const plain = await upload("photo-plain.jpg").expect(201);
    expect(plain.body).toMatchObject({ format: "jpeg", width: 800, height: 600 });
    const served = await get(plain.body.file_url).expect(200);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: "webp", width: 800, height: 600 });
  });

  it("scales a large landscape photo to 1600 px display and 320 px thumb", async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#a0c0e0" } })
      .jpeg()
      .toBuffer();
    const res = await upload(big, "big.jpg").expect(201);
    expect(res.body).toMatchObject({ width: 3000, height: 2000, format: "jpeg" });
    const display = await get(res.body.file_url).expect(200);
    expect(await sharp(display.body as Buffer).metadata()).toMatchObject({ width: 1600, height: 1067 });
    const thumb = await get(t.services.media.signedUrl(res.body.public_id, "thumb")).expect(200);
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ width: 320, height: 213 });
  });

  it("takes the first frame of a GIF and accepts WebP", async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "red" } })
      .gif()
      .toBuffer();
    const g = await upload(gif, "a.gif").expect(201);
    expect(g.body).toMatchObject({ format: "gif", width: 40, height: 30 });
    const webp = await sharp({ create: { width: 50, height: 20, channels: 4, background: "#00ff0080" } })
      .webp()
      .toBuffer();
    const w = await upload(webp, "a.webp").expect(201);
    expect(w.body).toMatchObject({ format: "webp", width: 50, height: 20 });
  });

  it("refuses a text file named .jpg by its content, leaving nothing behind", async () => {
    const before = await mediaFiles(t);
    const res = await upload("not-an-image.jpg").expect(400);
    expect(res.body).toEqual({ error: MESSAGES.unsupported });
    expect(res.body.error).toBe("Unsupported file type. Please choose an image or a video.");
    expect(await mediaFiles(t)).toEqual(before);
  });

  it("refuses a HEIC file whose picture cannot be decoded", async () => {
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic"),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from("mif1heic"),
      Buffer.alloc(5000),
    ]);
    const res = await upload(heic, "IMG_0001.HEIC").expect(400);
    expect(res.body.error).toBe(MESSAGES.unreadable);
  });

  it("refuses a truncated image that has a JPEG signature", async () => {
    const broken = Buffer.concat([fixtureBytes("photo-plain.jpg").subarray(0, 600)]);
    const res = await upload(broken, "broken.jpg").expect(400);
    expect(res.body.error).toBe(MESSAGES.unreadable);
  });

  it("refuses an empty file and a request without the file field", async () => {
    const before = await mediaFiles(t);
    const empty = await upload(Buffer.alloc(0), "empty.jpg");
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: MESSAGES.empty });
    expect(await mediaFiles(t)).toEqual(before);
    const none = await request(t.app)
      .post("/api/upload/file")
      .set(SAME_ORIGIN)
      .set("Cookie", cookie)
      .field("other", "x")
      .expect(400);
    expect(none.body.error).toMatch(/No file was sent/);
    const json = await request(t.app)
      .post("/api/upload/file")
      .set(SAME_ORIGIN)
      .set("Cookie", cookie)
      .send({ file: "x" })
      .expect(400);
    expect(json.body.error).toMatch(/multipart/);
  });

  it("removes the temp file when the phone goes away mid-upload", async () => {
    const before = await mediaFiles(t);
    const server = http.createServer(t.app).listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const boundary = "----keepsake-test";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      socket.write(
        `POST /api/upload/file HTTP/1.1\r\nHost: localhost\r\nOrigin: http://keepsake.test\r\nCookie: ${cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n`,
      );
      socket.write(Buffer.concat([head, fixtureBytes("photo-gps.jpg")]));
      // Wait until the server has started writing the temp file, then drop the connection.
      await waitFor(async () => (await mediaFiles(t)).some((f) => f.startsWith("tmp/")), 5000, "temp file to appear");
      socket.destroy();
      await waitFor(async () => !(await mediaFiles(t)).some((f) => f.startsWith("tmp/")), 5000, "temp file to go");
      expect(await mediaFiles(t)).toEqual(before);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("requires a signed-in user", async () => {
    const res = await request(t.app)
      .post("/api/upload/file")
      .set(SAME_ORIGIN)
      .attach("file", fixture("photo-plain.jpg"))
      .expect(401);
    expect(res.body).toEqual({ error: "Authentication required" });
  });

  it("refuses a pixel bomb (a small file that decodes to too many pixels)", async () => {
    // 10000 × 6000 = 60 MP of one colour: a few hundred KB as PNG, > the 50 MP limit.
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(25 * 1024 * 1024);
    const before = await mediaFiles(t);
    const res = await upload(bomb, "bomb.png").expect(400);
    expect(res.body.error).toBe(MESSAGES.tooManyPixels);
    expect(await mediaFiles(t)).toEqual(before);
  });

  it("answers 413 to a real 26 MB image over HTTP", async () => {
    const big = Buffer.alloc(26 * 1024 * 1024, 0x41);
    fixtureBytes("photo-plain.jpg").copy(big, 0, 0, 4096);
    const before = await mediaFiles(t);
    const res = await upload(big, "huge.jpg");
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: MESSAGES.tooLarge });
    expect(await mediaFiles(t)).toEqual(before);
  });

  it("answers 413 for an over-size file and leaves no file behind", async () => {
    const media = t.services.media;
    replaceMediaService(t, { limits: { imageBytes: 50_000 } });
    try {
      const before = await mediaFiles(t);
      const res = await upload("photo-gps.jpg").expect(413); // 110 KB > 50 KB
      expect(res.body).toEqual({ error: "File is too large (max 25 MB for images, 200 MB for videos)" });
      expect(await mediaFiles(t)).toEqual(before);
      await upload("photo-plain.jpg").expect(201); // 33 KB is fine
    } finally {
      (t.services as { media: typeof media }).media = media;
    }
  });
});

/** A signature made with the server's key for any variant name (to prove "original" is refused by name). */
function signatureFor(t: TestApp, id: string, variant: string, exp: number): string {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const signer = (t.services.media as any).signer as { mac(id: string, v: string, exp: number): Buffer };
  return signer.mac(id, variant, exp).toString("base64url");
}

/** The chunk ids of a RIFF/WebP file. */
function riffChunks(buf: Buffer): string[] {
  expect(buf.toString("latin1", 0, 4)).toBe("RIFF");
  expect(buf.toString("latin1", 8, 12)).toBe("WEBP");
  const ids: string[] = [];
  for (let pos = 12; pos + 8 <= buf.length;) {
    ids.push(buf.toString("latin1", pos, pos + 4));
    const size = buf.readUInt32LE(pos + 4);
    pos += 8 + size + (size % 2);
  }
  return ids;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000, what = "a condition"): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
