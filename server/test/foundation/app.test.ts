import fs from "node:fs";
import { SAME_ORIGIN } from "../helpers/sign-in.js";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

describe("the app shell", () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-dist-"));
    fs.mkdirSync(path.join(dist, "assets"), { recursive: true });
    fs.writeFileSync(path.join(dist, "index.html"), "<html>app shell</html>");
    fs.writeFileSync(path.join(dist, "landing.html"), "<html>landing</html>");
    fs.writeFileSync(path.join(dist, "assets", "main-abc.js"), "console.log(1)");
    t = await createTestApp({ deps: { clientDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("answers /livez without I/O and /readyz with a database round trip", async () => {
    await request(t.app).get("/livez").expect(200, { status: "ok" });
    await request(t.app).get("/readyz").expect(200, { status: "ok" });
  });

  it("answers /readyz with 503 while shutting down", async () => {
    t.health.shuttingDown = true;
    try {
      await request(t.app).get("/readyz").expect(503);
    } finally {
      t.health.shuttingDown = false;
    }
  });

  it("sets security headers and a request id", async () => {
    const res = await request(t.app).get("/livez");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("serves the client with history fallback for client routes", async () => {
    const app = await request(t.app).get("/app/timelines").expect(200);
    expect(app.text).toContain("app shell");
    const landing = await request(t.app).get("/").expect(200);
    expect(landing.text).toContain("landing");
    const asset = await request(t.app).get("/assets/main-abc.js").expect(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    await request(t.app).get("/assets/missing.js").expect(404);
  });

  it("never falls back to the client for /api, /graphql or /media", async () => {
    const api = await request(t.app).get("/api/nothing-here").expect(404);
    expect(api.body).toEqual({ error: "Not found" });
    const media = await request(t.app).get("/media/nothing");
    expect(media.status).toBe(404);
    expect(media.text).not.toContain("app shell");
  });

  it("answers GraphQL with the signed-out user as null", async () => {
    const res = await request(t.app)
      .post("/graphql")
      .set(SAME_ORIGIN)
      .set("Content-Type", "application/json")
      .send({ query: "{ me { id } }" })
      .expect(200);
    expect(res.body).toEqual({ data: { me: null } });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("blocks a text/plain GraphQL POST (the origin guard, before Apollo's CSRF prevention)", async () => {
    const res = await request(t.app)
      .post("/graphql")
      .set(SAME_ORIGIN)
      .set("Content-Type", "text/plain")
      .send('{"query":"{ me { id } }"}');
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });

  it("keeps Apollo's CSRF prevention for a same-origin GET of an operation without the preflight header", async () => {
    const res = await request(t.app).get("/graphql?query=%7B%20me%20%7B%20id%20%7D%20%7D");
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/CSRF/);
  });

  it("refuses a query with too many aliases", async () => {
    const aliases = "{ " + Array.from({ length: 30 }, (_, i) => `a${i}: me { id }`).join(" ") + " }";
    const res = await request(t.app)
      .post("/graphql")
      .set(SAME_ORIGIN)
      .set("Content-Type", "application/json")
      .send({ query: aliases });
    expect(JSON.stringify(res.body)).toMatch(/alias/i);
  });
});
