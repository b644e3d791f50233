import fs from "node:fs";
import request from "supertest";
import { SAME_ORIGIN } from "../helpers/sign-in.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories/index.js";
import { fixture } from "../helpers/fixtures.js";
import { signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** Malformed requests to /graphql are the caller's fault: 400 with a GraphQL error code, never a 5xx. */
describe("bad requests at /graphql", () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await signInAs(t, await createUser(t.ds));
  });
  afterAll(async () => {
    await t.close();
  });

  it("a multipart body without a session answers 401 UNAUTHENTICATED before it is read", async () => {
    const res = await request(t.app)
      .post("/graphql")
      .set(SAME_ORIGIN)
      .set("Apollo-Require-Preflight", "true")
      .field("operations", "{}");
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions).toEqual({ code: "UNAUTHENTICATED" });
  });

  it("a multipart body with no operations, map or files (curl -F a=b) answers 400 BAD_REQUEST", async () => {
    const res = await agent.post("/graphql").set("Apollo-Require-Preflight", "true").field("a", "b");
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions).toEqual({ code: "BAD_REQUEST" });
  });

  it("a multipart body whose map names a file that was not sent answers 400 BAD_REQUEST", async () => {
    const res = await agent
      .post("/graphql")
      .set("Apollo-Require-Preflight", "true")
      .field(
        "operations",
        JSON.stringify({
          query: "mutation($f: Upload) { updateProfile(input: { photo: $f }) { user { id } } }",
          variables: { f: null },
        }),
      )
      .field("map", JSON.stringify({ 0: ["variables.f"] }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: "File missing in the request.",
      extensions: { code: "BAD_REQUEST" },
    });
  });

  it("multipart fields in the wrong order answer 400 BAD_REQUEST", async () => {
    const res = await agent
      .post("/graphql")
      .set("Apollo-Require-Preflight", "true")
      .field("map", "{}")
      .field("operations", "{}");
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("BAD_REQUEST");
  });

  it("a query over the 2,000-token limit answers 400 with a GraphQL error code", async () => {
    const query = `{ ${Array.from({ length: 800 }, (_, i) => `a${i}: me { id }`).join(" ")} }`;
    const res = await agent.post("/graphql").set("Content-Type", "application/json").send({ query });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: "Syntax Error: Token limit of 2000 exceeded.",
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
  });

  it("a JSON body that does not parse answers 400 BAD_REQUEST in GraphQL's shape", async () => {
    const res = await request(t.app)
      .post("/graphql")
      .set(SAME_ORIGIN)
      .set("Content-Type", "application/json")
      .send('{"query": ');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("BAD_REQUEST");
  });

  it("a subscription answers 400 GRAPHQL_VALIDATION_FAILED: the API has none", async () => {
    const res = await agent
      .post("/graphql")
      .set("Content-Type", "application/json")
      .send({ query: "subscription { me { id } }" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: "This API has no subscription operations.",
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
  });

  it("an upload whose body ends inside the file answers 400 BAD_REQUEST, not an internal error", async () => {
    const boundary = "----truncated";
    const part = (headers: string, data: string | Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(data), Buffer.from("\r\n")]);
    const operations = JSON.stringify({
      query: "mutation($f: Upload) { updateProfile(input: { photo: $f }) { user { id } } }",
      variables: { f: null },
    });
    const png = fs.readFileSync(fixture("photo-portrait.png"));
    const body = Buffer.concat([
      part('Content-Disposition: form-data; name="operations"', operations),
      part('Content-Disposition: form-data; name="map"', JSON.stringify({ 0: ["variables.f"] })),
      // the file part, cut off half-way: no end of the file, no closing boundary
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="p.png"\r\n\r\n`),
      png.subarray(0, png.length / 2),
    ]);
    const res = await agent
      .post("/graphql")
      .set("Apollo-Require-Preflight", "true")
      .set("Content-Type", `multipart/form-data; boundary=${boundary}`)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: "The upload could not be read. Please try again.",
      extensions: { code: "BAD_REQUEST" },
    });
  });
});
