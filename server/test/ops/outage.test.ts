import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import type { DataSource } from "typeorm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { parseEnv } from "../../src/config/env.js";
import { createDataSource } from "../../src/db/data-source.js";
import { FakeClock } from "../../src/lib/clock.js";
import { createLogger } from "../../src/lib/logger.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMemory, createNotification, createUser } from "../factories/index.js";
import { SAME_ORIGIN } from "../helpers/sign-in.js";
import { signInAs, type Agent } from "../helpers/sign-in-as.js";
import type { TestApp } from "../helpers/test-app.js";
import { createTestDatabase } from "../helpers/test-db.js";
import { startDbProxy, type DbProxy } from "./db-proxy.js";

/** The statement the access policy reads a timeline's visibility facts with (modules/access). */
const ACCESS_FACTS_SQL = "FROM timelines WHERE id = ANY($1::uuid[])";
/** The hot reads that carry those facts in the same statement (docs/decisions/028-fast-graphql-path.md). */
const TIMELINE_ROWS_SQL = "FROM timelines t";
const NOTICE_ROWS_SQL = "FROM notifications n";
const UNAVAILABLE = "The service is temporarily unavailable. Please try again in a moment.";

/**
 * Outages tell the truth: with the database out of reach, every API answers 503 with
 * `Retry-After` (GraphQL: SERVICE_UNAVAILABLE), never 404, an empty list, a null or a 500; and
 * the same app answers normally once the database is back, without a restart.
 * The app's pool reaches its database through a TCP proxy the test can cut (see db-proxy.ts).
 */
