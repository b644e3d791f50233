import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSchema } from "../../src/web/schema.js";
import { USERNAME_RESERVED } from "../../src/modules/users/reserved-usernames.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createUser } from "../factories/index.js";
import { schemaOperations, textPaths, variablesWith } from "../helpers/graphql-operations.js";
import { concretePath, registeredRoutes } from "../helpers/routes.js";
import { gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const NUL = "a\u0000b";
const FAMILY = "👨‍👩‍👧‍👦";
/** Every text field a REST body of docs/product.md §7 carries. */
const REST_FIELDS = [
  "display_name",
  "bio",
  "username",
  "profile_photo",
  "title",
  "collaborator_email",
  "privacy",
  "caption",
  "location",
  "meaning",
  "memory_date",
  "timeline_id",
  "media_url",
  "timelineId",
  "collaboratorEmail",
  "email",
  "token",
  "code",
];
const QUERY_FIELDS = ["email", "username", "timeline_id", "sort", "q", "title"];

/** docs/decisions/017-hostile-input.md: text checked at the boundary, once, for both APIs. */
describe("text rules", () => {
  let t: TestApp;
  let me: User;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    me = await createUser(t.ds);
    await connect(t.ds, me, await createUser(t.ds));
    agent = await signInAs(t, me);
  });
  afterAll(async () => {
    await t.close();
  });

  it("REST: NUL in each text field of each write route answers 400 naming the field, never a 5xx", async () => {
    const writes = registeredRoutes(t.app).filter((r) => r.method !== "GET" && r.path.startsWith("/api/"));
    expect(writes.length).toBeGreaterThan(10);
    for (const r of writes) {
      const method = r.method.toLowerCase() as "post";
      for (const field of REST_FIELDS) {
        const res = await agent[method](concretePath(r.path, "00000000-0000-4000-8000-000000000000")).send({
          [field]: NUL,
        });
        expect(res.status, `${r.method} ${r.path} ${field}`).toBe(400);
        expect(res.body.error, `${r.method} ${r.path} ${field}`).toContain(field);
      }
    }
  });

  it("REST: NUL in each query parameter and in the path of each read route answers 400", async () => {
    const reads = registeredRoutes(t.app).filter((r) => r.method === "GET" && r.path.startsWith("/api/"));
    for (const r of reads) {
      const url = concretePath(r.path, "someone");
      for (const field of QUERY_FIELDS) {
        const res = await agent.get(url).query({ [field]: NUL });
        expect(res.status, `${r.path}?${field}`).toBe(400);
        expect(res.body.error).toContain(field);
      }
      if (r.path.includes(":")) {
        const res = await agent.get(concretePath(r.path, "a%00b"));
        expect(res.status, `${r.path} with NUL in the path`).toBe(400);
      }
    }
  });

  it("GraphQL: NUL in each String/ID argument of every operation (variables and literals) is BAD_USER_INPUT 400", async () => {
    const ops = schemaOperations(await getSchema());
    let checked = 0;
    for (const op of ops) {
      for (const target of textPaths(op)) {
        const res = await agent
          .post("/graphql")
          .set("Content-Type", "application/json")
          .send({ query: op.document, variables: variablesWith(op, target, NUL) });
        const field = target.at(-1)!;
        expect(res.status, `${op.name} ${target.join(".")}`).toBe(400);
        expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
        expect(res.body.errors[0].message).toContain(field);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    const literal = await gql(agent, `{ searchUsers(query: "a\\u0000b") { id } }`);
    expect(literal.errors![0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
    expect(literal.errors![0].message).toContain("query");
  });

  it("refuses a right-to-left override in a display name (both APIs); a newline only where text is multi-line", async () => {
    const rlo = "User A\u202egnp.exe";
    const rest = await agent.put("/api/users/me").send({ display_name: rlo });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toContain("display_name");
    const update = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { user { displayName bio } } }`;
    const graphql = await gql(agent, update, { input: { displayName: rlo } });
    expect(graphql.errors![0].extensions!.code).toBe("BAD_USER_INPUT");
    for (const ch of ["\u2066", "\u2069", "\u202a", "\u0085", "\u007f", "\u001b"]) {
      expect((await agent.put("/api/users/me").send({ display_name: `a${ch}b` })).status, JSON.stringify(ch)).toBe(400);
    }
    expect((await agent.put("/api/users/me").send({ display_name: "two\nlines" })).status).toBe(400);
    const bio = await agent.put("/api/users/me").send({ bio: "line one\nline two\twith a tab" }).expect(200);
    expect(bio.body.bio).toBe("line one\nline two\twith a tab");
  });

  it("counts user-perceived characters: 20 family emoji fit a 100-character limit, 101 characters do not", async () => {
    const res = await agent.put("/api/users/me").send({ display_name: FAMILY.repeat(20) });
    expect(res.status).toBe(200);
    expect(res.body.display_name).toBe(FAMILY.repeat(20));
    const full = await agent.put("/api/users/me").send({ display_name: FAMILY.repeat(100) });
    expect(full.status).toBe(200);
    const over = await agent.put("/api/users/me").send({ display_name: FAMILY.repeat(101) });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe("Display name must be at most 100 characters");
  });

  it("refuses reserved usernames with a clear message, and never reports them available", async () => {
    for (const name of ["admin", "root", "support", "keepsake", "graphql", "settings"]) {
      const res = await agent.put("/api/users/me").send({ username: name });
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({ error: USERNAME_RESERVED });
      expect((await agent.get(`/api/users/check-username/${name}`)).body, name).toEqual({ available: false });
    }
  });
});
