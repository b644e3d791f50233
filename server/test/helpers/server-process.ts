/**
 * A real server process (src/main.ts under tsx, as a child) for tests where a failure may end
 * the process: the faults suite and the multipart fuzzing. Plain HTTP clients are in http-client.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../src/db/embedded-postgres.js";
import { get } from "./http-client.js";

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Prints one scenario's figures as an aligned block (vitest shows it under the test). */
export function report(title: string, rows: Array<[string, string | number]>): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  console.log(`\n${title}\n${lines.join("\n")}\n`);
}

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
    // the load of the faults and scale suites proposes hundreds of timelines as one person
    INVITE_DAILY_LIMIT: "100000",
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
