import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import { openDataSource, poolOf } from "../../server/src/db/data-source.js";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/src/db/embedded-postgres.js";

export interface BenchDb {
  /** Temp DATA_DIR of this run (embedded database under pg/, media, outbox). */
  dataDir: string;
  embedded: EmbeddedDatabase;
  /** postgres://… of the embedded server's maintenance database. */
  url: string;
  /** Creates (if needed), migrates and opens a database on the embedded server. */
  open(name: string, opts?: { poolSize?: number }): Promise<DataSource>;
  stop(): Promise<void>;
}

/** A fresh embedded PostgreSQL in a temp DATA_DIR (removed by stop() unless keep). */
export async function startBenchDb(opts: { keep?: boolean; dataDir?: string } = {}): Promise<BenchDb> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-bench-"));
  const embedded = await startEmbeddedPostgres({ dir: path.join(dataDir, "pg") });
  const url = embedded.url;
  const opened: DataSource[] = [];
  return {
    dataDir,
    embedded,
    url,
    async open(name, o = {}) {
      const admin = await openDataSourceRaw(url);
      const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
      if (!exists.length) await admin.query(`CREATE DATABASE "${name}"`);
      await admin.destroy();
      const ds = await openDataSource(url.replace(/\/[^/]*$/, `/${name}`), { poolSize: o.poolSize });
      opened.push(ds);
      return ds;
    },
    async stop() {
      for (const ds of opened) if (ds.isInitialized) await ds.destroy().catch(() => undefined);
      await embedded.stop().catch(() => undefined);
      if (!opts.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openDataSourceRaw(url: string) {
  const { createDataSource } = await import("../../server/src/db/data-source.js");
  const ds = createDataSource(url, { poolSize: 1 });
  await ds.initialize();
  return ds;
}

export { poolOf };
