import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestOutboxSecrets, resetSignInLimits, SAME_ORIGIN, sidCookie } from "../helpers/sign-in.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** Sessions around sign-in and logout (docs/sign-in-requirements.md F27–F33, H37–H38). */
describe("sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Signs `agent` in (outbox mail) and returns the sign-in response. */
  async function signInWith(agent: ReturnType<typeof request.agent>, email: string) {
    await resetSignInLimits(t, email);
    await agent.post("/api/auth/email").set(SAME_ORIGIN).send({ email }).expect(200);
    const { token } = await latestOutboxSecrets(t, email);
    return agent.post("/api/auth/verify").set(SAME_ORIGIN).send({ token }).expect(200);
  }

  it("sets the session cookie HttpOnly, SameSite=Lax, Path=/ expiring in 30 days, and nothing before sign-in", async () => {
    const agent = request.agent(t.app);
    const asked = await agent
      .post("/api/auth/email")
      .set(SAME_ORIGIN)
      .send({ email: "cookie@example.com" })
      .expect(200);
    expect((asked.headers["set-cookie"] as unknown as string[]).some((c) => c.startsWith("ks.sid="))).toBe(false);
    const { token } = await latestOutboxSecrets(t, "cookie@example.com");
    const res = await agent.post("/api/auth/verify").set(SAME_ORIGIN).send({ token }).expect(200);
    const cookies = res.headers["set-cookie"] as unknown as string[];
    const sid = cookies.find((c) => c.startsWith("ks.sid="))!;
    expect(sid).toMatch(/; HttpOnly/);
    expect(sid).toMatch(/; SameSite=Lax/);
    expect(sid).toMatch(/; Path=\//);
    const expires = Date.parse(/; Expires=([^;]+)/.exec(sid)![1]!);
    expect(Math.abs(expires - (Date.now() + 30 * 24 * 3600_000))).toBeLessThan(5_000);
    expect(sid).not.toMatch(/Domain=/i);
    // the proof cookie has done its job
    expect(cookies.find((c) => c.startsWith("ks.pending="))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("gives a new session id at sign-in; the previous id no longer authenticates", async () => {
    const agent = request.agent(t.app);
    const first = sidCookie(await signInWith(agent, "rotate@example.com"));
    const second = sidCookie(await signInWith(agent, "rotate@example.com"));
    expect(second).not.toBe(first);
    const old = await request(t.app).get("/api/auth/check-session").set("Cookie", first).expect(200);
    expect(old.body).toEqual({ isAuthenticated: false, user: null });
    const current = await request(t.app).get("/api/auth/check-session").set("Cookie", second).expect(200);
    expect(current.body.isAuthenticated).toBe(true);
  });

  it("signs out everywhere: every session of the person ends, in both APIs; nobody else's does", async () => {
    const check = async (agent: ReturnType<typeof request.agent>) =>
      (await agent.get("/api/auth/check-session").expect(200)).body.isAuthenticated as boolean;
    const [phone, laptop, tablet, other] = [1, 2, 3, 4].map(() => request.agent(t.app));
    await signInWith(phone, "everywhere@example.com");
    await signInWith(laptop, "everywhere@example.com");
    await signInWith(tablet, "everywhere@example.com");
    await signInWith(other, "someone.else@example.com");
    expect(await Promise.all([phone, laptop, tablet, other].map(check))).toEqual([true, true, true, true]);

    const res = await phone.post("/api/auth/logout-everywhere").set(SAME_ORIGIN).expect(200);
    expect(res.body).toEqual({ success: true, message: "Signed out everywhere", sessions_ended: 3 });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(await Promise.all([phone, laptop, tablet, other].map(check))).toEqual([false, false, false, true]);
    await phone.post("/api/auth/logout-everywhere").set(SAME_ORIGIN).expect(401);

    // GraphQL: the same, and signed out it is UNAUTHENTICATED
    await signInWith(phone, "everywhere@example.com");
    await signInWith(laptop, "everywhere@example.com");
    const mutation = (agent: ReturnType<typeof request.agent>) =>
      agent
        .post("/graphql")
        .set(SAME_ORIGIN)
        .set("Content-Type", "application/json")
        .send({ query: "mutation { signOutEverywhere { success sessionsEnded } }" });
    expect((await mutation(laptop)).body.data).toEqual({ signOutEverywhere: { success: true, sessionsEnded: 2 } });
    expect(await Promise.all([phone, laptop, other].map(check))).toEqual([false, false, true]);
    expect((await mutation(laptop)).body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("logs out for real: session destroyed server-side, cookie cleared, Clear-Site-Data sent, old cookie useless", async () => {
    const agent = request.agent(t.app);
    const sid = sidCookie(await signInWith(agent, "leave@example.com"));
    const gql = () =>
      request(t.app)
        .post("/graphql")
        .set(SAME_ORIGIN)
        .set("Cookie", sid)
        .set("Content-Type", "application/json")
        .send({ query: "{ me { email } }" });
    expect((await gql()).body.data.me).toEqual({ email: "leave@example.com" });

    const res = await agent.post("/api/auth/logout").set(SAME_ORIGIN).expect(200);
    expect(res.body).toEqual({ success: true, message: "Logged out" });
    expect(res.headers["clear-site-data"]).toBe('"cache"');
    expect(res.headers["cache-control"]).toBe("no-store");
    const cleared = (res.headers["set-cookie"] as unknown as string[]).find((c) => c.startsWith("ks.sid="))!;
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/; Path=\//);
    expect(cleared).toMatch(/; HttpOnly/);
    expect(cleared).toMatch(/; SameSite=Lax/);

    const replay = await request(t.app).get("/api/auth/check-session").set("Cookie", sid).expect(200);
    expect(replay.body).toEqual({ isAuthenticated: false, user: null });
    expect((await gql()).body.data.me).toBeNull();
    const id = decodeURIComponent(sid.slice("ks.sid=".length)).slice(2).split(".")[0];
    const rows = await t.ds.query(`SELECT 1 FROM "session" WHERE sid = $1`, [id]);
    expect(rows).toHaveLength(0);
  });

  it("logout without a session still answers 200", async () => {
    await request(t.app).post("/api/auth/logout").set(SAME_ORIGIN).expect(200);
  });

  it("ends a session 30 days after sign-in even with the cookie present", async () => {
    const agent = request.agent(t.app);
    await signInWith(agent, "month@example.com");
    t.clock.advance(29 * 24 * 3600_000);
    expect((await agent.get("/api/auth/check-session")).body.isAuthenticated).toBe(true);
    t.clock.advance(24 * 3600_000 + 60_000);
    expect((await agent.get("/api/auth/check-session")).body).toEqual({ isAuthenticated: false, user: null });
  });
});
