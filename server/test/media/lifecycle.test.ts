import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { graphql } from "graphql";
import { buildSchema, Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { authChecker } from "../../src/graphql/auth-checker.js";
import type { GraphQLContext } from "../../src/web/context.js";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { MediaResolver } from "../../src/modules/media/media.resolver.js";
import { createPresenters } from "../../src/web/presenters.js";
import { MESSAGES } from "../../src/modules/media/media.service.js";
import { Media } from "../../src/modules/media/media.types.js";
import { GraphQLUpload, type FileUpload } from "../../src/graphql/upload.scalar.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { connect, createMemory } from "../factories/index.js";
import { byteStream, createUser, fixture, mediaFiles } from "./media-helpers.js";

const HOUR = 3600_000;
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBM_HEAD = fs.readFileSync(fixture("clip.webm")).subarray(0, 4100);

describe("media lifecycle: limits, removal, attachment, the orphan sweeper, GraphQL", () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t.ds)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const ingest = (file = "photo-plain.jpg") =>
    t.services.media.ingest({ userId: ownerId }, { stream: fs.createReadStream(fixture(file)) });
  const exists = async (key: string) => (await t.services.media.storage.stat(key)) !== null;
  const existing = async (keys: string[]) => (await Promise.all(keys.map(exists))).filter(Boolean).length;
  const keysOf = (m: MediaFile) => [m.originalKey, ...Object.values(m.variants)] as string[];
  const repo = () => t.ds.getRepository(MediaFile);

  it("aborts an over-size image WHILE streaming (a >25 MB stream is not read to its end)", async () => {
    const before = await mediaFiles(t);
    const stream = byteStream(JPEG_HEAD, 60 * 1024 * 1024);
    await expect(t.services.media.ingest({ userId: ownerId }, { stream })).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      status: 413,
      message: MESSAGES.tooLarge,
    });
    expect(stream.produced()).toBeGreaterThan(25 * 1024 * 1024);
    expect(stream.produced()).toBeLessThan(27 * 1024 * 1024);
    expect(await mediaFiles(t)).toEqual(before);
  });

  it("lets a video be larger than an image, up to its own limit", async () => {
    // 30 MB that file-type sees as WebM: past the image limit, within the video one. Its first 4 KB
    // are a real WebM's (EBML header, Segment Info with the duration, Tracks), which is what the
    // container check reads; clusters are never decoded (videos are stored as uploaded).
    const stream = byteStream(WEBM_HEAD, 30 * 1024 * 1024);
    const media = await t.services.media.ingest({ userId: ownerId }, { stream });
    expect(media).toMatchObject({ type: "video", format: "webm", bytes: 30 * 1024 * 1024 });
    await t.services.media.remove([media.id]);
    await expect(
      t.services.media.ingest({ userId: ownerId }, { stream: byteStream(WEBM_HEAD, 201 * 1024 * 1024) }),
    ).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
    });
  });

  it("maps the multipart parser's own size error to the same 413", async () => {
    const failing = new Readable({
      read() {
        this.destroy(
          Object.assign(new Error("File truncated as it exceeds the 209715200 byte size limit."), { status: 413 }),
        );
      },
    });
    await expect(t.services.media.ingest({ userId: ownerId }, { stream: failing })).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
    });
  });

  it("ingests a GraphQL Upload", async () => {
    const upload: FileUpload = {
      filename: "x.png",
      fieldName: "file",
      mimetype: "image/png",
      encoding: "7bit",
      createReadStream: () => fs.createReadStream(fixture("photo-portrait.png")),
    };
    const media = await t.services.media.ingestUpload({ userId: ownerId }, Promise.resolve(upload));
    expect(media).toMatchObject({ format: "png", width: 1200, height: 1600, attached: false, ownerId });
    expect(media.createdAt).toBeInstanceOf(Date);
    expect(GraphQLUpload.name).toBe("Upload");
  });

  it("remove() deletes the rows and then every file", async () => {
    const image = await ingest();
    const video = await ingest("clip.mp4");
    const files = [...keysOf(image), ...keysOf(video)];
    expect(await existing(files)).toBe(files.length);
    await t.services.media.remove([image.id, video.id]);
    expect(await repo().findBy({ id: image.id })).toEqual([]);
    expect(await existing(files)).toBe(0);
    await t.services.media.remove([image.id]); // already gone: no error
    await t.services.media.remove([]);
  });

  it("remove() keeps files when the row cannot go (still referenced by a memory)", async () => {
    const media = await ingest();
    const a = await createUser(t.ds);
    const b = await createUser(t.ds);
    await createMemory(t.ds, { timelineId: (await connect(t.ds, a, b)).id, mediaId: media.id, createdById: a.id });
    await expect(t.services.media.remove([media.id])).rejects.toThrow();
    expect(await existing(keysOf(media))).toBe(keysOf(media).length);
  });

  it("markAttached() joins the caller's transaction", async () => {
    const a = await ingest();
    const b = await ingest();
    await t.ds
      .transaction(async (manager) => {
        await t.services.media.markAttached([a.id], manager);
        throw new Error("rollback");
      })
      .catch(() => undefined);
    expect((await repo().findOneByOrFail({ id: a.id })).attached).toBe(false);
    await t.ds.transaction((manager) => t.services.media.markAttached([a.id, b.id], manager));
    expect((await repo().findBy({ attached: true })).map((m) => m.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  // It ages files on disk; over a bucket (TEST_STORAGE=s3) objects cannot be backdated, and the
  // same sweeper is proved with its grace instead (test/media/s3-media.test.ts).
  it.skipIf(inject("s3Env"))(
    "the sweeper removes stale unattached uploads and stray files, and nothing that is in use",
    async () => {
      const stale = await ingest();
      const young = await ingest();
      const attached = await ingest();
      await t.services.media.markAttached([attached.id]);
      const forgotten = await ingest(); // referenced by a memory, but markAttached was never called
      const a = await createUser(t.ds);
      const b = await createUser(t.ds);
      await createMemory(t.ds, {
        timelineId: (await connect(t.ds, a, b)).id,
        mediaId: forgotten.id,
        createdById: a.id,
      });
      const dayAgo = new Date(t.clock.now().getTime() - 25 * HOUR);
      await repo().update({ id: stale.id }, { createdAt: dayAgo });
      await repo().update({ id: attached.id }, { createdAt: dayAgo });
      await repo().update({ id: forgotten.id }, { createdAt: dayAgo });

      // Files without a row: a crash between writing files and inserting the row, an old temp file,
      // and the same but young (an upload in progress).
      const root = path.join(t.dataDir, "media");
      const strayId = "abcdef01-2345-4678-89ab-cdef01234567";
      const stray = `variants/ab/${strayId}-display-00000000.webp`;
      const tmp = `tmp/ab/${strayId}.part`;
      const youngStray = `originals/12/12345678-2345-4678-89ab-cdef01234567.jpg`;
      for (const k of [stray, tmp, youngStray]) {
        fs.mkdirSync(path.dirname(path.join(root, k)), { recursive: true });
        fs.writeFileSync(path.join(root, k), "x");
      }
      const old = new Date(t.clock.now().getTime() - 2 * HOUR);
      fs.utimesSync(path.join(root, stray), old, old);
      fs.utimesSync(path.join(root, tmp), old, old);
      // An old file of a live row that the row no longer references (a replaced poster).
      const replaced = `variants/${young.id.slice(0, 2)}/${young.id}-poster-deadbeef.webp`;
      fs.writeFileSync(path.join(root, replaced), "x");
      fs.utimesSync(path.join(root, replaced), old, old);
      // The live rows' own files are old too: age alone never condemns a referenced file.
      for (const m of [young, attached, forgotten])
        for (const k of keysOf(m)) fs.utimesSync(path.join(root, k), old, old);

      const result = await t.services.media.sweepOrphans();
      expect(result).toEqual({ rows: 1, files: 3 });
      expect(await repo().findOneBy({ id: stale.id })).toBeNull();
      expect(await existing(keysOf(stale))).toBe(0);
      for (const m of [young, attached, forgotten]) {
        expect(await repo().findOneBy({ id: m.id })).not.toBeNull();
        expect(await existing(keysOf(m))).toBe(keysOf(m).length);
      }
      expect(await existing([stray, tmp, replaced])).toBe(0);
      expect(await exists(youngStray)).toBe(true);

      expect(await t.services.media.sweepOrphans()).toEqual({ rows: 0, files: 0 }); // idempotent
    },
  );

  it("loaders.mediaById batches and keeps order; the GraphQL Media type resolves signed URLs", async () => {
    const image = await ingest();
    const video = await ingest("clip.webm");
    const owner = t.services.access.viewer(image.ownerId);
    const loaders = t.services.loaders(owner);
    const [v, missing, i] = await loaders.mediaById.loadMany([
      video.id,
      "00000000-0000-4000-8000-000000000000",
      image.id,
    ]);
    expect((v as MediaFile).id).toBe(video.id);
    expect(missing).toBeNull();
    expect((i as MediaFile).id).toBe(image.id);

    @ObjectType()
    class MediaProbe {
      @Field(() => Media)
      image!: MediaFile;
      @Field(() => Media)
      video!: MediaFile;
    }
    @Resolver()
    class ProbeResolver {
      @Query(() => MediaProbe)
      async probe(@Ctx() ctx: GraphQLContext): Promise<MediaProbe> {
        return {
          image: (await ctx.loaders.mediaById.load(image.id))!,
          video: (await ctx.loaders.mediaById.load(video.id))!,
        };
      }
    }
    const schema = await buildSchema({ resolvers: [MediaResolver, ProbeResolver], authChecker, validate: false });
    const fields = "id type status takenAt format width height bytes url thumbUrl posterUrl";
    const res = await graphql({
      schema,
      source: `{ probe { image { ${fields} } video { ${fields} } } }`,
      contextValue: {
        services: t.services,
        loaders,
        userId: ownerId,
        present: createPresenters({ viewer: () => owner, loaders, media: t.services.media }),
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      probe: {
        image: {
          id: image.id,
          type: "IMAGE",
          status: "READY",
          takenAt: null,
          format: "jpeg",
          width: 800,
          height: 600,
          bytes: image.bytes,
          url: expect.stringMatching(new RegExp(`^/media/${image.id}/display\\?exp=\\d+&sig=`)),
          thumbUrl: expect.stringMatching(new RegExp(`^/media/${image.id}/thumb\\?`)),
          posterUrl: null,
        },
        video: {
          id: video.id,
          type: "VIDEO",
          status: "READY",
          takenAt: null,
          format: "webm",
          width: 640,
          height: 360,
          bytes: video.bytes,
          url: expect.stringMatching(new RegExp(`^/media/${video.id}/video\\?`)),
          thumbUrl: expect.stringMatching(new RegExp(`^/media/${video.id}/thumb\\?`)),
          posterUrl: expect.stringMatching(new RegExp(`^/media/${video.id}/poster\\?`)),
        },
      },
    });
  });
});
