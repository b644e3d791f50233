import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/lib/logger.js";
import { createUser } from "../factories/index.js";
import { concretePath, registeredRoutes } from "../helpers/routes.js";
import { anonymous, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** An e-mail address as it may appear in a log line: typed, or percent-encoded. */
const ADDRESS = /[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/i;

/**
 * The access log never keeps an e-mail address: every route is asked with addresses in its path
 * and in the query parameters people send them in (typed and percent-encoded, signed in and
 * not), then the whole log of the run is scanned.
 */
describe("the access log", () => {
  let t: TestApp;
  let agent: Agent;
  const lines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    });
    t = await createTestApp({ deps: { logger: createLogger("info", sink) } });
    agent = await signInAs(t, await createUser(t.ds, { email: "owner@example.com" }));
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps no address from any URL of a run over every route", async () => {
    const values = ["someone@example.com", "someone%40example.com", "Some.One+tag%40Example.co.uk"];
    const query = (v: string) => `?email=${v}&collaborator=${v}&q=${v}&identifier=${v}`;
    let requests = 0;
    for (const route of registeredRoutes(t.app)) {
      const method = route.method.toLowerCase() as "get" | "post" | "put" | "delete";
      if (!["get", "post", "put", "delete"].includes(method)) continue;
      for (const value of values) {
        for (const who of [agent, anonymous(t)]) {
          await who[method](concretePath(route.path, value) + query(value)).send({});
          requests++;
        }
      }
    }
    expect(requests).toBeGreaterThan(100);
    const access = lines.filter((l) => l.includes('"req":'));
    expect(access.length).toBeGreaterThanOrEqual(requests);
    expect(access.join("\n")).toContain("[redacted]");
    expect(lines.filter((l) => ADDRESS.test(l))).toEqual([]);
  });
});
