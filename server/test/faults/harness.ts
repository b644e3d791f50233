/**
 * The faults suite's tools: real server processes (src/main.ts under tsx, as children), a
 * PostgreSQL server the suite may restart, plain HTTP clients (cookies, multipart, bodies sent
 * slowly) and the figures each scenario prints.
 */
import { exec, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { simpleParser } from "mailparser";
import pg from "pg";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../../src/db/embedded-postgres.js";
import { signInSecrets } from "../helpers/mail-catcher.js";

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PHOTO = fs.readFileSync(path.join(SERVER_DIR, "test/fixtures/photo-plain.jpg"));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function tempDir(name: string): string {
  // Under /tmp (world-traversable): PostgreSQL runs as the `postgres` user when we are root.
  return fs.mkdtempSync(path.join(os.tmpdir(), `keepsake-faults-${name}-`));
}

// ---- the figures --------------------------------------------------------------------------

/** Prints one scenario's figures as an aligned block (vitest shows it under the test). */
export function report(title: string, rows: Array<[string, string | number]>): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  console.log(`\n${title}\n${lines.join("\n")}\n`);
}

// ---- a PostgreSQL server the suite may restart ---------------------------------------------

export interface RestartableDatabase {
  /** What the server under test gets as DATABASE_URL (its own database). */
  url: string;
  /** Where it runs: "own embedded PostgreSQL" or the server of DATABASE_URL. */
  kind: string;
  /** Stops and starts the server; resolves once it accepts connections again. */
  restart(): Promise<{ downAt: number; backAt: number }>;
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
    restart: async () => {
      const downAt = Date.now();
      await db.stop();
      await sleep(opts.outageMs ?? 3000);
      db = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port });
      return { downAt, backAt: Date.now() };
    },
    close: async () => {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---- server processes ----------------------------------------------------------------------

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
  /** Everything the process printed so far. */
  output(): string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Variables of this process that must not leak into a server under test. */
const OWN = ["DATABASE_URL", "EMBEDDED_PG_PORT", "PORT", "DATA_DIR", "APP_URL", "NODE_ENV", "LOG_LEVEL", "SMTP_URL"];

/** Starts `src/main.ts` (tsx) as a child process and waits until `/readyz` answers 200. */
export async function startServer(opts: {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of OWN) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: "info",
    AUTH_IP_HOURLY_LIMIT: "100000",
    UPLOAD_RATE_LIMIT: "100000",
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  });
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString("utf8");
    for (const w of waiters) w();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const server: ServerProcess = {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir: opts.dataDir,
    output: () => out,
    exited,
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(out)) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${pattern} in the server's output within ${timeoutMs} ms:\n${out.slice(-3000)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (hasExited) throw new Error(`the server exited during start-up:\n${out.slice(-3000)}`);
    const ready = await get(`${server.base}/readyz`).catch(() => null);
    if (ready?.status === 200) return server;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server was not ready within 90 s:\n${out.slice(-3000)}`);
    }
    await sleep(100);
  }
}

/** SIGTERM, then the exit (SIGKILL after `timeoutMs`, so a hung process fails the test, not the suite). */
export async function stopServer(server: ServerProcess, timeoutMs = 40_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), timeoutMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

// ---- HTTP ----------------------------------------------------------------------------------

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request. With `slow`, the body is sent in parts: the head goes with
 * `Expect: 100-continue`, and once the server has answered "100 Continue" (it has parsed the head:
 * the request is in flight on the server's side) the first bytes follow, the rest after `gate`.
 */
export function send(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    agent?: http.Agent | false;
    timeoutMs?: number;
    slow?: { firstBytes: number; gate: Promise<void>; chunks?: number; chunkDelayMs?: number };
    /** Called once the request is in flight (for `slow`: the server has answered "100 Continue"). */
    onSent?: () => void;
  } = {},
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const body = typeof opts.body === "string" ? Buffer.from(opts.body) : opts.body;
    const req = http.request(url, {
      method: opts.method ?? "GET",
      headers: {
        ...(body ? { "Content-Length": String(body.length) } : {}),
        ...(opts.slow ? { Expect: "100-continue" } : {}),
        ...opts.headers,
      },
      agent: opts.agent ?? false,
      timeout: opts.timeoutMs ?? 30_000,
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("error", reject);
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString("utf8") }),
      );
    });
    if (!body) {
      req.end();
      opts.onSent?.();
      return;
    }
    if (!opts.slow) {
      req.end(body);
      opts.onSent?.();
      return;
    }
    const { firstBytes, gate, chunks = 4, chunkDelayMs = 100 } = opts.slow;
    req.flushHeaders();
    req.once("continue", () => {
      req.write(body.subarray(0, firstBytes), () => opts.onSent?.());
      void sendRest();
    });
    const sendRest = () =>
      gate.then(async () => {
        const rest = body.subarray(firstBytes);
        const size = Math.ceil(rest.length / chunks);
        for (let i = 0; i < rest.length; i += size) {
          if (req.destroyed) return;
          req.write(rest.subarray(i, i + size));
          await sleep(chunkDelayMs);
        }
        req.end();
      });
  });
}

export const get = (url: string) => send(url, { timeoutMs: 5_000 });

/** A multipart/form-data body with one file field. */
export function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----keepsake${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, data, tail]) };
}

/** A signed-in browser: the session cookie, same-origin headers, JSON and multipart helpers. */
export class Browser {
  private cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly agent: http.Agent | false = false,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return {
      Origin: this.base,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
      ...extra,
    };
  }

  private keep(answer: Answer): Answer {
    for (const c of answer.headers["set-cookie"] ?? []) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return answer;
  }

  async get(pathname: string): Promise<Answer> {
    return this.keep(await send(this.base + pathname, { headers: this.headers(), agent: this.agent }));
  }

  async json(method: string, pathname: string, payload: unknown): Promise<Answer> {
    return this.keep(
      await send(this.base + pathname, {
        method,
        headers: this.headers({ "Content-Type": "application/json" }),
        body: JSON.stringify(payload),
        agent: this.agent,
      }),
    );
  }

  graphql(query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
    return this.json("POST", "/graphql", { query, variables });
  }

  async upload(data: Buffer = PHOTO): Promise<Answer> {
    const form = multipart("file", "photo.jpg", "image/jpeg", data);
    return this.keep(
      await send(`${this.base}/api/upload/file`, {
        method: "POST",
        headers: this.headers({ "Content-Type": form.contentType }),
        body: form.body,
        agent: this.agent,
      }),
    );
  }
}

/**
 * The sign-in code mailed to `email`, from the outbox of whichever of `servers` delivered it: the
 * mail is a job (docs/decisions/021-durable-jobs.md), sent just after the answer, by any process
 * on the database. Waits up to 15 s.
 */
export async function mailedCode(servers: ServerProcess[], email: string): Promise<string> {
  const end = Date.now() + 15_000;
  for (;;) {
    for (const server of servers) {
      const outbox = path.join(server.dataDir, "outbox");
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
      for (const file of files) {
        const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        if (to.some((a) => a.value.some((v) => v.address === email)))
          return signInSecrets({ text: mail.text ?? "" }).code;
      }
    }
    if (Date.now() > end) throw new Error(`no sign-in mail for ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs a new browser in through the real flow: request the mail, read the code from the outbox. */
export async function signIn(server: ServerProcess, email: string, agent: http.Agent | false = false) {
  const browser = new Browser(server.base, agent);
  const asked = await browser.json("POST", "/api/auth/email", { email });
  if (asked.status !== 200) throw new Error(`sign-in link request: ${asked.status} ${asked.body}`);
  const code = await mailedCode([server], email);
  const verified = await browser.json("POST", "/api/auth/code", { email, code });
  if (verified.status !== 200) throw new Error(`sign-in with the code: ${verified.status} ${verified.body}`);
  return browser;
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
