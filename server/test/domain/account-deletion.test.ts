import fs from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_MESSAGE } from "../../src/modules/account/account-deletion.service.js";
import { TimelineStatus } from "../../src/entities/timeline.enums.js";
import { User } from "../../src/entities/user.entity.js";
import { createTimeline, createUser } from "../factories/index.js";
import { fixture } from "../helpers/fixtures.js";
import { SAME_ORIGIN, signIn, type Agent } from "../helpers/sign-in.js";
import { anonymous, errorCode, gql, signInAs } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { mediaFiles } from "../media/media-helpers.js";

/**
 * "Leaving cleanly" (docs/decisions/023-export-and-deletion.md): every row of every table (found
 * in the database catalogue, not a hand list) and every stored file of the person is gone, shared
 * timelines stay with the other person with their own memories, the web has no edge to them.
 */

const DELETE = `mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { deleted } }`;
const TIMELINES = `{ timelines { edges { node { id title formerMember createdBy { id } collaborator { id } collaboratorEmail
  memoryCount previewImages memories { edges { node { id createdBy { id } } } } } } } }`;

/** The nodes of a connection (docs/decisions/024-paged-reads.md). */
const nodes = <N>(c: { edges: { node: N }[] }): N[] => c.edges.map((e) => e.node);

async function upload(agent: Agent, name: string): Promise<{ public_id: string; file_url: string }> {
  const res = await agent.post("/api/upload/file").attach("file", fs.readFileSync(fixture(name)), name);
  expect(res.status).toBe(201);
  return res.body as { public_id: string; file_url: string };
}

async function addMemory(agent: Agent, timelineId: string, name: string, caption: string): Promise<string> {
  const up = await upload(agent, name);
  const res = await agent
    .post("/api/memories")
    .send({ timeline_id: timelineId, media_public_id: up.public_id, media_url: up.file_url, caption })
    .expect(201);
  return (res.body as { id: string }).id;
}

/** Every table of the public schema (from the catalogue) with the rows whose text mentions `needle`. */
async function rowsMentioning(t: TestApp, needles: string[]): Promise<Record<string, number>> {
  const tables: { table_name: string }[] = await t.ds.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { table_name } of tables) {
    for (const needle of needles) {
      const [{ n }] = (await t.ds.query(
        `SELECT count(*)::int AS n FROM "${table_name}" x WHERE row_to_json(x)::text ILIKE '%' || $1 || '%'`,
        [needle],
      )) as [{ n: number }];
      if (n) found[`${table_name}:${needle}`] = n;
    }
  }
  return found;
}

