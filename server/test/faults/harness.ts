/**
 * The faults suite's tools: real server processes (src/main.ts under tsx, as children), a
 * PostgreSQL server the suite may restart, plain HTTP clients (cookies, multipart, bodies sent
 * slowly) and the figures each scenario prints.
 */
import { exec } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../../src/db/embedded-postgres.js";
import { sleep } from "../helpers/server-process.js";

export * from "../helpers/http-client.js";
export * from "../helpers/server-process.js";

export function tempDir(name: string): string {
  // Under /tmp (world-traversable): PostgreSQL runs as the `postgres` user when we are root.
  return fs.mkdtempSync(path.join(os.tmpdir(), `keepsake-faults-${name}-`));
}

/** The URL of the embedded database a server process started in `dataDir` (its password is in `pg.password`). */
export function embeddedUrl(dataDir: string, port: number): string {
  const password = fs.readFileSync(path.join(dataDir, "pg.password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

// ---- a PostgreSQL server the suite may restart ---------------------------------------------

export interface RestartableDatabase {
  /** What the server under test gets as DATABASE_URL (its own database). */
  url: string;
  /** Where it runs: "own embedded PostgreSQL" or the server of DATABASE_URL. */
  kind: string;
  /**
   * Stops and starts the server; resolves once it accepts connections again. With `kill`, the
   * server of our own is killed (SIGKILL to its postmaster) rather than stopped, and recovers
   * from its write-ahead log on the start (FAULTS_PG_RESTART_CMD does what it does).
   */
  restart(opts?: { kill?: boolean }): Promise<{ downAt: number; backAt: number }>;
  close(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * With DATABASE_URL and FAULTS_PG_RESTART_CMD set (CI: the machine's PostgreSQL server, restarted
 * by that command), a fresh database on that server. Otherwise a PostgreSQL of our own (the
 * embedded-postgres binaries in a temp folder), stopped for `outageMs` and started again: the
 * shared server of a development machine is never restarted.
 */
export async function restartableDatabase(opts: { outageMs?: number } = {}): Promise<RestartableDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  const restartCmd = process.env.FAULTS_PG_RESTART_CMD;
  if (adminUrl && restartCmd) {
    const name = `ks_faults_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    return {
      url: withDatabase(adminUrl, name),
      kind: `the server of DATABASE_URL (restarted with: ${restartCmd})`,
      restart: async () => {
        const downAt = Date.now();
        await new Promise<void>((resolve, reject) =>
          exec(restartCmd, (err, _out, stderr) => (err ? reject(new Error(`${restartCmd}: ${stderr}`)) : resolve())),
        );
        return { downAt, backAt: Date.now() };
      },
      close: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    };
  }
  const dir = tempDir("pg");
  const port = await freePort();
  let db: EmbeddedDatabase = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port });
  return {
    url: db.url,
    kind: "a PostgreSQL server of its own (embedded-postgres binaries, restartable)",
    restart: async ({ kill = false } = {}) => {
      const downAt = Date.now();
      if (kill) {
        process.kill(db.pid()!, "SIGKILL");
        await sleep(opts.outageMs ?? 3000);
        // its backends end as they notice, and free the shared memory a new server needs
        for (let attempt = 1; ; attempt++) {
          const ok = await db.restart().then(
            () => true,
            (err: unknown) => (attempt < 20 ? false : Promise.reject(err)),
          );
          if (ok) break;
          await sleep(250);
        }
      } else {
        await db.stop();
        await sleep(opts.outageMs ?? 3000);
        db = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port });
      }
      return { downAt, backAt: Date.now() };
    },
    close: async () => {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---- media files ---------------------------------------------------------------------------

/** Files under DATA_DIR/media/<top>/ (keys like "tmp/ab/<uuid>.part"). */
export function mediaFiles(dataDir: string, top: "tmp" | "originals" | "variants"): string[] {
  const root = path.join(dataDir, "media", top);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${top}/${path.relative(root, path.join(e.parentPath, e.name))}`);
}

/** Stored files no media row refers to, and rows whose files are missing. */
export async function orphans(dataDir: string, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ original_key: string; variants: Record<string, string>; attached: boolean }>(
      `SELECT original_key, variants, attached FROM media_files`,
    );
    const referenced = new Set(rows.flatMap((r) => [r.original_key, ...Object.values(r.variants ?? {})]));
    const stored = new Set([...mediaFiles(dataDir, "originals"), ...mediaFiles(dataDir, "variants")]);
    return {
      files: [...stored].filter((k) => !referenced.has(k)),
      rowsWithoutFiles: [...referenced].filter((k) => !stored.has(k)).length,
      unattachedRows: rows.filter((r) => !r.attached).length,
    };
  } finally {
    await client.end();
  }
}