describe("when the database cannot be reached", () => {
  let t: TestApp;
  let proxy: DbProxy;
  let appDs: DataSource;
  let drop: () => Promise<void>;
  let alice: User;
  let bob: User;
  let aliceAgent: Agent;
  let timelineId: string;
  let memoryId: string;
  let mediaUrl: string;

  beforeAll(async () => {
    const db = await createTestDatabase();
    proxy = await startDbProxy(db.url);
    appDs = createDataSource(proxy.url, { poolSize: 4 });
    await appDs.initialize();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-outage-"));
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      APP_URL: "http://keepsake.test",
      SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    });
    const clock = new FakeClock(new Date());
    const app = await createApp({
      ds: appDs,
      env,
      logger: createLogger("silent"),
      clock,
      clientDist: path.join(dataDir, "no-client"),
    });
    t = { ...app, ds: appDs, env, clock, dataDir, close: async () => undefined };
    drop = async () => {
      await app.stop();
      await proxy.close();
      if (appDs.isInitialized) await appDs.destroy().catch(() => undefined);
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };

    alice = await createUser(db.ds, { email: "alice@example.com" });
    bob = await createUser(db.ds);
    const timeline = await connect(db.ds, alice, bob);
    timelineId = timeline.id;
    const memory = await createMemory(db.ds, { timelineId, createdById: alice.id });
    memoryId = memory.id;
    mediaUrl = app.services.media.signedUrl(memory.mediaId!, "display");
    await createNotification(db.ds, { recipientId: alice.id, relatedTimelineId: timelineId });
    await db.ds.destroy();
    aliceAgent = await signInAs(t, alice);
  });
  afterAll(async () => {
    await drop();
  });
  afterEach(async () => {
    await proxy.restore().catch(() => undefined); // each test starts with the database reachable
  });

  function expectUnavailable(res: request.Response) {
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
  }
  const gql = (agent: Agent, query: string, variables: Record<string, unknown> = {}) =>
    agent.post("/graphql").set("Content-Type", "application/json").send({ query, variables });

  describe("for one query (a connection dropped mid-statement)", () => {
    it("GET /api/memories/filter answers 503, not 404 'Timeline not found', then the memories", async () => {
      proxy.dropOnce(TIMELINE_ROWS_SQL);
      const res = await aliceAgent.get(`/api/memories/filter?timeline_id=${timelineId}`);
      expect(proxy.dropped).toBeGreaterThan(0);
      expectUnavailable(res);
      expect(res.body).toEqual({ error: UNAVAILABLE, retryAfter: 5 });

      const after = await aliceAgent.get(`/api/memories/filter?timeline_id=${timelineId}`).expect(200);
      expect(after.body.map((m: { id: string }) => m.id)).toEqual([memoryId]);
    });

    it("GraphQL memory(id) answers SERVICE_UNAVAILABLE with HTTP 503, not a null memory", async () => {
      proxy.dropOnce(ACCESS_FACTS_SQL);
      const res = await gql(aliceAgent, `query($id: ID!) { memory(id: $id) { id } }`, { id: memoryId });
      expectUnavailable(res);
      expect(res.body.errors[0]).toMatchObject({ message: UNAVAILABLE, extensions: { code: "SERVICE_UNAVAILABLE" } });

      const after = await gql(aliceAgent, `query($id: ID!) { memory(id: $id) { id } }`, { id: memoryId });
      expect(after.status).toBe(200);
      expect(after.body).toEqual({ data: { memory: { id: memoryId } } });
    });

    it("GraphQL notifications answers 503, not an empty list", async () => {
      proxy.dropOnce(NOTICE_ROWS_SQL);
      const res = await gql(aliceAgent, `{ notifications { edges { node { id } } } unreadNotificationCount }`);
      expect(proxy.dropped).toBeGreaterThan(0);
      expectUnavailable(res);
      expect(res.body.errors[0].extensions.code).toBe("SERVICE_UNAVAILABLE");

      const after = await gql(aliceAgent, `{ notifications { edges { node { id } } } unreadNotificationCount }`);
      expect(after.body.data.notifications.edges).toHaveLength(1);
      expect(after.body.data.unreadNotificationCount).toBe(1);
    });

    it("GET /media answers 503, not 404 (the access check failed, not the viewer)", async () => {
      proxy.dropOnce(ACCESS_FACTS_SQL);
      expectUnavailable(await aliceAgent.get(mediaUrl));
    });
  });

  describe("at all (the server is down)", () => {
    it("the session store: REST and GraphQL with a session cookie answer 503, never 500", async () => {
      await proxy.cut();
      const rest = await aliceAgent.get("/api/users/me");
      expectUnavailable(rest);
      expect(rest.body.error).toBe(UNAVAILABLE);

      const graphql = await gql(aliceAgent, `{ me { id } }`);
      expectUnavailable(graphql);
      expect(graphql.body).toEqual({ errors: [{ message: UNAVAILABLE, extensions: { code: "SERVICE_UNAVAILABLE" } }] });

      expectUnavailable(await aliceAgent.get(mediaUrl));
    });

    it("the rate limiter: a sign-in link request answers 503, not 500 or 429", async () => {
      await proxy.cut();
      const rest = await request(t.app).post("/api/auth/email").set(SAME_ORIGIN).send({ email: "carol@example.com" });
      expectUnavailable(rest);
      expect(rest.body.error).toBe(UNAVAILABLE);

      const graphql = await request(t.app)
        .post("/graphql")
        .set(SAME_ORIGIN)
        .set("Content-Type", "application/json")
        .send({
          query: `mutation($e: String!) { requestSignInLink(input: { email: $e }) { message } }`,
          variables: { e: "carol@example.com" },
        });
      expectUnavailable(graphql);
      expect(graphql.body.errors[0].extensions.code).toBe("SERVICE_UNAVAILABLE");
    });

    it("/readyz answers 503 with Retry-After while down and 200 once the database is back", async () => {
      await proxy.cut();
      const down = await request(t.app).get("/readyz");
      expectUnavailable(down);
      expect(down.body).toEqual({ status: "database unavailable" });
      await proxy.restore();
      await request(t.app).get("/readyz").expect(200, { status: "ok" });
    });

    it("recovers by itself: the same app answers everything again once the database is back", async () => {
      await proxy.cut();
      expectUnavailable(await aliceAgent.get(`/api/timelines/${timelineId}`));
      await proxy.restore();
      const rest = await aliceAgent.get(`/api/timelines/${timelineId}`).expect(200);
      expect(rest.body.id).toBe(timelineId);
      const graphql = await gql(aliceAgent, `{ me { id } timelines { edges { node { id } } } }`);
      expect(graphql.body).toEqual({
        data: { me: { id: alice.id }, timelines: { edges: [{ node: { id: timelineId } }] } },
      });
    });
  });
});
