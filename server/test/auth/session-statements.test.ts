import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories/index.js";
import { anonymous, gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * What the session costs a request (docs/decisions/002-sign-in-safety.md, sessions;
 * docs/decisions/028-fast-graphql-path.md): at most one indexed read of the `session` table, no
 * write (no touch, no resave, no rolling cookie), and nothing at all for a request without a
 * session cookie. Every statement any pg client sends is seen here (the session store uses the
 * pool directly, outside TypeORM).
 */
describe("session statements per request", () => {
  let t: TestApp;
  let agent: Agent;
  let sessionSql: string[] = [];
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await signInAs(t, await createUser(t.ds));
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === "string" ? first : (first?.text ?? "");
      if (/"?session"?/i.test(text) && /\b(from|update|into|delete from)\s+"?session"?/i.test(text))
        sessionSql.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  });
  afterEach(() => {
    sessionSql = [];
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t.close();
  });

  const expireOf = async () =>
    ((await t.ds.query(`SELECT expire FROM "session"`)) as Array<{ expire: Date }>).map((r) => r.expire.getTime());

  it("a signed-in read makes one read of the session row and writes nothing", async () => {
    await gql(agent, `{ me { id } unreadNotificationCount }`); // warm-up
    const before = await expireOf();
    sessionSql = [];
    for (let i = 0; i < 3; i++) {
      const r = await gql(agent, `{ me { id } unreadNotificationCount }`);
      expect(r.errors).toBeUndefined();
      expect(r.data?.me).not.toBeNull();
    }
    await agent.get("/api/notifications/unread-count").expect(200);
    expect(sessionSql).toHaveLength(4);
    for (const s of sessionSql) expect(s).toMatch(/^\s*SELECT/i);
    expect(await expireOf()).toEqual(before);
  });

  it("a request without a session cookie does not touch the session table", async () => {
    const r = await gql(anonymous(t), `{ me { id } }`);
    expect(r.data?.me).toBeNull();
    await anonymous(t).get("/api/notifications/unread-count").expect(401);
    await anonymous(t).get("/livez").expect(200);
    expect(sessionSql).toEqual([]);
  });
});
