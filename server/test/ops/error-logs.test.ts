import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { QueryFailedError } from "typeorm";
import { createLogger, serializeError } from "../../src/lib/logger.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMedia, createUser } from "../factories/index.js";
import { signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** Everything the app logs, as lines of JSON. */
class Capture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    this.lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    cb();
  }
  get text(): string {
    return this.lines.join("\n");
  }
}

const SECRET_CAPTION = "Our first kiss under the SECRET-LIGHTHOUSE";

/**
 * Error logs never carry query parameters, request bodies or users' data. A failing INSERT is
 * provoked with a CHECK constraint the test adds: TypeORM's QueryFailedError then carries the
 * statement's parameters (the caption, the author's id) and PostgreSQL's `detail` quotes the whole
 * failing row; the log must keep the constraint's name and none of that.
 */
describe("error logs", () => {
  let t: TestApp;
  let log: Capture;
  let alice: User;
  let agent: Agent;
  let timelineId: string;

  beforeAll(async () => {
    log = new Capture();
    t = await createTestApp({ deps: { logger: createLogger("info", log) } });
    alice = await createUser(t.ds, { email: "alice.private@example.com" });
    const bob = await createUser(t.ds);
    timelineId = (await connect(t.ds, alice, bob)).id;
    await t.ds.query(
      `ALTER TABLE memories ADD CONSTRAINT ops_test_no_lighthouse CHECK (caption NOT LIKE '%SECRET-LIGHTHOUSE%')`,
    );
    agent = await signInAs(t, alice);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    log.lines = [];
  });

  function expectNoUserData(text: string) {
    expect(text).not.toContain("SECRET-LIGHTHOUSE");
    expect(text).not.toContain("alice.private@example.com");
    expect(text).not.toContain(alice.id);
    expect(text).not.toMatch(/"parameters"|"query"|"detail"|Failing row/);
  }

  it("a failed GraphQL write is logged by constraint name, without its parameters or the row", async () => {
    const media = await createMedia(t.ds, { ownerId: alice.id });
    const res = await agent
      .post("/graphql")
      .set("Content-Type", "application/json")
      .send({
        query: `mutation($in: CreateMemoryInput!) { createMemory(input: $in) { memory { id } } }`,
        variables: { in: { timelineId, mediaId: media.id, caption: SECRET_CAPTION } },
      });
    expect(res.body.errors[0]).toMatchObject({ message: "Internal server error" });
    const line = log.lines.find((l) => l.includes("unhandled GraphQL error"));
    expect(line).toBeDefined();
    const entry = JSON.parse(line!) as { err: Record<string, unknown> };
    expect(entry.err).toMatchObject({
      type: "QueryFailedError",
      errorCode: "23514",
      constraint: "ops_test_no_lighthouse",
    });
    expectNoUserData(log.text);
  });

  it("a failed REST write is logged the same way, and the request line carries no body", async () => {
    const media = await createMedia(t.ds, { ownerId: alice.id });
    const res = await agent
      .post("/api/memories")
      .send({ timeline_id: timelineId, media_id: media.id, caption: SECRET_CAPTION });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "Internal server error" });
    const line = log.lines.find((l) => l.includes("unhandled API error"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).err).toMatchObject({ errorCode: "23514", constraint: "ops_test_no_lighthouse" });
    expectNoUserData(log.text);
  });

  it("a PostgreSQL message that quotes the value (invalid input) is withheld, stack included", async () => {
    const err = await t.ds.query(`SELECT $1::uuid`, ["alice.private@example.com"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryFailedError);
    expect(String((err as Error).message)).toContain("alice.private@example.com"); // what would have leaked
    const serialized = JSON.stringify(serializeError(err));
    expect(serialized).toContain("22P02");
    expect(serialized).not.toContain("alice.private@example.com");
  });

  it("keeps a cause chain, with the same rules", () => {
    const inner = Object.assign(new Error("duplicate key"), { code: "23505", detail: "Key (email)=(a@b.c) exists" });
    const outer = new Error("could not save", { cause: inner });
    const out = serializeError(outer) as { cause: Record<string, unknown> };
    expect(out.cause).toMatchObject({ type: "Error", message: "duplicate key", errorCode: "23505" });
    expect(JSON.stringify(out)).not.toContain("a@b.c");
  });
});
