import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories/index.js";
import { fixture } from "../helpers/fixtures.js";
import { anonymous, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { MESSAGES } from "../../src/modules/media/upload-gate.js";

const TUS = { "Tus-Resumable": "1.0.0" };
const CHUNK = "application/offset+octet-stream";

describe("resumable uploads (tus 1.0.0 at /api/uploads)", () => {
  let t: TestApp;
  let ann: Agent;
  let ben: Agent;
  const photo = fs.readFileSync(fixture("photo-gps.jpg"));

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signInAs(t, await createUser(t.ds));
    ben = await signInAs(t, await createUser(t.ds));
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (agent: Agent, length: number) =>
    agent
      .post("/api/uploads")
      .set(TUS)
      .set("Upload-Length", String(length))
      .set("Upload-Metadata", "filetype aW1hZ2UvanBlZw==");
  const patch = (agent: Agent, location: string, offset: number, bytes: Buffer) =>
    agent.patch(location).set(TUS).set("Upload-Offset", String(offset)).set("Content-Type", CHUNK).send(bytes);
  /** The upload as its store holds it (rejects with the tus 404 once it is removed). */
  const stored = async (location: string) =>
    (await t.services.resumable.tus()).store.getUpload(location.split("/").pop()!);
  const result = async (agent: Agent, location: string) => {
    await t.services.resumable.settled();
    return agent.get(`${location}/result`);
  };

  it("announces tus 1.0.0 with creation, termination and expiration", async () => {
    const res = await anonymous(t).options("/api/uploads").set(TUS);
    expect(res.status).toBe(204);
    expect(res.headers["tus-version"]).toBe("1.0.0");
    expect(res.headers["tus-extension"]).toEqual(expect.stringContaining("creation"));
    expect(res.headers["tus-extension"]).toEqual(expect.stringContaining("termination"));
    expect(res.headers["tus-extension"]).toEqual(expect.stringContaining("expiration"));
  });

  it("takes a photo in two chunks, resumes from the server's offset, and answers the upload result with the place", async () => {
    const created = await create(ann, photo.length);
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{64}$/);
    const expires = Date.parse(created.headers["upload-expires"] as string);
    expect(expires - Date.now()).toBeGreaterThan(23 * 3600_000);

    const half = Math.floor(photo.length / 2);
    const first = await patch(ann, location, 0, photo.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers["upload-offset"]).toBe(String(half));

    // the connection dropped: the client asks where to go on
    const head = await ann.head(location).set(TUS);
    expect(head.status).toBe(200);
    expect(head.headers["upload-offset"]).toBe(String(half));
    expect(head.headers["upload-length"]).toBe(String(photo.length));
    // nobody else learns anything about it
    expect((await ben.head(location).set(TUS)).status).toBe(404);
    expect((await patch(ben, location, half, photo.subarray(half))).status).toBe(404);
    expect((await ben.get(`${location}/result`)).status).toBe(404);

    const last = await patch(ann, location, half, photo.subarray(half));
    expect(last.status).toBe(204);
    expect(last.headers["upload-offset"]).toBe(String(photo.length));

    const res = await result(ann, location);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      public_id: expect.any(String),
      file_url: expect.stringMatching(/^\/media\//),
      format: "jpeg",
      bytes: photo.length,
      place: "Paris, France",
      taken_at: "2023-07-14T18:32:05",
    });
    expect(JSON.stringify(res.body)).not.toMatch(/48\.85|2\.294/);
    // the parts are gone once ingested (from the bucket or DATA_DIR/uploads)
    await expect(stored(location)).rejects.toMatchObject({ status_code: 404 });
    const uploads = path.join(t.dataDir, "uploads");
    if (fs.existsSync(uploads)) expect(fs.readdirSync(uploads).filter((f) => location.includes(f))).toEqual([]);
  });

  it("answers 202 while the file is still being processed", async () => {
    const created = await create(ann, photo.length);
    const location = created.headers.location as string;
    await patch(ann, location, 0, photo).expect(204);
    const early = await ann.get(`${location}/result`);
    expect([200, 202]).toContain(early.status);
    if (early.status === 202) expect(early.body).toEqual({ status: "processing" });
    expect((await result(ann, location)).status).toBe(200);
  });

  it("ingests a finished upload once, and again when the process ingesting it died", async () => {
    const created = await create(ann, photo.length);
    const location = created.headers.location as string;
    const id = location.split("/").pop()!;
    // another process has claimed it (its last byte seen twice): this one does not ingest it
    await t.ds.query(`UPDATE resumable_uploads SET state = 'processing', claimed_at = now() WHERE id = $1`, [id]);
    await patch(ann, location, 0, photo).expect(204);
    expect((await result(ann, location)).status).toBe(202);
    // that process died: a quarter of an hour on, whoever answers the result ingests it again
    await t.ds.query(`UPDATE resumable_uploads SET claimed_at = now() - interval '16 minutes' WHERE id = $1`, [id]);
    expect((await ann.get(`${location}/result`)).status).toBe(202);
    const res = await result(ann, location);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bytes: photo.length, place: "Paris, France" });
    await expect(stored(location)).rejects.toMatchObject({ status_code: 404 });
  });

  it("keeps the type check, the size limits and the 8 MiB chunks", async () => {
    const junk = Buffer.alloc(5000, 7);
    const created = await create(ann, junk.length);
    await patch(ann, created.headers.location as string, 0, junk).expect(204);
    const refused = await result(ann, created.headers.location as string);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: MESSAGES.unsupported });

    const huge = await create(ann, 201 * 1024 * 1024);
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: MESSAGES.tooLarge });

    const big = await create(ann, 20 * 1024 * 1024);
    const location = big.headers.location as string;
    const chunk = await patch(ann, location, 0, Buffer.alloc(8 * 1024 * 1024 + 1));
    expect(chunk.status).toBe(413);
    expect(chunk.body).toEqual({ error: "Send the file in chunks of at most 8 MiB." });
  });

  it("is behind the session and the origin guard", async () => {
    expect((await anonymous(t).post("/api/uploads").set(TUS).set("Upload-Length", "10")).status).toBe(401);
    const created = await create(ann, photo.length);
    const crossSite = await ann
      .patch(created.headers.location as string)
      .set(TUS)
      .set("Origin", "https://elsewhere.example")
      .set("Upload-Offset", "0")
      .set("Content-Type", CHUNK)
      .send(photo);
    expect(crossSite.status).toBe(403);
  });

  it("terminates an upload on DELETE, and sweeps one not finished within a day", async () => {
    const gone = await create(ann, photo.length);
    await ann
      .delete(gone.headers.location as string)
      .set(TUS)
      .expect(204);
    expect((await ann.head(gone.headers.location as string).set(TUS)).status).toBe(404);

    const stale = await create(ann, photo.length);
    const id = (stale.headers.location as string).split("/").pop()!;
    await patch(ann, stale.headers.location as string, 0, photo.subarray(0, 1000)).expect(204);
    // a day later (its row in PostgreSQL says when it expires)
    await t.ds.query(`UPDATE resumable_uploads SET expires_at = now() - interval '1 hour' WHERE id = $1`, [id]);
    expect(await t.services.resumable.sweepExpired()).toBeGreaterThanOrEqual(1);
    await expect(stored(stale.headers.location as string)).rejects.toMatchObject({ status_code: 404 });
    expect(await t.ds.query(`SELECT id FROM resumable_uploads WHERE id = $1`, [id])).toEqual([]);
    expect([404, 410]).toContain((await ann.head(stale.headers.location as string).set(TUS)).status);
  });
});

describe("resumable uploads count against the upload rate", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: "1" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the creation past the rate with the 429 contract", async () => {
    const ann = await signInAs(t, await createUser(t.ds));
    await ann.post("/api/uploads").set(TUS).set("Upload-Length", "100").expect(201);
    const res = await ann.post("/api/uploads").set(TUS).set("Upload-Length", "100");
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: expect.stringMatching(/^Too many uploads/),
      message: res.body.error,
      retryAfter: expect.any(Number),
      resetTime: expect.any(String),
    });
    expect(res.headers["retry-after"]).toBe(String(res.body.retryAfter));
  });
});
