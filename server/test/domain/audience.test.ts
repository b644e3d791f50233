import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AudienceService } from "../../src/modules/timelines/audience.service.js";
import { AUDIENCE_CAP } from "../../src/modules/timelines/audience.reads.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import { User } from "../../src/entities/user.entity.js";
import { connect, createTimeline, createUser } from "../factories/index.js";
import { anonymous, errorCode, gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * "Who can see this" (docs/decisions/025-audience-preview.md) on a hand-built graph:
 *
 *   a7 — a6 — a5 — a4 — a3 — a2 — Maya — A ══ B — b1 — b2 — b3
 *                                 |     |
 *                                 z     Leo         (z — z1; s — s2: an island)
 *
 * A ══ B is the subject (accepted, active). Every other link is an accepted, active timeline;
 * A also has a pending, a declined and an inactive timeline with people who are therefore not
 * connected to anyone. Semi-private reaches a2/b2 (2 degrees) and stops before a3/b3; public
 * reaches a6 and stops before a7.
 */
const AUDIENCE = `query($id: ID!, $p: Privacy!) { timelineAudience(id: $id, privacy: $p) { count known { id displayName } } }`;
const PREVIEW = `query($id: ID, $email: String, $p: Privacy!) {
  audiencePreview(collaboratorId: $id, collaboratorEmail: $email, privacy: $p) { count known { id displayName } } }`;
const GQL_TIER: Record<Privacy, string> = {
  [Privacy.PRIVATE]: "PRIVATE",
  [Privacy.SEMI_PRIVATE]: "SEMI_PRIVATE",
  [Privacy.PUBLIC]: "PUBLIC",
};

let t: TestApp;
const u: Record<string, User> = {};
let subject: Timeline;
let agentA: Agent;
let agentB: Agent;
const names = (known: Json[]) => known.map((k: Json) => k.displayName ?? k.display_name);

async function audienceOf(agent: Agent, id: string, privacy: Privacy) {
  const r = await gql(agent, AUDIENCE, { id, p: GQL_TIER[privacy] });
  expect(r.errors).toBeUndefined();
  return r.data!.timelineAudience as { count: number; known: Json[] };
}

async function previewOf(agent: Agent, vars: { id?: string; email?: string }, privacy: Privacy) {
  const r = await gql(agent, PREVIEW, { ...vars, p: GQL_TIER[privacy] });
  expect(r.errors).toBeUndefined();
  return r.data!.audiencePreview as { count: number; known: Json[] };
}

/** The people the asker shares an accepted, active timeline with (the only ones `known` may name). */
async function partnersOf(userId: string): Promise<Set<string>> {
  const rows: { id: string }[] = await t.ds.query(
    `SELECT CASE WHEN created_by_id = $1 THEN collaborator_id ELSE created_by_id END AS id FROM timelines
     WHERE status = 'accepted' AND is_active AND collaborator_id IS NOT NULL AND (created_by_id = $1 OR collaborator_id = $1)`,
    [userId],
  );
  return new Set(rows.map((r) => r.id));
}

beforeAll(async () => {
  t = await createTestApp();
  const person = async (key: string, displayName = key) => (u[key] = await createUser(t.ds, { displayName }));
  for (const k of ["A", "B", "b1", "b2", "b3", "a2", "a3", "a4", "a5", "a6", "a7", "z", "z1", "s", "s2"])
    await person(k);
  await person("maya", "Maya");
  await person("leo", "Leo");
  for (const k of ["pending", "declined", "inactive"]) await person(k);
  subject = await connect(t.ds, u.A!, u.B!, { title: "Subject", privacy: Privacy.PRIVATE });
  const chain = ["A", "maya", "a2", "a3", "a4", "a5", "a6", "a7"];
  for (let i = 1; i < chain.length; i++) await connect(t.ds, u[chain[i - 1]!]!, u[chain[i]!]!);
  await connect(t.ds, u.A!, u.leo!);
  await connect(t.ds, u.B!, u.b1!);
  await connect(t.ds, u.b1!, u.b2!);
  await connect(t.ds, u.b2!, u.b3!);
  await connect(t.ds, u.maya!, u.z!);
  await connect(t.ds, u.z!, u.z1!);
  await connect(t.ds, u.s!, u.s2!);
  await connect(t.ds, u.A!, u.pending!, { status: TimelineStatus.PENDING });
  await connect(t.ds, u.A!, u.declined!, { status: TimelineStatus.REJECTED });
  await connect(t.ds, u.A!, u.inactive!, { isActive: false });
  agentA = await signInAs(t, u.A!);
  agentB = await signInAs(t, u.B!);
});
afterAll(() => t.close());

describe("timelineAudience on a hand-built graph", () => {
  it("private: nobody beyond the two", async () => {
    expect(await audienceOf(agentA, subject.id, Privacy.PRIVATE)).toEqual({ count: 0, known: [] });
  });

  it("semi-private: people within 2 degrees of either (a2 and b2 at the edge, a3 and b3 just past it)", async () => {
    // maya, leo, a2, z (A's side); b1, b2 (B's side)
    const a = await audienceOf(agentA, subject.id, Privacy.SEMI_PRIVATE);
    expect(a.count).toBe(6);
    expect(names(a.known)).toEqual(["Leo", "Maya"]);
    const b = await audienceOf(agentB, subject.id, Privacy.SEMI_PRIVATE);
    expect(b.count).toBe(6);
    expect(names(b.known)).toEqual(["b1"]);
  });

  it("public: people within 6 degrees (a6 at the edge, a7 just past it); dead edges and islands never count", async () => {
    // maya, leo, a2..a6, z, z1 (A's side); b1, b2, b3 (B's side)
    const a = await audienceOf(agentA, subject.id, Privacy.PUBLIC);
    expect(a.count).toBe(12);
    expect(names(a.known)).toEqual(["Leo", "Maya"]);
  });

  it("the count is the number of people for whom the real read timeline(id) succeeds, for every tier", async () => {
    const everyone = await t.ds.getRepository(User).find();
    for (const privacy of Object.values(Privacy)) {
      await t.ds.getRepository(Timeline).update({ id: subject.id }, { privacy });
      let readers = 0;
      for (const person of everyone) {
        if (person.id === u.A!.id || person.id === u.B!.id) continue;
        const viewer = t.services.access.viewer(person.id);
        if (await t.services.timelines.findVisible(viewer, subject.id)) readers += 1;
      }
      const answer = await audienceOf(agentA, subject.id, privacy);
      expect({ privacy, count: answer.count }).toEqual({ privacy, count: readers });
    }
    await t.ds.getRepository(Timeline).update({ id: subject.id }, { privacy: Privacy.PRIVATE });
  });

  it("known never names anyone the asker does not already share an accepted, active timeline with", async () => {
    for (const [agent, asker] of [
      [agentA, u.A!],
      [agentB, u.B!],
    ] as const) {
      const partners = await partnersOf(asker.id);
      for (const privacy of Object.values(Privacy)) {
        const a = await audienceOf(agent, subject.id, privacy);
        for (const k of a.known) expect(partners.has(k.id as string)).toBe(true);
        expect(a.known.map((k: Json) => k.id)).not.toContain(u.B!.id === asker.id ? u.A!.id : u.B!.id);
      }
    }
  });

  it("a pending proposal counts as the tier will mean once accepted; declined and inactive ones reach nobody", async () => {
    const pending = await createTimeline(t.ds, {
      createdById: u.A!.id,
      collaboratorId: u.b1!.id,
      status: TimelineStatus.PENDING,
    });
    // the invitee learns both sides (the creator chose to ask them): within 2 of A or b1: maya, leo,
    // a2, z, B (A's side); b2, b3 (b1's side)
    expect((await audienceOf(await signInAs(t, u.b1!), pending.id, Privacy.SEMI_PRIVATE)).count).toBe(7);
    // the creator learns only their own side until b1 accepts (docs/decisions/032-who-may-learn-whom.md):
    // within 2 of A: maya, leo, a2, z, B, and b1 (2 steps away through B, counted like anyone)
    expect((await audienceOf(agentA, pending.id, Privacy.SEMI_PRIVATE)).count).toBe(6);
    for (const change of [{ status: TimelineStatus.REJECTED }, { status: TimelineStatus.ACCEPTED, isActive: false }]) {
      const dead = await createTimeline(t.ds, { createdById: u.A!.id, collaboratorId: u.b1!.id, ...change });
      expect(await audienceOf(agentA, dead.id, Privacy.PUBLIC)).toEqual({ count: 0, known: [] });
    }
  });

  it("follows the graph at once: a new connection is counted by the next answer, in any process", async () => {
    const before = (await audienceOf(agentA, subject.id, Privacy.PUBLIC)).count;
    // A second process: its own services over the same database.
    const other = new AudienceService(t.ds, t.services.access.expand);
    const viewerA = t.services.access.viewer(u.A!.id);
    expect((await other.ofTimeline(viewerA, subject.id, "public")).count).toBe(before);
    const newcomer = await createUser(t.ds);
    const link = await connect(t.ds, u.b3!, newcomer, { status: TimelineStatus.PENDING });
    expect((await other.ofTimeline(viewerA, subject.id, "public")).count).toBe(before);
    await t.ds.getRepository(Timeline).update({ id: link.id }, { status: TimelineStatus.ACCEPTED });
    expect((await audienceOf(agentA, subject.id, Privacy.PUBLIC)).count).toBe(before + 1);
    expect((await other.ofTimeline(viewerA, subject.id, "public")).count).toBe(before + 1);
    await t.ds.getRepository(Timeline).delete({ id: link.id });
    expect((await other.ofTimeline(viewerA, subject.id, "public")).count).toBe(before);
    expect((await audienceOf(agentA, subject.id, Privacy.PUBLIC)).count).toBe(before);
  });

  it("stops counting past 100 people: the answer is 101, said as more than 100", async () => {
    const hub = await createUser(t.ds, { displayName: "Big hub" });
    for (let i = 0; i < 60; i++) {
      const f = await createUser(t.ds);
      await connect(t.ds, hub, f);
      await connect(t.ds, f, await createUser(t.ds));
    }
    // 60 friends and 60 of their friends: 120 people within 2
    const agent = await signInAs(t, hub);
    expect((await previewOf(agent, {}, Privacy.SEMI_PRIVATE)).count).toBe(AUDIENCE_CAP + 1);
    expect((await previewOf(agent, {}, Privacy.SEMI_PRIVATE)).known).toHaveLength(10);
  });

  it("names at most 10 people, in a stable order by name", async () => {
    const hub = await createUser(t.ds, { displayName: "Hub" });
    const friends: User[] = [];
    for (let i = 0; i < 12; i++) {
      const f = await createUser(t.ds, { displayName: `Friend ${String.fromCharCode(76 - i)}` });
      friends.push(f);
      await connect(t.ds, hub, f);
    }
    const agent = await signInAs(t, hub);
    const first = await previewOf(agent, {}, Privacy.SEMI_PRIVATE);
    expect(first.count).toBe(12);
    expect(first.known).toHaveLength(10);
    const expected = friends
      .map((f) => f.displayName)
      .sort()
      .slice(0, 10);
    expect(names(first.known)).toEqual(expected);
    expect(names((await previewOf(agent, {}, Privacy.SEMI_PRIVATE)).known)).toEqual(expected);
  });
});

describe("participants only, on both APIs", () => {
  const missingId = "7d3a4b1e-0000-4000-8000-000000000000";

  it("a non-participant (even one who can see the timeline) gets exactly the missing-timeline answer", async () => {
    await t.ds.getRepository(Timeline).update({ id: subject.id }, { privacy: Privacy.PUBLIC });
    const maya = await signInAs(t, u.maya!);
    expect(
      (await gql(maya, `query($id: ID!) { timeline(id: $id) { id } }`, { id: subject.id })).data?.timeline,
    ).toEqual({ id: subject.id });
    const shapeOf = (r: Json) => ({ data: r.data, errors: r.errors?.map((e: Json) => ({ ...e, path: e.path })) });
    const real = shapeOf(await gql(maya, AUDIENCE, { id: subject.id, p: "PUBLIC" }));
    expect(real.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(shapeOf(await gql(maya, AUDIENCE, { id: missingId, p: "PUBLIC" }))).toEqual(real);
    expect(shapeOf(await gql(maya, AUDIENCE, { id: "not-an-id", p: "PUBLIC" }))).toEqual(real);
    expect(shapeOf(await gql(agentA, AUDIENCE, { id: missingId, p: "PUBLIC" }))).toEqual(real);

    const rest = await maya.get(`/api/timelines/${subject.id}/audience?privacy=public`);
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual({ error: "Timeline not found" });
    for (const path of [`/api/timelines/${missingId}/audience`, `/api/timelines/not-an-id/audience`]) {
      const other = await maya.get(`${path}?privacy=public`);
      expect({ status: other.status, body: other.body }).toEqual({ status: 404, body: rest.body });
    }
    // the same body as a missing timeline's own read
    expect((await maya.get(`/api/timelines/${missingId}`)).body).toEqual(rest.body);
    await t.ds.getRepository(Timeline).update({ id: subject.id }, { privacy: Privacy.PRIVATE });
  });

  it("a signed-out viewer gets the same answer for a real and a missing timeline", async () => {
    const guest = anonymous(t);
    const real = await gql(guest, AUDIENCE, { id: subject.id, p: "PUBLIC" });
    expect(errorCode(real)).toBe("UNAUTHENTICATED");
    expect(await gql(guest, AUDIENCE, { id: missingId, p: "PUBLIC" })).toEqual(real);
    expect(errorCode(await gql(guest, PREVIEW, { p: "PUBLIC" }))).toBe("UNAUTHENTICATED");
    const restReal = await guest.get(`/api/timelines/${subject.id}/audience?privacy=public`);
    const restMissing = await guest.get(`/api/timelines/${missingId}/audience?privacy=public`);
    expect(restReal.status).toBe(401);
    expect({ status: restMissing.status, body: restMissing.body }).toEqual({ status: 401, body: restReal.body });
  });

  it("REST answers {count, known} with the façade's people", async () => {
    const res = await agentA.get(`/api/timelines/${subject.id}/audience?privacy=semi-private`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(6);
    expect(res.body.known.map((k: Json) => k.display_name)).toEqual(["Leo", "Maya"]);
    expect(res.body.known[0]).toMatchObject({ _id: u.leo!.id, id: u.leo!.id, username: u.leo!.username });
  });

  it("a bad or missing privacy is a 400 with the privacy message, never a 500", async () => {
    const bad = await agentA.get(`/api/timelines/${subject.id}/audience?privacy=everyone`);
    expect({ status: bad.status, body: bad.body }).toEqual({
      status: 400,
      body: { error: "Privacy must be private, semi-private or public" },
    });
    const twice = await agentA.get(`/api/timelines/${subject.id}/audience?privacy=public&privacy=private`);
    expect(twice.status).toBe(400);
    const none = await agentA.get(`/api/timelines/${subject.id}/audience`);
    expect({ status: none.status, body: none.body }).toEqual({
      status: 400,
      body: { error: "Choose who can see this timeline: private, semi-private or public" },
    });
    const gqlBad = await agentA
      .post("/graphql")
      .send({ query: AUDIENCE, variables: { id: subject.id, p: "EVERYONE" } });
    expect(gqlBad.status).toBe(400);
  });
});

describe("audiencePreview (a timeline not created yet)", () => {
  it("with a stranger chosen by id: the asker's side only, so the stranger's web is not told", async () => {
    // within 2 of A: maya, leo, B, a2, z, b1; s2 (1 from the stranger s) is not counted
    for (const privacy of Object.values(Privacy)) {
      const p = await previewOf(agentA, { id: u.s!.id }, privacy);
      expect(p).toEqual(await previewOf(agentA, {}, privacy));
    }
    const p = await previewOf(agentA, { id: u.s!.id }, Privacy.SEMI_PRIVATE);
    expect(p.count).toBe(6);
    expect(names(p.known)).toEqual(["B", "Leo", "Maya"]);
  });

  it("with a partner chosen by id: both sides, as once accepted", async () => {
    // within 2 of A or leo (leo is the collaborator, not counted): maya, a2, z, B, b1
    const p = await previewOf(agentA, { id: u.leo!.id }, Privacy.SEMI_PRIVATE);
    expect(p.count).toBe(5);
    expect(names(p.known)).toEqual(["B", "Maya"]);
  });

  it("by e-mail, an address of someone the asker already shares a timeline with counts as that person", async () => {
    // within 2 of A or leo (leo is the collaborator, not counted): maya, a2, z, B, b1
    const p = await previewOf(agentA, { email: u.leo!.email }, Privacy.SEMI_PRIVATE);
    expect(p.count).toBe(5);
    expect(names(p.known)).toEqual(["B", "Maya"]);
  });

  it("by e-mail, never reveals whether an address has an account", async () => {
    // z is 2 degrees from A and shares nothing with A; z1 is 1 degree from z (3 from A).
    for (const privacy of Object.values(Privacy)) {
      const noAccount = await previewOf(agentA, { email: "nobody-here@example.com" }, privacy);
      for (const stranger of [u.z!, u.s!, u.a7!]) {
        expect(await previewOf(agentA, { email: stranger.email }, privacy)).toEqual(noAccount);
        expect(await previewOf(agentA, { email: stranger.email.toUpperCase() }, privacy)).toEqual(noAccount);
      }
      // and the same as no collaborator at all: the asker's side only
      expect(await previewOf(agentA, {}, privacy)).toEqual(noAccount);
    }
  });

  it("the creator of a sealed proposal sees the audience of an invitation to an address without an account", async () => {
    const sealed = await t.services.timelines.create(t.services.access.viewer(u.A!.id), {
      title: "Sealed",
      collaboratorEmail: u.z!.email,
      privacy: Privacy.SEMI_PRIVATE,
    });
    const invite = await t.services.timelines.create(t.services.access.viewer(u.A!.id), {
      title: "Invite",
      collaboratorEmail: "someone-new@example.com",
      privacy: Privacy.SEMI_PRIVATE,
    });
    expect(sealed.collaboratorSealed).toBe(true);
    for (const privacy of Object.values(Privacy)) {
      const a = await audienceOf(agentA, sealed.id, privacy);
      expect(a).toEqual(await audienceOf(agentA, invite.id, privacy));
      expect(a.known.map((k: Json) => k.id)).not.toContain(u.z!.id);
    }
    // the invitee sees both sides
    const z = await signInAs(t, u.z!);
    expect((await audienceOf(z, sealed.id, Privacy.SEMI_PRIVATE)).count).toBeGreaterThan(0);
  });

  it("refuses bad input with the product's messages", async () => {
    const bad = async (vars: Record<string, unknown>) => {
      const r = await gql(agentA, PREVIEW, { p: "PUBLIC", ...vars });
      return { code: errorCode(r), message: r.errors?.[0]?.message };
    };
    expect(await bad({ email: "not an address" })).toEqual({
      code: "BAD_USER_INPUT",
      message: "Please enter a valid e-mail address for your collaborator",
    });
    expect(await bad({ id: "7d3a4b1e-0000-4000-8000-000000000001" })).toEqual({
      code: "BAD_USER_INPUT",
      message: "Collaborator not found",
    });
    expect(await bad({ id: u.A!.id })).toEqual({
      code: "BAD_USER_INPUT",
      message: "You can't create a timeline with yourself",
    });
    expect(await bad({ email: u.A!.email })).toEqual({
      code: "BAD_USER_INPUT",
      message: "You can't create a timeline with yourself",
    });
  });
});
