import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Memory } from "../../src/entities/memory.entity.js";
import { Privacy } from "../../src/entities/timeline.enums.js";
import type { Timeline } from "../../src/entities/timeline.entity.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createUser } from "../factories/index.js";
import { fixture } from "../helpers/fixtures.js";
import { gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const CREATE = `mutation($input: CreateMemoryInput!) { createMemory(input: $input) { memory { id } } }`;
const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

describe("the same photo twice in one timeline", () => {
  let t: TestApp;
  let ann: User;
  let ben: User;
  let cleo: User;
  let annA: Agent;
  let benA: Agent;
  let cleoA: Agent;
  let trip: Timeline;
  let other: Timeline;
  let firstId: string;
  const photo = fs.readFileSync(fixture("photo-plain.jpg"));
  const otherPhoto = fs.readFileSync(fixture("photo-gps.jpg"));

  beforeAll(async () => {
    t = await createTestApp();
    [ann, ben, cleo] = [await createUser(t.ds), await createUser(t.ds), await createUser(t.ds)];
    trip = await connect(t.ds, ann, ben, { privacy: Privacy.PUBLIC });
    other = await connect(t.ds, ann, cleo);
    [annA, benA, cleoA] = [await signInAs(t, ann), await signInAs(t, ben), await signInAs(t, cleo)];
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (agent: Agent, bytes: Buffer) =>
    (await agent.post("/api/upload/file").attach("file", bytes, "p.jpg").expect(201)).body as { public_id: string };
  const add = (agent: Agent, timelineId: string, publicId: string) =>
    agent.post("/api/memories").send({ timeline_id: timelineId, media_public_id: publicId, caption: "Lisbon" });

  it("answers a second memory with the same bytes 409 {error, duplicate_of} over REST and GraphQL, keeps one memory", async () => {
    const first = await add(annA, trip.id, (await upload(annA, photo)).public_id).expect(201);
    firstId = (first.body as { id: string }).id;

    // Ben adds the same file again (his own copy of the bytes): the timeline already holds it.
    const again = await add(benA, trip.id, (await upload(benA, photo)).public_id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "Already in this timeline", duplicate_of: firstId });

    const viaGraphql = await gql(benA, CREATE, {
      input: { timelineId: trip.id, mediaId: (await upload(benA, photo)).public_id, caption: "again" },
    });
    expect(viaGraphql.data?.createMemory ?? null).toBeNull();
    expect(viaGraphql.errors?.[0]).toMatchObject({
      message: "Already in this timeline",
      extensions: { code: "CONFLICT", duplicate_of: firstId },
    });
    expect(await t.ds.getRepository(Memory).countBy({ timelineId: trip.id })).toBe(1);

    // Other bytes in the same timeline, and the same bytes in another timeline, are welcome.
    await add(annA, trip.id, (await upload(annA, otherPhoto)).public_id).expect(201);
    await add(annA, other.id, (await upload(annA, photo)).public_id).expect(201);
  });

  it("looks bytes up by their SHA-256 before sending them, only within a timeline the asker is part of", async () => {
    const known = await annA.get("/api/memories/duplicate").query({ timeline_id: trip.id, sha256: sha256(photo) });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ duplicate_of: firstId });

    const fresh = crypto.randomBytes(1000);
    await benA
      .get("/api/memories/duplicate")
      .query({ timeline_id: trip.id, sha256: sha256(fresh).toUpperCase() })
      .expect(200, { duplicate_of: null });

    // Cleo may see the public timeline but is not part of it: she learns nothing about its files.
    const outsider = await cleoA.get("/api/memories/duplicate").query({ timeline_id: trip.id, sha256: sha256(photo) });
    expect(outsider.status).toBe(403);
    expect(outsider.body).not.toHaveProperty("duplicate_of");
    await cleoA
      .get("/api/memories/duplicate")
      .query({ timeline_id: crypto.randomUUID(), sha256: sha256(photo) })
      .expect(404);
    const bad = await annA.get("/api/memories/duplicate").query({ timeline_id: trip.id, sha256: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "sha256 must be the file's SHA-256 as 64 hexadecimal digits." });
  });
});
