/**
 * Several app processes starting at once on a new database (a deploy of N replicas): each runs
 * openDataSource, which migrates. One migrates, the others wait and find nothing left to do.
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import type { DataSource } from "typeorm";
import { openDataSource } from "../../src/db/data-source.js";
import { migrations } from "../../src/db/migrations/index.js";

describe("processes starting at once on an empty database", () => {
  const adminUrl = inject("pgAdminUrl");
  const name = `ks_t_${process.ppid}_start_${crypto.randomBytes(4).toString("hex")}`;
  const url = (() => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  })();
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  const opened: DataSource[] = [];

  beforeAll(() => admin(`CREATE DATABASE "${name}"`));
  afterAll(async () => {
    await Promise.all(opened.map((ds) => ds.destroy()));
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it("all of them start; every migration ran once", async () => {
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => openDataSource(url, { poolSize: 2 })));
    for (const r of results) if (r.status === "fulfilled") opened.push(r.value);
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok", "ok", "ok"]);
    const rows = (await opened[0]!.query(`SELECT name FROM migrations`)) as { name: string }[];
    expect(rows.map((r) => r.name).sort()).toEqual(migrations.map((m) => m.name).sort());
  });
});
