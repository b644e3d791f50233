import pg from "pg";
import { QueryFailedError } from "typeorm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { preparedRows } from "../../src/db/prepared.js";
import { createUser } from "../factories/index.js";
import { QueryCounter } from "../helpers/query-count.js";
import { gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The hot reads and the session read as named prepared statements (server/src/db/prepared.ts,
 * docs/decisions/049-prepared-statements.md): the same rows as `ds.query`, seen by the statement
 * counter, failures as TypeORM's QueryFailedError, one name per SQL text.
 */
describe("prepared statements", () => {
  let t: TestApp;
  let agent: Agent;
  let sent: Array<{ text: string; name?: string }> = [];
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await signInAs(t, await createUser(t.ds));
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; name?: string } | undefined;
      sent.push(typeof first === "string" ? { text: first } : { text: first?.text ?? "", name: first?.name });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  });
  afterEach(() => {
    sent = [];
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t.close();
  });

  it("answers the rows ds.query answers, counted as a statement, under one name per text", async () => {
    const counter = new QueryCounter(t.ds);
    try {
      const sql = `SELECT CAST($1 AS int) + 1 AS n, CAST($2 AS uuid[]) AS ids`;
      const ids = ["00000000-0000-4000-8000-000000000001"];
      const n = await counter.measure(async () => {
        expect(await preparedRows(t.ds, sql, [1, ids])).toEqual(await t.ds.query(sql, [1, ids]));
        expect(await preparedRows(t.ds, sql, [41, ids])).toEqual([{ n: 42, ids }]);
      });
      expect(n).toBe(3); // two prepared runs and the plain ds.query
      const named = sent.filter((s) => s.text === sql && s.name);
      expect(named).toHaveLength(2);
      expect(named[0]!.name).toBe(named[1]!.name);
      await preparedRows(t.ds, `${sql} -- another text`, [1, ids]);
      expect(sent.at(-1)!.name).toMatch(/^ks_[0-9a-f]{40}$/);
      expect(sent.at(-1)!.name).not.toBe(named[0]!.name);
    } finally {
      counter.restore();
    }
  });

  it("fails as TypeORM does, with the driver's error inside", async () => {
    const failure = await preparedRows(t.ds, `SELECT CAST($1 AS uuid) AS id`, ["not-a-uuid"]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe("22P02");
    // the connection is still usable for the same statement
    expect(await preparedRows(t.ds, `SELECT CAST($1 AS uuid) AS id`, [crypto.randomUUID()])).toHaveLength(1);
  });

  it("a GraphQL read sends its session read and its rows as named statements", async () => {
    const r = await gql(agent, `{ timelines(first: 5) { edges { node { id } } } unreadNotificationCount }`);
    expect(r.errors).toBeUndefined();
    const session = sent.filter((s) => /FROM "?session"? WHERE sid/.test(s.text));
    const rows = sent.filter((s) => /FROM timelines t\b|FROM notifications\s+WHERE recipient_id/.test(s.text));
    expect(session.length).toBe(1);
    expect(rows.length).toBe(2);
    for (const s of [...session, ...rows]) expect(s.name).toMatch(/^ks_/);
  });
});
