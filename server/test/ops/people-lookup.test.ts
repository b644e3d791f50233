import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { LOOKUP_RULES } from "../../src/modules/users/people-lookup.js";
import { createTimeline, createUser } from "../factories/index.js";
import { gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const PER_MINUTE = LOOKUP_RULES[0].points;
const USER_BY = `query($i: String!) { user(identifier: $i) { id username email displayName } }`;
const SEARCH = `query($q: String!) { searchUsers(query: $q) { id username email } }`;

/** docs/decisions/017-hostile-input.md: no who-has-an-account oracle, no profile harvest. */
describe("people lookups are no oracle", () => {
  let t: TestApp;
  let me: User;
  let agent: Agent;
  let stranger: User;
  let partner: User;

  beforeAll(async () => {
    t = await createTestApp();
    me = await createUser(t.ds, { email: "me@example.com" });
    stranger = await createUser(t.ds, { email: "stranger@example.com", displayName: "Stranger" });
    partner = await createUser(t.ds, { email: "partner@example.com" });
    // a proposal still pending counts as sharing a timeline (any status)
    await createTimeline(t.ds, { createdById: partner.id, collaboratorId: me.id, status: TimelineStatus.PENDING });
    agent = await signInAs(t, me);
  });
  beforeEach(async () => {
    await t.services.users.lookupLimit.reset(me.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const filter = (query: Record<string, string | string[]>) => agent.get("/api/users/filter").query(query);

  it("GET /api/users/filter: an unknown address and a known address sharing no timeline answer identical bodies", async () => {
    const unknown = await filter({ email: "nobody-here@example.com" });
    const known = await filter({ email: "stranger@example.com" });
    expect(known.status).toBe(unknown.status);
    expect(known.text).toBe(unknown.text);
    const list = await filter({ email: JSON.stringify({ $in: ["stranger@example.com"] }) });
    const listUnknown = await filter({ email: JSON.stringify({ $in: ["nobody-here@example.com"] }) });
    expect(list.text).toBe(listUnknown.text);
    // someone sharing a (pending) timeline is found, with the address asked for
    const found = await filter({ email: "partner@example.com" }).expect(200);
    expect(found.body).toEqual([expect.objectContaining({ id: partner.id, email: "partner@example.com" })]);
  });

  it("user(identifier) and the REST paths by e-mail: an unshared known address answers like an unknown one", async () => {
    const unknown = await gql(agent, USER_BY, { i: "nobody-here@example.com" });
    const known = await gql(agent, USER_BY, { i: "stranger@example.com" });
    expect(known).toEqual(unknown);
    expect(known.data!.user).toBeNull();
    for (const path of ["/api/timelines/user/", "/api/memories/profile/", "/api/user-relationships/user/"]) {
      const a = await agent.get(path + encodeURIComponent("nobody-here@example.com"));
      const b = await agent.get(path + encodeURIComponent("stranger@example.com"));
      expect([b.status, b.text], path).toEqual([a.status, a.text]);
    }
    const shared = await gql(agent, USER_BY, { i: "partner@example.com" });
    expect(shared.data!.user).toMatchObject({ id: partner.id, email: "partner@example.com" });
  });

  it.each([
    [{ email: JSON.stringify({ $regex: "." }) }],
    [{ email: JSON.stringify({ $foo: 1 }) }],
    [{ email: JSON.stringify({ $eq: "stranger@example.com" }) }],
    [{ email: JSON.stringify({ $in: ["a@example.com"], $ne: "b@example.com" }) }],
    [{ email: JSON.stringify({ $in: "stranger@example.com" }) }],
    [{ email: JSON.stringify({ $in: [{ $gt: "" }] }) }],
    [{ email: JSON.stringify({ $ne: { $gt: "" } }) }],
    [{ email: JSON.stringify(["stranger@example.com"]) }],
    [{ email: ["a@example.com", "b@example.com"] }],
    [{ username: ["a", "b"] }],
    [{ email: "me@example.com", sort: "-created_date" }],
    [{ name: "stranger" }],
  ])("refuses %j with 400 (no condition is silently dropped)", async (query) => {
    const res = await filter(query);
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe("string");
  });

  it("refuses 2,000 addresses in $in (and 200, and 51) with a 4xx; 50 is fine", async () => {
    const many = (n: number) => JSON.stringify({ $in: Array.from({ length: n }, (_, i) => `p${i}@example.com`) });
    // 2,000 addresses do not even fit in a request line: Node refuses the headers (431) before the app runs
    const huge = await filter({ email: many(2000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const tooMany = await filter({ email: many(200) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ error: "email.$in must list 1 to 50 addresses" });
    expect((await filter({ email: many(51) })).status).toBe(400);
    expect((await filter({ email: many(50) })).status).toBe(200);
  });

  it("no e-mail address of someone sharing no timeline appears in search or filter answers", async () => {
    const search = await gql(agent, SEARCH, { q: "Stranger" });
    expect(search.data!.searchUsers).toEqual([expect.objectContaining({ id: stranger.id, email: null })]);
    const byName = await filter({ username: stranger.username }).expect(200);
    expect(byName.body[0].email).toBeNull();
    expect(JSON.stringify(byName.body)).not.toContain("stranger@example.com");
  });

  it("cuts a harvest of 2-character searches with the sign-in 429 contract (GraphQL)", async () => {
    for (let i = 0; i < 40; i++) await createUser(t.ds, { displayName: `Harvest ${i}` });
    const seen = new Set<string>();
    const answers: Json[] = [];
    for (let i = 0; i < PER_MINUTE + 5; i++) {
      const q = `${"abcdefghijklmnopqrstuvwxyz"[i % 26]}${"aeiou"[i % 5]}`;
      const r = await gql(agent, SEARCH, { q });
      answers.push(r);
      for (const u of (r.data?.searchUsers ?? []) as { id: string }[]) seen.add(u.id);
    }
    const refused = answers.filter((r) => r.errors?.[0]?.extensions?.code === "RATE_LIMITED");
    expect(refused).toHaveLength(5);
    expect(refused[0].errors[0].message).toMatch(/^Too many searches\. Please wait \d+ seconds?\.$/);
    expect(refused[0].errors[0].extensions.retryAfter).toBeGreaterThan(0);
    expect(typeof refused[0].errors[0].extensions.resetTime).toBe("string");
    expect(seen.size).toBeLessThanOrEqual(PER_MINUTE * 10);
  });

  it("limits GET /api/users/filter per account: 429 {error, message, retryAfter, resetTime} + Retry-After", async () => {
    for (let i = 0; i < PER_MINUTE; i++) await filter({ username: "someone" }).expect(200);
    const res = await filter({ username: "someone" });
    expect(res.status).toBe(429);
    expect(Object.keys(res.body).sort()).toEqual(["error", "message", "resetTime", "retryAfter"]);
    expect(res.headers["retry-after"]).toBe(String(res.body.retryAfter));
    // another account is not affected
    const other = await signInAs(t, stranger);
    await other.get("/api/users/filter").query({ username: "someone" }).expect(200);
  });
});