describe("deleting one's account (GraphQL deleteAccount, REST DELETE /api/users/me)", () => {
  let t: TestApp;
  const annEmail = "ann.leaving@example.com";
  let ann: User;
  let ben: User;
  let cat: User;
  let annA: Agent;
  let annOtherBrowser: Agent;
  let benA: Agent;
  let keysBefore: string[];
  let annKeys: string[];
  let shared1: string;
  let shared2: string;
  let proposal: string;
  let benProposal: string;
  let benMemory1: string;
  let benMemory2: string;
  /** the words of her partner notes, looked for in every table after the deletion */
  const ANN_WORDS = "Ann-wrote-this-partner-note";

  beforeAll(async () => {
    t = await createTestApp();
    // ann signs in twice through the real flow: two browsers, sign-in tokens for her address
    annA = await signIn(t, annEmail);
    annOtherBrowser = await signIn(t, annEmail, request.agent(t.app).set(SAME_ORIGIN));
    ann = await t.ds.getRepository(User).findOneByOrFail({ email: annEmail });
    ben = await createUser(t.ds, { displayName: "Ben" });
    cat = await createUser(t.ds);
    benA = await signInAs(t, ben);

    shared1 = (await createTimeline(t.ds, { createdById: ann.id, collaboratorId: ben.id, title: "Ours by Ann" })).id;
    shared2 = (await createTimeline(t.ds, { createdById: ben.id, collaboratorId: ann.id, title: "Ours by Ben" })).id;
    proposal = (
      await createTimeline(t.ds, { createdById: ann.id, collaboratorId: cat.id, status: TimelineStatus.PENDING })
    ).id;
    await createTimeline(t.ds, {
      createdById: ann.id,
      collaboratorEmail: "nobody@example.com",
      status: TimelineStatus.PENDING,
    });
    benProposal = (
      await createTimeline(t.ds, {
        createdById: ben.id,
        collaboratorId: ann.id,
        status: TimelineStatus.PENDING,
        title: "Ben asks",
      })
    ).id;

    await addMemory(annA, shared1, "photo-gps.jpg", "Ann in ours");
    benMemory1 = await addMemory(benA, shared1, "photo-plain.jpg", "Ben in ours");
    const annMemory2 = await addMemory(annA, shared2, "photo-plain.jpg", "Ann in Ben's");
    benMemory2 = await addMemory(benA, shared2, "photo-portrait.png", "Ben in his");
    // two voices (docs/decisions/027-two-voices.md): her notes on his memories, his on hers
    for (const id of [benMemory1, benMemory2]) {
      await annA
        .put(`/api/memories/${id}`)
        .send({ partner_meaning: `${ANN_WORDS} on ${id}` })
        .expect(200);
    }
    await benA.put(`/api/memories/${annMemory2}`).send({ partner_meaning: "Ben on Ann's" }).expect(200);
    await addMemory(annA, proposal, "photo-plain.jpg", "Ann in a proposal");
    await addMemory(benA, benProposal, "photo-plain.jpg", "Ben in his proposal");
    // a profile photo and an upload never used
    const photo = await upload(annA, "photo-plain.jpg");
    await annA.put("/api/users/me").send({ display_name: "Ann", profile_photo_id: photo.public_id }).expect(200);
    await upload(annA, "clip.mp4");
    // a per-account rate-limit row (the export's allowance), and a notification to ann
    await annA.get("/api/users/me/export").expect(200);

    keysBefore = await mediaFiles(t);
    const rows: { original_key: string; variants: Record<string, string> }[] = await t.ds.query(
      `SELECT original_key, variants FROM media_files WHERE owner_id = $1`,
      [ann.id],
    );
    annKeys = rows.flatMap((r) => [r.original_key, ...Object.values(r.variants)]);
    expect(annKeys.length).toBeGreaterThan(8);
    expect(await rowsMentioning(t, [ann.id])).toMatchObject({ [`session:${ann.id}`]: 2 });
    expect(await rowsMentioning(t, [ANN_WORDS])).toEqual({ [`memories:${ANN_WORDS}`]: 2 });
    expect(await t.ds.query(`SELECT 1 FROM notifications WHERE type = 'partner_note_added'`)).toHaveLength(3);
  }, 60_000);
  afterAll(() => t.close());

  it("refuses without the typed word, with a clear message, in both APIs (and signed out: 401)", async () => {
    for (const confirm of ["delete", "", "DELETE ", "yes"]) {
      const r = await gql(annA, DELETE, { input: { confirm } });
      expect(errorCode(r)).toBe("BAD_USER_INPUT");
      expect(r.errors![0]!.message).toBe(CONFIRM_MESSAGE);
    }
    for (const body of [{}, { confirm: "delete" }, { confirm: true }, { confirm: ["DELETE"] }]) {
      const res = await annA.delete("/api/users/me").send(body).expect(400);
      expect(res.body).toMatchObject({ error: CONFIRM_MESSAGE });
    }
    await anonymous(t).delete("/api/users/me").send({ confirm: "DELETE" }).expect(401);
    const r = await gql(anonymous(t), DELETE, { input: { confirm: "DELETE" } });
    expect(errorCode(r)).toBe("UNAUTHENTICATED");
    expect(await t.ds.getRepository(User).existsBy({ id: ann.id })).toBe(true);
  });

  it("REST DELETE answers after everything is gone and clears the cookie; the other browser is signed out too", async () => {
    const res = await annA.delete("/api/users/me").send({ confirm: "DELETE" }).expect(200);
    expect(res.body).toMatchObject({ success: true });
    expect(String(res.headers["set-cookie"])).toMatch(/ks\.sid=;/);
    // at the moment of the answer: no row of any table mentions her id or address, nor her words
    // on his memories (her partner notes leave with her)
    expect(await rowsMentioning(t, [ann.id, annEmail, ANN_WORDS])).toEqual({});
    // and no stored file of hers is left; the others' files are all still there
    const keysAfter = await mediaFiles(t);
    for (const k of annKeys) expect(keysAfter).not.toContain(k);
    const benRows: { original_key: string; variants: Record<string, string> }[] = await t.ds.query(
      `SELECT original_key, variants FROM media_files`,
    );
    const remaining = benRows.flatMap((r) => [r.original_key, ...Object.values(r.variants)]).sort();
    expect(keysAfter).toEqual(remaining);
    expect(keysBefore.length).toBeGreaterThan(keysAfter.length);

    await annOtherBrowser.get("/api/users/me").expect(401);
    await annA.get("/api/users/me").expect(401);
  });

  it("shared timelines stay with the other person, with their own memories and a 'Former member'", async () => {
    const r = await gql(benA, TIMELINES);
    expect(r.errors).toBeUndefined();
    const list = nodes(
      r.data!.timelines as {
        edges: {
          node: {
            id: string;
            formerMember: boolean;
            createdBy: { id: string };
            collaborator: unknown;
            collaboratorEmail: string | null;
            memoryCount: number;
            previewImages: string[];
            memories: { edges: { node: { id: string; createdBy: { id: string } } }[] };
          };
        }[];
      },
    ).map((tl) => ({ ...tl, memories: nodes(tl.memories) }));
    const byId = new Map(list.map((x) => [x.id, x]));
    for (const id of [shared1, shared2]) {
      const tl = byId.get(id)!;
      expect(tl).toMatchObject({ formerMember: true, createdBy: { id: ben.id }, collaborator: null, memoryCount: 1 });
      expect(tl.memories.every((m) => m.createdBy.id === ben.id)).toBe(true);
      expect(tl.previewImages).toHaveLength(1);
    }
    expect(byId.get(shared1)!.memories[0]!.id).toBe(benMemory1);
    // his memories stay, without her notes (docs/decisions/027-two-voices.md)
    for (const id of [benMemory1, benMemory2]) {
      const m = await benA.get(`/api/memories/${id}`).expect(200);
      expect(m.body).toMatchObject({ partner_meaning: null, partner_user: null, can_write_partner_meaning: false });
    }
    expect(byId.has(proposal)).toBe(false);
    const rest = await benA.get(`/api/timelines/${shared1}`).expect(200);
    expect(rest.body).toMatchObject({ former_member: true, created_by_id: ben.id, collaborator_id: null });
    // ben's own proposal to her stays with him, as a declined one (with his memory)
    const [row] = (await t.ds.query(
      `SELECT status, former_member, created_by_id, (SELECT count(*)::int FROM memories WHERE timeline_id = t.id) AS n
         FROM timelines t WHERE id = $1`,
      [benProposal],
    )) as [{ status: string; former_member: boolean; created_by_id: string; n: number }];
    expect(row).toEqual({ status: "rejected", former_member: true, created_by_id: ben.id, n: 1 });
  });

  it("the other person is told, and the connection web has no edge to the deleted person", async () => {
    const n = await benA.get("/api/notifications").expect(200);
    const messages = (n.body as { message: string }[]).map((x) => x.message);
    expect(messages).toContain(
      'The other member of "Ours by Ann" deleted their account. The timeline and your memories stay with you.',
    );
    const web = await benA.get("/api/user-relationships/my-relationships").expect(200);
    expect(JSON.stringify(web.body)).not.toContain(ann.id);
    const [{ n: edges }] = (await t.ds.query(
      `SELECT count(*)::int AS n FROM timelines WHERE status = 'accepted' AND is_active AND collaborator_id IS NOT NULL
         AND (created_by_id = $1 OR collaborator_id = $1)`,
      [ben.id],
    )) as [{ n: number }];
    expect(edges).toBe(0);
  });

  it("signing in again with the same address starts a fresh, empty account", async () => {
    const again = await signIn(t, annEmail, request.agent(t.app).set(SAME_ORIGIN));
    const me = await again.get("/api/users/me").expect(200);
    expect(me.body.id).not.toBe(ann.id);
    const r = await gql(again, `{ timelines { edges { node { id } } } notifications { edges { node { id } } } }`);
    expect(r.errors).toBeUndefined();
    expect(r.data).toEqual({ timelines: { edges: [] }, notifications: { edges: [] } });
  });

  it("GraphQL deleteAccount does the same and ends the session", async () => {
    const dan = await signIn(t, "dan.leaving@example.com");
    const danUser = await t.ds.getRepository(User).findOneByOrFail({ email: "dan.leaving@example.com" });
    await addMemory(
      dan,
      (await createTimeline(t.ds, { createdById: danUser.id, collaboratorId: cat.id })).id,
      "photo-plain.jpg",
      "x",
    );
    const r = await gql(dan, DELETE, { input: { confirm: "DELETE" } });
    expect(r.errors).toBeUndefined();
    expect(r.data!.deleteAccount).toEqual({ deleted: true });
    expect(await rowsMentioning(t, [danUser.id, "dan.leaving@example.com"])).toEqual({});
    await dan.get("/api/users/me").expect(401);
  });
});
