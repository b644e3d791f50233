import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/entities/user.entity.js";
import { createMemory, createUser } from "../factories/index.js";
import { gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const CREATE = `mutation($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline {
  title status privacy isParticipant canRespond collaboratorEmail collaborator { id displayName email } } } }`;
const USER_BY = `query($i: String!) { user(identifier: $i) { id email } }`;

/** Everything in an answer that differs between two proposals for reasons other than the invitee. */
function comparable(body: Record<string, Json>): Record<string, Json> {
  const { _id, id, title, collaborator_email, last_activity, created_at, created_date, ...rest } = body;
  void [_id, id, title, collaborator_email, last_activity, created_at, created_date];
  return rest;
}

/**
 * docs/decisions/017-hostile-input.md, "Inviting by e-mail": a proposal by e-mail works for
 * addresses with and without an account, and nothing the creator gets back tells which it was.
 */
describe("inviting by e-mail is no oracle", () => {
  let t: TestApp;
  let ann: User;
  let cara: User;
  let annA: Agent;
  let caraA: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.ds, { displayName: "Ann", email: "ann@example.com" });
    cara = await createUser(t.ds, { displayName: "Cara", email: "cara@example.com" });
    annA = await signInAs(t, ann);
    caraA = await signInAs(t, cara);
  });
  afterAll(() => t.close());

  it("REST: the answers for an address with an account and one without are the same shape and values", async () => {
    const known = await annA
      .post("/api/timelines")
      .send({ title: "A", collaborator_email: "cara@example.com", privacy: "private" })
      .expect(201);
    const unknown = await annA
      .post("/api/timelines")
      .send({ title: "B", collaborator_email: "nobody-yet@example.com", privacy: "private" })
      .expect(201);
    expect(comparable(known.body)).toEqual(comparable(unknown.body));
    expect(known.body).toMatchObject({
      collaborator_id: null,
      collaborator_user: null,
      collaborator_email: "cara@example.com",
    });

    // and the creator's own list says no more than the answer did
    const own = await annA.get("/api/timelines").expect(200);
    const rows = own.body as Record<string, Json>[];
    const a = rows.find((r) => r.id === known.body.id)!;
    const b = rows.find((r) => r.id === unknown.body.id)!;
    expect(comparable(a)).toEqual(comparable(b));
  });

  it("GraphQL: the same, and the address still answers lookups like an unknown one", async () => {
    const known = await gql(annA, CREATE, {
      input: { title: "C", collaboratorEmail: "cara@example.com", privacy: "PUBLIC" },
    });
    const unknown = await gql(annA, CREATE, {
      input: { title: "C", collaboratorEmail: "still-nobody@example.com", privacy: "PUBLIC" },
    });
    expect(known.errors).toBeUndefined();
    const k = known.data!.createTimeline.timeline;
    const u = unknown.data!.createTimeline.timeline;
    expect({ ...k, collaboratorEmail: null }).toEqual({ ...u, collaboratorEmail: null });
    expect(k.collaborator).toBeNull();

    // a sealed proposal does not make Ann and Cara "people who share a timeline" for lookups
    const byAddress = await gql(annA, USER_BY, { i: "cara@example.com" });
    expect(byAddress).toEqual(await gql(annA, USER_BY, { i: "still-nobody@example.com" }));
    const filtered = await annA.get("/api/users/filter").query({ email: "cara@example.com" }).expect(200);
    expect(filtered.body).toEqual([]);
  });

  it("the creator's memories in a sealed proposal name no partner, as with an address without an account", async () => {
    const known = await annA
      .post("/api/timelines")
      .send({ title: "D", collaborator_email: "cara@example.com", privacy: "private" })
      .expect(201);
    const unknown = await annA
      .post("/api/timelines")
      .send({ title: "E", collaborator_email: "not-here@example.com", privacy: "private" })
      .expect(201);
    const answers = [];
    for (const timeline of [known, unknown]) {
      const m = await createMemory(t.ds, { timelineId: timeline.body.id as string, createdById: ann.id });
      const rest = await annA.get(`/api/memories/${m.id}`).expect(200);
      const graph = await gql(annA, `query($id: ID!) { memory(id: $id) { partner { id } canWritePartnerMeaning } }`, {
        id: m.id,
      });
      answers.push({ partner_user: rest.body.partner_user, graph: graph.data });
    }
    expect(answers[0]).toEqual({
      partner_user: null,
      graph: { memory: { partner: null, canWritePartnerMeaning: false } },
    });
    expect(answers[0]).toEqual(answers[1]);
  });

  it("the invitee with an account gets the proposal, and once they accept the creator sees them", async () => {
    const created = await annA
      .post("/api/timelines")
      .send({ title: "Our summer", collaborator_email: "CARA@example.com", privacy: "semi-private" })
      .expect(201);
    const id = created.body.id as string;

    const mine = await caraA.get("/api/timelines").expect(200);
    const proposal = (mine.body as Record<string, Json>[]).find((r) => r.id === id)!;
    expect(proposal).toMatchObject({ status: "pending", can_respond: true, collaborator_id: cara.id });
    const updates = await caraA.get("/api/notifications").expect(200);
    expect(JSON.stringify(updates.body)).toContain('Ann invited you to share the timeline \\"Our summer\\"');

    await caraA.post(`/api/timelines/${id}/accept`).expect(200);
    const after = await annA.get(`/api/timelines/${id}`).expect(200);
    expect(after.body).toMatchObject({ status: "accepted", collaborator_id: cara.id });
    expect(after.body.collaborator_user).toMatchObject({ id: cara.id, display_name: "Cara" });
  });

  it("to someone already shared with, the creator learns nothing new and sees them at once", async () => {
    // Ann and Cara now share the accepted "Our summer": a new proposal by address is not sealed
    const r = await gql(annA, CREATE, {
      input: { title: "More", collaboratorEmail: "cara@example.com", privacy: "PRIVATE" },
    });
    expect(r.data!.createTimeline.timeline.collaborator).toMatchObject({ id: cara.id, email: "cara@example.com" });
  });
});
