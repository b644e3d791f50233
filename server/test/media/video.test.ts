import { SAME_ORIGIN } from "../helpers/sign-in.js";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { binaryParser, createUser, fixture, fixtureBytes, mediaFiles, signIn, storedBytes } from "./media-helpers.js";

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
    ["clip.webm", "webm", "video/mp4"], // transcoded: not every browser plays VP9
  ] as const) {
    it(`${name}: served whole (200) and by range (206), 416 past the end`, async () => {
      const uploaded = fixtureBytes(name);
      const res = await upload(name).expect(201);
      expect(res.body).toMatchObject({
        format,
        width: 640,
        height: 360,
        bytes: uploaded.length,
        resource_type: "video",
        status: "ready",
        file_url: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/video\?exp=\d+&sig=/),
        poster_url: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/poster\?exp=\d+&sig=/),
      });
      const url: string = res.body.file_url;
      const onDisk = await stored(res.body.public_id);
      const original = onDisk; // what is served: the copy without metadata (or the transcoded copy)
      // the upload as received is not kept anywhere
      for (const key of await mediaFiles(t)) expect((await storedBytes(t, key))!.equals(uploaded)).toBe(false);

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
});
