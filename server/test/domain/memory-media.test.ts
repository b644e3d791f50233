import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { Memory } from "../../src/entities/memory.entity.js";
import { Privacy } from "../../src/entities/timeline.enums.js";
import type { Timeline } from "../../src/entities/timeline.entity.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createUser } from "../factories/index.js";
import { gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { binaryParser } from "../media/media-helpers.js";

/**
 * Several photos per memory (docs/decisions/051-several-photos-per-memory.md): 1 to 10 in the
 * order its participants choose, the first the cover, over REST and GraphQL; every rule that held
 * for the one photo holds for each of them.
 */

const MEMORY = `id cover { id } media { id type url thumbUrl }`;
const CREATE = `mutation($input: CreateMemoryInput!) { createMemory(input: $input) { memory { ${MEMORY} } } }`;
const UPDATE = `mutation($input: UpdateMemoryInput!) { updateMemory(input: $input) { memory { ${MEMORY} } } }`;

interface RestMemory {
  id: string;
  media_public_id: string;
  media_url: string;
  media_type: string;
  media: { public_id: string; url: string; type: string; format: string; thumb_url: string; bytes: number }[];
}

function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error("no zip"));
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

describe("several photos per memory", () => {
  let t: TestApp;
  let ann: User;
  let ben: User;
  let stranger: User;
  let annA: Agent;
  let benA: Agent;
  let strangerA: Agent;
  let trip: Timeline;
  let shade = 0;

  beforeAll(async () => {
    t = await createTestApp();
    [ann, ben, stranger] = [await createUser(t.ds), await createUser(t.ds), await createUser(t.ds)];
    trip = await connect(t.ds, ann, ben, { privacy: Privacy.PRIVATE, title: "Lisbon" });
    [annA, benA, strangerA] = [await signInAs(t, ann), await signInAs(t, ben), await signInAs(t, stranger)];
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A real upload of a photo with bytes of its own (a new colour each time). */
  async function upload(agent: Agent): Promise<string> {
    shade += 1;
    const bytes = await sharp({
      create: { width: 48, height: 32, channels: 3, background: { r: shade % 256, g: (shade * 7) % 256, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const res = await agent.post("/api/upload/file").attach("file", bytes, `p${shade}.jpg`).expect(201);
    return (res.body as { public_id: string }).public_id;
  }
  const uploads = (agent: Agent, n: number) => Promise.all(Array.from({ length: n }, () => upload(agent)));
  const rowsOf = async (memoryId: string) =>
    (
      (await t.ds.query(`SELECT media_file_id FROM memory_media WHERE memory_id = $1 ORDER BY position`, [
        memoryId,
      ])) as { media_file_id: string }[]
    ).map((r) => r.media_file_id);
  const exists = async (id: string) => (await t.ds.getRepository(MediaFile).findOneBy({ id })) !== null;
  const createRest = (agent: Agent, ids: unknown) =>
    agent.post("/api/memories").send({ timeline_id: trip.id, media_public_ids: ids, caption: "Alfama" });

  it("REST: a memory with three photos in order; the cover is the first; the single-media create is unchanged", async () => {
    const ids = await uploads(annA, 3);
    const res = await createRest(annA, ids).expect(201);
    const body = res.body as RestMemory;
    expect(body.media.map((m) => m.public_id)).toEqual(ids);
    expect(body.media_public_id).toBe(ids[0]);
    expect(body.media_url).toBe(body.media[0]!.url);
    expect(body.media[1]).toMatchObject({ type: "image", format: "jpeg" });
    expect(body.media[1]!.thumb_url).toMatch(new RegExp(`^/media/${ids[1]}/thumb\\?exp=`));
    expect(await rowsOf(body.id)).toEqual(ids);
    const attached = await t.ds.getRepository(MediaFile).findBy(ids.map((id) => ({ id })));
    expect(attached.every((f) => f.attached)).toBe(true);

    // the spec's one-file create: one item, its cover
    const [single] = await uploads(annA, 1);
    const one = await annA.post("/api/memories").send({ timeline_id: trip.id, media_public_id: single }).expect(201);
    expect((one.body as RestMemory).media.map((m) => m.public_id)).toEqual([single]);
    expect((await annA.get(`/api/memories/${body.id}`).expect(200)).body.media).toHaveLength(3);
  });

  it("GraphQL: create with mediaIds, reorder (the cover follows), remove (the file goes), the partner adds their own", async () => {
    const ids = await uploads(annA, 3);
    const r = await gql(annA, CREATE, { input: { timelineId: trip.id, mediaIds: ids } });
    expect(r.errors).toBeUndefined();
    const memory = r.data!.createMemory.memory as { id: string; cover: { id: string }; media: { id: string }[] };
    expect(memory.media.map((m) => m.id)).toEqual(ids);
    expect(memory.cover.id).toBe(ids[0]);

    const reordered = [ids[2]!, ids[0]!, ids[1]!];
    const moved = await gql(annA, UPDATE, { input: { id: memory.id, mediaIds: reordered } });
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.updateMemory.memory.media.map((m: { id: string }) => m.id)).toEqual(reordered);
    expect(moved.data!.updateMemory.memory.cover.id).toBe(ids[2]);
    expect((await t.ds.getRepository(Memory).findOneByOrFail({ id: memory.id })).mediaId).toBe(ids[2]);
    for (const id of ids) expect(await exists(id)).toBe(true);

    // REST: one left out is deleted with its file row
    const kept = [ids[0]!, ids[1]!];
    const put = await annA.put(`/api/memories/${memory.id}`).send({ media_public_ids: kept }).expect(200);
    expect((put.body as RestMemory).media.map((m) => m.public_id)).toEqual(kept);
    expect((put.body as RestMemory).media_public_id).toBe(ids[0]);
    expect(await exists(ids[2]!)).toBe(false);

    // the other participant adds a photo of their own to it
    const [bens] = await uploads(benA, 1);
    const added = await gql(benA, UPDATE, { input: { id: memory.id, mediaIds: [...kept, bens] } });
    expect(added.errors).toBeUndefined();
    expect(await rowsOf(memory.id)).toEqual([...kept, bens]);
  });

  it("limits: none and eleven are refused with typed reasons, over both APIs; nothing is written", async () => {
    const before = await t.ds.getRepository(Memory).countBy({ timelineId: trip.id });
    const none = await createRest(annA, []).expect(400);
    expect(none.body).toMatchObject({ reason: "media_required" });
    const eleven = await uploads(annA, 11);
    const tooMany = await createRest(annA, eleven).expect(400);
    expect(tooMany.body).toMatchObject({ error: "A memory holds up to 10 photos or videos", reason: "too_many_media" });
    const g = await gql(annA, CREATE, { input: { timelineId: trip.id, mediaIds: eleven } });
    expect(g.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "too_many_media" });
    const twice = await createRest(annA, [eleven[0], eleven[0]]).expect(400);
    expect(twice.body).toMatchObject({ reason: "media_repeated" });
    expect(await t.ds.getRepository(Memory).countBy({ timelineId: trip.id })).toBe(before);

    // ten is the most, and fine
    const ten = await createRest(annA, eleven.slice(0, 10)).expect(201);
    expect((ten.body as RestMemory).media).toHaveLength(10);
    // an edit to eleven is refused the same way
    const edit = await annA
      .put(`/api/memories/${(ten.body as RestMemory).id}`)
      .send({ media_public_ids: [...eleven.slice(0, 10), eleven[10]] })
      .expect(400);
    expect(edit.body).toMatchObject({ reason: "too_many_media" });
    // and an edit to none
    const empty = await annA.put(`/api/memories/${(ten.body as RestMemory).id}`).send({ media_public_ids: [] });
    expect(empty.status).toBe(400);
    expect(await rowsOf((ten.body as RestMemory).id)).toHaveLength(10);
  });

  it("someone else's upload, or a photo already on another memory, is refused; nothing changes", async () => {
    const [bens] = await uploads(benA, 1);
    const [mine] = await uploads(annA, 1);
    const r = await createRest(annA, [mine, bens]).expect(400);
    expect(r.body).toMatchObject({ reason: "media_not_found", media_id: bens });
    expect((await t.ds.getRepository(MediaFile).findOneByOrFail({ id: mine! })).attached).toBe(false);

    const first = (await createRest(annA, [mine]).expect(201)).body as RestMemory;
    const other = (await createRest(annA, await uploads(annA, 1)).expect(201)).body as RestMemory;
    // taking the first memory's photo into another is refused
    const steal = await annA.put(`/api/memories/${other.id}`).send({ media_public_ids: [other.media_public_id, mine] });
    expect(steal.status).toBe(400);
    expect(steal.body).toMatchObject({ reason: "media_not_found" });
    expect(await rowsOf(first.id)).toEqual([mine]);
    // a stranger cannot edit the memory's media at all
    const g = await gql(strangerA, UPDATE, { input: { id: first.id, mediaIds: [mine] } });
    expect(g.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("the same photo twice: every item is checked (409 duplicate_of)", async () => {
    const ids = await uploads(annA, 2);
    const made = (await createRest(annA, ids).expect(201)).body as RestMemory;
    // a new upload whose bytes are those of the memory's second photo
    const [again] = await uploads(annA, 1);
    const sha = (
      (await t.ds.query(`SELECT sha256 FROM media_files WHERE id = $1`, [ids[1]])) as { sha256: string }[]
    )[0]!.sha256;
    await t.ds.query(`UPDATE media_files SET sha256 = $1 WHERE id = $2`, [sha, again]);
    const [fresh] = await uploads(annA, 1);
    const dup = await createRest(annA, [fresh, again]).expect(409);
    expect(dup.body).toEqual({ error: "Already in this timeline", duplicate_of: made.id });
  });

  it("the bytes of a photo that is not the cover: its people yes, a stranger never (private timeline)", async () => {
    const ids = await uploads(annA, 2);
    const made = (await createRest(annA, ids).expect(201)).body as RestMemory;
    const second = made.media[1]!;
    await benA.get(second.url).expect(200);
    await benA.get(second.thumb_url).expect(200);
    await strangerA.get(second.url).expect(404);
    await strangerA.get(t.services.media.signedUrl(ids[1]!, "thumb")).expect(404);
    // and the stranger does not see the memory
    await strangerA.get(`/api/memories/${made.id}`).expect(404);
  });

  it("the export holds every photo of a memory; keepsake.json lists them in order", async () => {
    const own = await connect(t.ds, ann, await createUser(t.ds), { title: "Porto" });
    const ids = await uploads(annA, 3);
    const made = (
      await annA.post("/api/memories").send({ timeline_id: own.id, media_public_ids: ids, memory_date: "2024-05-01" })
    ).body as RestMemory;
    const res = await annA.get("/api/users/me/export").buffer(true).parse(binaryParser).expect(200);
    const entries = await unzip(res.body as Buffer);
    const doc = JSON.parse(entries.get("keepsake.json")!.toString("utf8")) as {
      timelines: { id: string; memories: { id: string; file: string; media: { file: string }[] }[] }[];
    };
    const memory = doc.timelines.find((x) => x.id === own.id)!.memories.find((m) => m.id === made.id)!;
    expect(memory.media).toHaveLength(3);
    expect(memory.file).toBe(memory.media[0]!.file);
    for (const item of memory.media) expect(entries.has(item.file)).toBe(true);
    expect(new Set(memory.media.map((m) => m.file)).size).toBe(3);
    const html = entries.get("index.html")!.toString("utf8");
    for (const item of memory.media) expect(html).toContain(item.file);
  });

  it("deleting a memory, its timeline, or an account removes every photo; unattached uploads are still swept", async () => {
    const ids = await uploads(annA, 3);
    const made = (await createRest(annA, ids).expect(201)).body as RestMemory;
    await annA.delete(`/api/memories/${made.id}`).expect(200);
    for (const id of ids) expect(await exists(id)).toBe(false);

    // a whole timeline
    const cleo = await createUser(t.ds);
    const porch = await connect(t.ds, ann, cleo, { title: "Porch" });
    const pIds = await uploads(annA, 2);
    await annA.post("/api/memories").send({ timeline_id: porch.id, media_public_ids: pIds }).expect(201);
    await annA.delete(`/api/timelines/${porch.id}`).expect(200);
    for (const id of pIds) expect(await exists(id)).toBe(false);

    // an account: Dee's photos leave Ben's memory (the cover moves on), Dee's own memory goes whole
    const dee = await createUser(t.ds);
    const deeA = await signInAs(t, dee);
    const shared = await connect(t.ds, ben, dee, { title: "Shared" });
    const [benFirst, benSecond] = await uploads(benA, 2);
    const bensMemory = (
      await benA.post("/api/memories").send({ timeline_id: shared.id, media_public_ids: [benFirst, benSecond] })
    ).body as RestMemory;
    const [deeInBens] = await uploads(deeA, 1);
    await deeA
      .put(`/api/memories/${bensMemory.id}`)
      .send({ media_public_ids: [deeInBens, benFirst, benSecond] })
      .expect(200);
    const deeIds = await uploads(deeA, 2);
    const [benInDees] = await uploads(benA, 1);
    const deesMemory = (
      await deeA.post("/api/memories").send({ timeline_id: shared.id, media_public_ids: deeIds }).expect(201)
    ).body as RestMemory;
    await benA
      .put(`/api/memories/${deesMemory.id}`)
      .send({ media_public_ids: [...deeIds, benInDees] })
      .expect(200);
    const [stray] = await uploads(deeA, 1);

    await deeA.delete("/api/users/me").send({ confirm: "DELETE" }).expect(200);
    expect(await rowsOf(bensMemory.id)).toEqual([benFirst, benSecond]);
    expect((await t.ds.getRepository(Memory).findOneByOrFail({ id: bensMemory.id })).mediaId).toBe(benFirst);
    expect(await t.ds.getRepository(Memory).findOneBy({ id: deesMemory.id })).toBeNull();
    for (const id of [deeInBens, ...deeIds, benInDees, stray]) expect(await exists(id!)).toBe(false);
    const seen = (await benA.get(`/api/memories/${bensMemory.id}`).expect(200)).body as RestMemory;
    expect(seen.media.map((m) => m.public_id)).toEqual([benFirst, benSecond]);

    // an upload no memory took is still swept, a memory's second photo never
    const [left] = await uploads(annA, 1);
    const keep = await uploads(annA, 2);
    await createRest(annA, keep).expect(201);
    t.clock.set(new Date(Date.now() + 2 * 3600_000));
    await t.services.media.sweepOrphans();
    expect(await exists(left!)).toBe(false);
    for (const id of keep) expect(await exists(id)).toBe(true);
  });
});
