import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { createTimeline, createUser } from "../factories/index.js";
import { concretePath, registeredRoutes, topLevelIndex } from "../helpers/routes.js";
import { signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const EVIL = { Origin: "https://evil.example", "Content-Type": "text/plain" };
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** docs/decisions/017-hostile-input.md: one origin guard in front of every state-changing route. */
describe("the origin guard", () => {
  let t: TestApp;
  let proposer: User;
  let invitee: User;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    proposer = await createUser(t.ds);
    invitee = await createUser(t.ds);
    agent = await signInAs(t, invitee);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: string, url: string) =>
    (agent as unknown as Record<string, (u: string) => ReturnType<Agent["post"]>>)[method.toLowerCase()]!(url);

  it("is mounted before every router that registers a write route", () => {
    const guard = topLevelIndex(t.app, "originGuard");
    expect(guard).toBeGreaterThanOrEqual(0);
    const writes = registeredRoutes(t.app).filter((r) => WRITES.has(r.method));
    // the §7 write paths, at least: the walk must find them, or it proves nothing
    expect(writes.length).toBeGreaterThanOrEqual(15);
    expect(writes.map((r) => `${r.method} ${r.path}`)).toContain("POST /api/timelines/:id/accept");
    const unguarded = writes.filter((r) => r.topIndex <= guard).map((r) => `${r.method} ${r.path}`);
    expect(unguarded).toEqual([]);
  });

  /**
   * The one exception (docs/decisions/035-presence.md): RFC 8058 one-click unsubscribe is POSTed by
   * mail clients without Origin, as a form; it needs its own signed single-purpose token.
   */
  const ONE_CLICK = "POST /api/digest/unsubscribe";
  const guarded = () =>
    registeredRoutes(t.app).filter((r) => WRITES.has(r.method) && `${r.method} ${r.path}` !== ONE_CLICK);

  it("lets only the one-click unsubscribe through, and it does nothing without its token", async () => {
    expect(registeredRoutes(t.app).map((r) => `${r.method} ${r.path}`)).toContain(ONE_CLICK);
    const res = await agent.post("/api/digest/unsubscribe").set(EVIL).type("form").send("List-Unsubscribe=One-Click");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "This unsubscribe link is not valid" });
  });

  it("refuses every registered write route from another origin with 403 {error}", async () => {
    const writes = guarded();
    for (const r of writes) {
      const res = await send(r.method, concretePath(r.path, randomUUID())).set(EVIL).send('{"title":"x"}');
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(res.body, `${r.method} ${r.path}`).toEqual({ error: "Cross-site request refused" });
    }
  });

  it("refuses every registered write route without Origin and Sec-Fetch-Site, and a form body from our own origin", async () => {
    const writes = guarded();
    for (const r of writes) {
      const url = concretePath(r.path, randomUUID());
      const bare = await send(r.method, url).unset("Origin").unset("Sec-Fetch-Site").send({});
      expect(bare.status, `${r.method} ${r.path} without Origin`).toBe(403);
      const form = await send(r.method, url).type("form").send("title=x");
      expect(form.status, `${r.method} ${r.path} as a form`).toBe(403);
      expect(form.body.error).toBe("Content-Type must be application/json or multipart/form-data");
    }
  });

  it("refuses a cross-site GraphQL mutation with 403 in GraphQL's shape", async () => {
    const res = await agent
      .post("/graphql")
      .set({ Origin: "https://evil.example", "Content-Type": "application/json" })
      .send({ query: "mutation { markAllNotificationsRead }" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      errors: [{ message: "Cross-site request refused", extensions: { code: "FORBIDDEN" } }],
    });
  });

  it("refuses a cross-site text/plain form POST to /api/timelines/{id}/accept and leaves the proposal pending", async () => {
    const proposal = await createTimeline(t.ds, {
      createdById: proposer.id,
      collaboratorEmail: invitee.email,
      collaboratorId: invitee.id,
      status: TimelineStatus.PENDING,
    });
    const res = await agent.post(`/api/timelines/${proposal.id}/accept`).set(EVIL).send("x=y");
    expect(res.status).toBe(403);
    const row = await t.ds.getRepository(Timeline).findOneByOrFail({ id: proposal.id });
    expect(row.status).toBe(TimelineStatus.PENDING);
    // the same call from a page of the app goes through
    await agent.post(`/api/timelines/${proposal.id}/accept`).expect(200);
  });

  it("lets reads through from anywhere (GET is not state-changing)", async () => {
    const res = await agent.get("/api/users/me").set({ Origin: "https://evil.example" });
    expect(res.status).toBe(200);
  });
});
