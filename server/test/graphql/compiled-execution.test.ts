import { parse } from "graphql";
import { compileQuery } from "graphql-jit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledExecution } from "../../src/graphql/compiled-execution.js";
import { getSchema } from "../../src/web/schema.js";
import { createUser } from "../factories/index.js";
import { anonymous, gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** GraphQL runs through graphql-jit, compiled once per document (docs/decisions/048-compiled-execution.md). */
describe("compiled execution", () => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    agent = await signInAs(t, await createUser(t.ds, { username: "jitperson", displayName: "Jit Person" }));
  }, 60_000);
  afterAll(async () => t.close());

  const ME = `query Me { me { username displayName } }`;

  it("compiles a document once and answers from the cached compiled query", async () => {
    expect(t.compiledDocuments.has(`\n${ME}`)).toBe(false);
    const first = await gql(agent, ME);
    expect(first).toEqual({ data: { me: { username: "jitperson", displayName: "Jit Person" } } });
    const entry = t.compiledDocuments.get(`\n${ME}`);
    expect(entry).toMatchObject({ query: expect.any(Function) }); // a graphql-jit compiled query
    expect(await gql(agent, ME)).toEqual(first);
    expect(t.compiledDocuments.get(`\n${ME}`)).toBe(entry); // not compiled again
  });

  it("keeps the resolvers' rules: the auth checker's typed error code", async () => {
    const r = await gql(anonymous(t), `{ timelines { pageInfo { hasNextPage } } }`);
    expect(r.errors).toEqual([
      expect.objectContaining({ message: expect.any(String), extensions: { code: "UNAUTHENTICATED" } }),
    ]);
  });

  it("answers variables that do not coerce as graphql-js words them: 400, BAD_USER_INPUT", async () => {
    const res = await agent
      .post("/graphql")
      .set("Content-Type", "application/json")
      .send({
        query: `query($first: Int) { timelines(first: $first) { pageInfo { hasNextPage } } }`,
        variables: { first: "ten" },
      });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        message: 'Variable "$first" got invalid value "ten"; Int cannot represent non-integer value: "ten"',
        extensions: { code: "BAD_USER_INPUT" },
      }),
    ]);
  });
});

describe("compiled execution, on its own", () => {
  const context = { userId: null };
  const run = async (execution: ReturnType<typeof compiledExecution>, source: string) => {
    const { executor } = await execution.gateway.load({
      apollo: { key: undefined, keyHash: undefined, graphRef: undefined } as never,
    });
    return executor!({ source, document: parse(source), request: { query: source }, context } as never);
  };

  it("runs a document graphql-jit refuses on graphql-js's executor, and remembers the refusal", async () => {
    const schema = await getSchema();
    let compiles = 0;
    const refusing = ((..._args: Parameters<typeof compileQuery>) => {
      compiles++;
      return { errors: [new Error("cannot compile")] };
    }) as unknown as typeof compileQuery;
    const execution = compiledExecution(schema, { compile: refusing });
    const q = `{ __typename }`;
    expect(await run(execution, q)).toEqual({ data: { __typename: "Query" } });
    expect(await run(execution, q)).toEqual({ data: { __typename: "Query" } });
    expect(compiles).toBe(1);
    expect(execution.cache.get(`\n${q}`)).toBe("not compiled");
  });

  it("keeps at most `max` compiled documents, the least recently used leaving first", async () => {
    const execution = compiledExecution(await getSchema(), { max: 2 });
    for (const q of [`{ a: __typename }`, `{ b: __typename }`, `{ c: __typename }`]) await run(execution, q);
    expect([...execution.cache.keys()].sort()).toEqual([`\n{ b: __typename }`, `\n{ c: __typename }`]);
  });
});
