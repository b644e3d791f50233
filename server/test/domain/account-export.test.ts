import fs from "node:fs";
import exifr from "exifr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { EXPORTS_PER_HOUR } from "../../src/modules/account/export.service.js";
import { TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { createMemory, createNotification, createTimeline, createUser } from "../factories/index.js";
import { fixture } from "../helpers/fixtures.js";
import { anonymous, gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { binaryParser, storedBytes } from "../media/media-helpers.js";

/**
 * "Your data, yours to take" (docs/decisions/023-export-and-deletion.md): the zip holds the
 * person's own timelines and nothing else, originals without GPS but with their capture date,
 * keepsake.json and an index.html with escaped text; 3 exports an hour.
 */

async function upload(agent: Agent, name: string): Promise<{ public_id: string; file_url: string }> {
  const res = await agent.post("/api/upload/file").attach("file", fs.readFileSync(fixture(name)), name);
  expect(res.status).toBe(201);
  return res.body as { public_id: string; file_url: string };
}

async function addMemory(agent: Agent, timelineId: string, name: string, fields: Record<string, string>) {
  const up = await upload(agent, name);
  const res = await agent
    .post("/api/memories")
    .send({ timeline_id: timelineId, media_public_id: up.public_id, media_url: up.file_url, ...fields })
    .expect(201);
  return { id: (res.body as { id: string }).id, mediaId: up.public_id };
}

/** Each entry's date as the zip stores it (a local day and time), by name. */
const entryDays = new Map<string, string>();
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** Every entry of a zip, by name (and its date in `entryDays`). */
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
            entryDays.set(entry.fileName, localDay(entry.getLastModDate()));
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

async function download(agent: Agent) {
  const res = await agent.get("/api/users/me/export").buffer(true).parse(binaryParser).expect(200);
  return { res, entries: await unzip(res.body as Buffer) };
}

describe("GET /api/users/me/export and User.exportUrl", () => {
  let t: TestApp;
  let ann: User;
  let ben: User;
  let cat: User;
  let annA: Agent;
  let benA: Agent;
  let catA: Agent;
  let shared: string;
  let catsOwn: string;
  let photo: { id: string; mediaId: string };
  let video: { id: string; mediaId: string };

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.ds, { displayName: "Ann <b>&</b>", username: "annexport" });
    ben = await createUser(t.ds, { displayName: "Ben" });
    cat = await createUser(t.ds);
    [annA, benA, catA] = await Promise.all([signInAs(t, ann), signInAs(t, ben), signInAs(t, cat)]);
    shared = (
      await createTimeline(t.ds, { createdById: ann.id, collaboratorId: ben.id, title: 'Paris "2023" <script>' })
    ).id;
    catsOwn = (await createTimeline(t.ds, { createdById: cat.id, collaboratorId: ben.id, title: "Cat and Ben" })).id;
    await createTimeline(t.ds, {
      createdById: ann.id,
      collaboratorEmail: "later@example.com",
      status: TimelineStatus.PENDING,
      title: "Waiting",
    });
    photo = await addMemory(annA, shared, "photo-gps.jpg", {
      caption: "<img src=x onerror=alert(1)>",
      meaning: "Why: because </figure><script>alert(1)</script>",
      location: "Paris",
      memory_date: "2023-07-14",
    });
    video = await addMemory(benA, shared, "clip.mp4", { caption: "Ben's clip" });
    // two voices (docs/decisions/027-two-voices.md): each writes on the other's memory
    await benA.put(`/api/memories/${photo.id}`).send({ partner_meaning: "Ben's <i>view</i>" }).expect(200);
    await annA.put(`/api/memories/${video.id}`).send({ partner_meaning: "Ann on the clip" }).expect(200);
    await addMemory(catA, catsOwn, "photo-plain.jpg", { caption: "Not Ann's" });
    await createNotification(t.ds, { recipientId: ann.id, message: "A note for Ann" });
  }, 60_000);
  afterAll(() => t.close());

  it("GraphQL: exportUrl for oneself only", async () => {
    const r = await gql(annA, `query($u: String!) { me { exportUrl } user(identifier: $u) { exportUrl } }`, {
      u: ben.username,
    });
    expect(r.errors).toBeUndefined();
    expect(r.data).toEqual({ me: { exportUrl: "/api/users/me/export" }, user: { exportUrl: null } });
  });

  it("signed out: 401, no zip", async () => {
    await anonymous(t).get("/api/users/me/export").expect(401);
  });

  it("a zip attachment with keepsake.json, index.html and the originals of the person's own timelines", async () => {
    await annA
      .put("/api/users/me/highlights")
      .send({ memory_ids: [video.id, photo.id] })
      .expect(200);
    const { res, entries } = await download(annA);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="keepsake-annexport-\d{4}-\d{2}-\d{2}\.zip"$/,
    );

    const doc = JSON.parse(entries.get("keepsake.json")!.toString("utf8"));
    expect(doc.profile).toMatchObject({
      id: ann.id,
      email: ann.email,
      username: "annexport",
      displayName: "Ann <b>&</b>",
    });
    expect(doc.timelines.map((x: { title: string }) => x.title).sort()).toEqual(['Paris "2023" <script>', "Waiting"]);
    // her highlights, in her order (docs/decisions/053-highlights.md)
    expect(doc.highlights).toEqual([video.id, photo.id]);
    const tl = doc.timelines.find((x: { id: string }) => x.id === shared);
    expect(tl.partner).toEqual({ username: ben.username, displayName: "Ben" });
    expect(tl.memories).toHaveLength(2);
    const mine = tl.memories.find((m: { id: string }) => m.id === photo.id);
    expect(mine).toMatchObject({
      type: "image",
      caption: "<img src=x onerror=alert(1)>",
      meaning: "Why: because </figure><script>alert(1)</script>",
      location: "Paris",
      date: "2023-07-14",
      addedByYou: true,
      // by timeline and memory date (docs/decisions/037-each-voice-its-authors.md)
      file: `media/Paris-2023-script-${shared.slice(0, 8)}/2023-07-14-${photo.id.slice(0, 8)}.jpg`,
      partnerMeaning: "Ben's <i>view</i>",
      partnerMeaningBy: { username: ben.username, displayName: "Ben" },
      partnerMeaningByYou: false,
    });
    expect(tl.memories.find((m: { id: string }) => m.id === video.id)).toMatchObject({
      meaning: "",
      addedByYou: false,
      partnerMeaning: "Ann on the clip",
      partnerMeaningByYou: true,
    });
    expect(doc.notifications.map((n: { message: string }) => n.message)).toContain("A note for Ann");
    // every file the document names is in the zip; nothing of a timeline that is not hers
    for (const m of tl.memories) expect(entries.has(m.file)).toBe(true);
    // the photo's entry is dated by the memory, not by the upload
    expect(entryDays.get(mine.file)).toBe("2023-07-14");
    expect([...entries.keys()].some((k) => k.includes(catsOwn))).toBe(false);
    expect(JSON.stringify(doc)).not.toContain("Not Ann's");

    // the photo: GPS gone, capture date and orientation kept, still a real JPEG of the same size
    const jpg = entries.get(mine.file)!;
    const tags = await exifr.parse(jpg, { gps: true, reviveValues: false });
    expect(tags.latitude).toBeUndefined();
    expect(tags.GPSLatitude).toBeUndefined();
    expect(tags.DateTimeOriginal).toBe("2023:07:14 18:32:05");
    const original = await exifr.parse(fs.readFileSync(fixture("photo-gps.jpg")), { gps: true });
    expect(original.latitude).toBeCloseTo(48.8584, 3); // the fixture does carry GPS
    expect(tags.Orientation).toBe(original.Orientation);

    // the video: byte for byte as stored
    const vid = tl.memories.find((m: { id: string }) => m.id === video.id);
    const rows: { original_key: string }[] = await t.ds.query(`SELECT original_key FROM media_files WHERE id = $1`, [
      video.mediaId,
    ]);
    expect(entries.get(vid.file)!.equals((await storedBytes(t, rows[0]!.original_key))!)).toBe(true);
  });

  it("index.html shows the timelines from the zip's own files, with every text escaped and no script", async () => {
    const { entries } = await download(benA);
    const html = entries.get("index.html")!.toString("utf8");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Paris &quot;2023&quot; &lt;script&gt;");
    expect(html).toContain("Added by Ann &lt;b&gt;&amp;&lt;/b&gt;");
    // both notes, each under its author's name (docs/decisions/027-two-voices.md)
    expect(html).toContain(
      '<span class="by">Ann &lt;b&gt;&amp;&lt;/b&gt;:</span> Why: because &lt;/figure&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(html).toContain('<span class="by">you:</span> Ben&#39;s &lt;i&gt;view&lt;/i&gt;');
    expect(html).toContain('<span class="by">Ann &lt;b&gt;&amp;&lt;/b&gt;:</span> Ann on the clip');
    const srcs = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs.length).toBe(3); // ben: two memories with ann, one with cat
    for (const src of srcs) expect(entries.has(src)).toBe(true);
  });

  it("a stored file gone missing is left out (file: null), and the rest of the zip still arrives", async () => {
    const lost = await createMemory(t.ds, { timelineId: shared, createdById: ann.id, caption: "Lost file" });
    await t.services.exports.limit.reset(ann.id);
    const { entries } = await download(annA);
    const doc = JSON.parse(entries.get("keepsake.json")!.toString("utf8"));
    const tl = doc.timelines.find((x: { id: string }) => x.id === shared);
    expect(tl.memories.find((m: { id: string }) => m.id === lost.id)).toMatchObject({
      caption: "Lost file",
      file: null,
    });
    expect(entries.has(`media/Paris-2023-script-${shared.slice(0, 8)}/2023-07-14-${photo.id.slice(0, 8)}.jpg`)).toBe(
      true,
    );
    expect(entries.get("index.html")!.toString("utf8")).toContain("(file missing)");
    await t.ds.query(`DELETE FROM memories WHERE id = $1`, [lost.id]);
  });

  it(`at most ${EXPORTS_PER_HOUR} exports an hour per account: then 429 with the contract of docs/decisions/017-hostile-input.md`, async () => {
    await t.services.exports.limit.reset(cat.id);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) await download(catA);
    const res = await catA.get("/api/users/me/export").expect(429);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.stringMatching(/3 times an hour/) });
    expect(res.body.retryAfter).toBeGreaterThan(0);
    expect(Number(res.headers["retry-after"])).toBe(res.body.retryAfter);
    expect(res.body.resetTime).toEqual(expect.any(String));
    // another account is not affected
    await download(annA);
  });

  it("?check=1 answers 204 while an export is allowed and the same 429 once not, counting nothing", async () => {
    await t.services.exports.limit.reset(cat.id);
    for (let i = 0; i < 5; i++) {
      const ok = await catA.get("/api/users/me/export?check=1").expect(204);
      expect(ok.headers["content-disposition"]).toBeUndefined();
    }
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) await download(catA); // checks did not use the allowance
    const res = await catA.get("/api/users/me/export?check=1").expect(429);
    expect(res.body).toMatchObject({ message: expect.stringMatching(/3 times an hour/) });
    expect(Number(res.headers["retry-after"])).toBe(res.body.retryAfter);
    await anonymous(t).get("/api/users/me/export?check=1").expect(401);
  });
});
