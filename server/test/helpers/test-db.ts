import crypto from "node:crypto";
import pg from "pg";
import type { DataSource } from "typeorm";
import { inject } from "vitest";
import { createDataSource } from "../../src/db/data-source.js";

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh, migrated database for one test file (a clone of the run's template). */
export async function createTestDatabase(): Promise<{ url: string; ds: DataSource; drop(): Promise<void> }> {
  const adminUrl = inject("pgAdminUrl");
  const template = inject("pgTemplate");
  const name = `ks_t_${process.ppid}_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const ds = createDataSource(url, { poolSize: 10 });
  await ds.initialize();
  return {
    url,
    ds,
    async drop() {
      if (ds.isInitialized) await ds.destroy();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
