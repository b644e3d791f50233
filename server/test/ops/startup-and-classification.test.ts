import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from "typeorm";
import { afterAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../src/db/unavailable.js";
import { LocalStorage } from "../../src/lib/local-storage.js";

describe("LocalStorage.clearTemp (run at start-up)", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-storage-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("removes the temp files an earlier process left, and nothing that was stored", async () => {
    const storage = new LocalStorage(root);
    const key = "originals/ab/ab000000-0000-4000-8000-000000000000.jpg";
    await storage.put(key, Buffer.from("a stored photo"));
    // Two half-written uploads, as a killed process leaves them.
    for (const name of [
      "12/12345678-1234-4234-8234-123456789012.part",
      "cd/cd000000-0000-4000-8000-000000000000.part",
    ]) {
      fs.mkdirSync(path.join(root, "tmp", path.dirname(name)), { recursive: true });
      fs.writeFileSync(path.join(root, "tmp", name), "half an upload");
    }
    const temp = await storage.writeTemp(Readable.from([Buffer.from("a third")]));
    expect(fs.existsSync(temp.path)).toBe(true);

    expect(await storage.clearTemp()).toBe(3);
    const left: string[] = [];
    for await (const f of storage.list()) left.push(f.key);
    expect(left).toEqual([key]);
  });
});

describe("isDatabaseUnavailable", () => {
  const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });
  const failed = (driverError: Error) => new QueryFailedError("SELECT 1", [], driverError);

  it.each([
    ["a refused connection", pgError("ECONNREFUSED")],
    ["the server shutting down (57P01) inside TypeORM's QueryFailedError", failed(pgError("57P01"))],
    ["the server starting up (57P03)", pgError("57P03")],
    ["too many connections (53300)", pgError("53300")],
    ["a connection exception (08006)", pgError("08006")],
    ["pg's uncoded 'Connection terminated unexpectedly'", new Error("Connection terminated unexpectedly")],
    ["a transaction whose connection died mid-request", new QueryRunnerAlreadyReleasedError()],
    ["a transaction's manager whose connection died mid-request", new QueryRunnerProviderAlreadyReleasedError()],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["every address refused (AggregateError)", new AggregateError([pgError("ECONNREFUSED"), pgError("ECONNREFUSED")])],
    ["a refused connection as the cause", new Error("could not load", { cause: pgError("ECONNRESET") })],
  ])("is true for %s", (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", failed(pgError("23505"))],
    ["invalid input syntax (22P02)", failed(pgError("22P02"))],
    ["an undefined column (42703)", failed(pgError("42703"))],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("is false for %s", (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
