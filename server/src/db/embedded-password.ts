import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** The superuser's password a cluster is made with (initdb), before `securePassword` replaces it. */
export const BOOTSTRAP_PASSWORD = "postgres";

function readPassword(file: string): string | null {
  try {
    fs.chmodSync(file, 0o600);
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/**
 * The embedded database's superuser password: random, kept in `file` (mode 600). A cluster made
 * with the fixed bootstrap password (a new one, or one made by an earlier version) gets a random
 * one first: the server is started reachable only through a socket in a private folder, the
 * password is changed there, and only then is it started on TCP. The new password is written to
 * `file.new` before the change and renamed once it is done, so a start cut short anywhere
 * finishes the change on the next start.
 */
export async function securePassword(opts: {
  file: string;
  /** Starts the server on a Unix socket in `socketDir` only (no TCP); resolves when it accepts connections. */
  startPrivately(socketDir: string): Promise<void>;
  stop(): Promise<void>;
  /** The OS user PostgreSQL runs as, who must be able to create the socket. */
  owner: { uid?: number; gid?: number };
  port: number;
}): Promise<{ password: string; changed: boolean }> {
  const done = readPassword(opts.file);
  if (done) return { password: done, changed: false };

  const pendingFile = `${opts.file}.new`;
  let password = readPassword(pendingFile);
  if (!password) {
    password = crypto.randomBytes(24).toString("base64url");
    fs.writeFileSync(pendingFile, `${password}\n`, { mode: 0o600 });
  }
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-pg-"));
  try {
    if (opts.owner.uid !== undefined) fs.chownSync(socketDir, opts.owner.uid, opts.owner.gid ?? -1);
    await opts.startPrivately(socketDir);
    try {
      await setPassword(socketDir, opts.port, [BOOTSTRAP_PASSWORD, password], password);
    } finally {
      await opts.stop();
    }
  } finally {
    fs.rmSync(socketDir, { recursive: true, force: true });
  }
  fs.renameSync(pendingFile, opts.file);
  return { password, changed: true };
}

/** Connects with the first of `tries` that works and sets the superuser's password to `password`. */
async function setPassword(socketDir: string, port: number, tries: string[], password: string): Promise<void> {
  let lastError: unknown;
  for (const current of tries) {
    const client = new pg.Client({ host: socketDir, port, user: "postgres", password: current, database: "postgres" });
    try {
      await client.connect();
    } catch (err) {
      lastError = err;
      continue;
    }
    try {
      const quoted = (await client.query<{ q: string }>(`SELECT quote_literal($1) AS q`, [password])).rows[0]!.q;
      await client.query(`ALTER ROLE postgres PASSWORD ${quoted}`);
      return;
    } finally {
      await client.end();
    }
  }
  throw new Error(
    `The embedded database refused both its old and its new password: ${(lastError as Error)?.message ?? lastError}`,
  );
}
