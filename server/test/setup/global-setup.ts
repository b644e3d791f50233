/**
 * One PostgreSQL for the whole run: DATABASE_URL when set (a real server, as in CI's second
 * pass), else an embedded one in a temp dir. A migrated template database is made once; each
 * test file clones it (CREATE DATABASE … TEMPLATE), so files run in parallel in isolation.
 */
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDataSource } from "../../src/db/data-source.js";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../src/db/embedded-postgres.js";
import { startTestS3, type TestS3 } from "../helpers/s3-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    /** With TEST_STORAGE=s3: the in-process S3 server's settings (each test app gets its own bucket). */
    s3Env: Record<string, string> | null;
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-test-"));
    embedded = await startEmbeddedPostgres({ dir: path.join(dir, "pg") });
    adminUrl = embedded.url;
  }
  const template = `ks_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const ds = await openDataSource(withDatabase(adminUrl, template), { poolSize: 2 });
  await ds.destroy();
  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);
  // TEST_STORAGE=s3 runs the whole suite with media in an S3 bucket (CI does, on its second pass).
  const s3: TestS3 | null = process.env.TEST_STORAGE === "s3" ? await startTestS3("keepsake-suite") : null;
  project.provide("s3Env", s3?.env ?? null);

  return async () => {
    if (process.env.DATABASE_URL) {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`ks_t_${process.pid}_%`, template],
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    }
    await admin.end();
    await s3?.close();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
