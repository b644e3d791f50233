/**
 * Side-by-side HTTP load (autocannon, in THIS process) against the server process (server-child.ts:
 * the app and the bare baseline). Each pair (app read, bare read of the same JSON) runs
 * alternately for several rounds; every response body is checked.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { Read } from "./operations.js";
import { http, median, round, type Json } from "./util.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const benchDir = path.resolve(here, "..");

export interface ServerChild {
  child: ChildProcess;
  pid: number;
  appUrl: string;
  bareUrl: string;
  pinned: boolean;
  /** Peak RSS of the server process while `fn` runs (sampled every 10 ms inside it). */
  rssDuring<T>(fn: () => Promise<T>): Promise<{ value: T; peak: number; base: number }>;
  unpin(): void;
  stop(): Promise<void>;
}

export function hasTaskset(): boolean {
  return spawnSync("taskset", ["-V"]).status === 0;
}

function setAffinity(pid: number, cpus: string): void {
  spawnSync("taskset", ["-apc", cpus, String(pid)], { stdio: "ignore" });
}

/**
 * The server process runs plain Node on an esbuild bundle of server-child.ts (the same transform
 * tsx applies, node_modules left external), not under the tsx loader: the loader alone adds about
 * 45 MiB of RSS, which would distort the upload memory figure. Falls back to tsx. The bundle sits
 * under server/node_modules so that its packages resolve as the server's do (the server's own
 * versions first, e.g. lru-cache, then the workspace root's).
 */
async function bundleServerChild(): Promise<string | null> {
  const root = path.resolve(benchDir, "..");
  const outfile = path.join(root, "server", "node_modules", ".cache", "keepsake-bench", "server-child.mjs");
  try {
    const esbuild = await import("esbuild");
    await esbuild.build({
      entryPoints: [path.join(here, "server-child.ts")],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      tsconfig: path.join(benchDir, "tsconfig.json"),
      logLevel: "silent",
    });
    return outfile;
  } catch {
    return null;
  }
}

/**
 * Starts the server process. With `pin` (and taskset, and ≥ 2 CPUs) the server runs on CPU 0 and
 * this process (the load generator) on CPU 1, so they do not steal each other's core; PostgreSQL
 * is not pinned.
 */
export async function startServerChild(opts: {
  databaseUrl: string;
  dataDir: string;
  pin: boolean;
}): Promise<ServerChild> {
  const bundle = await bundleServerChild();
  // BENCH_NODE_ARGS: extra flags for the server process when diagnosing (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
  const extra = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const nodeArgs = [...extra, ...(bundle ? [bundle] : ["--import", "tsx", path.join(here, "server-child.ts")])];
  const env = {
    ...process.env,
    BENCH_CLIENT_DIST: path.resolve(benchDir, "..", "client", "dist"),
    TSX_TSCONFIG_PATH: path.join(benchDir, "tsconfig.json"),
    BENCH_DATABASE_URL: opts.databaseUrl,
    BENCH_DATA_DIR: opts.dataDir,
    UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? "4",
  };
  const pin = opts.pin && hasTaskset();
  const child = pin
    ? spawn("taskset", ["-c", "0", process.execPath, ...nodeArgs], {
        env,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      })
    : spawn(process.execPath, nodeArgs, { env, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ready = await new Promise<{ appPort: number; barePort: number; pid: number }>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench server exited early (code ${code})`));
    child.once("exit", onExit);
    child.on("message", (m: Json) => {
      if (m?.type === "ready") {
        child.off("exit", onExit);
        resolve(m);
      }
    });
  });
  if (pin) setAffinity(process.pid, "1");
  return {
    child,
    pid: ready.pid,
    appUrl: `http://127.0.0.1:${ready.appPort}`,
    bareUrl: `http://127.0.0.1:${ready.barePort}`,
    pinned: pin,
    async rssDuring(fn) {
      child.send({ type: "rss-start" });
      try {
        const value = await fn();
        const rss = await new Promise<{ peak: number; base: number }>((resolve) => {
          const on = (m: Json) => {
            if (m?.type === "rss") {
              child.off("message", on);
              resolve(m);
            }
          };
          child.on("message", on);
          child.send({ type: "rss-stop" });
        });
        return { value, ...rss };
      } catch (err) {
        child.send({ type: "rss-stop" });
        throw err;
      }
    },
    unpin() {
      if (!pin) return;
      setAffinity(ready.pid, "0-1");
      setAffinity(process.pid, "0-1");
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.send({ type: "stop" });
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface LoadRun {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  /** GraphQL answers with `errors` (status 200). */
  gqlErrors: number;
  /** Bodies that did not hold the expected answer. */
  mismatches: number;
  non2xx: number;
  socketErrors: number;
  timeouts: number;
}

/**
 * One autocannon run. `cookies`: one session per connection (cycled when fewer), as real clients
 * each have their own session (one shared session serialises on its row's touch UPDATE).
 */
export async function loadOnce(
  base: string,
  read: Read,
  cookies: string[],
  connections: number,
  seconds: number,
): Promise<LoadRun> {
  let gqlErrors = 0;
  let mismatches = 0;
  let next = 0;
  const headersFor = (cookie: string) => ({
    cookie,
    ...(read.body ? { "content-type": "application/json", origin: new URL(base).origin } : {}),
  });
  const result = await autocannon({
    url: base + read.path,
    method: read.method,
    connections,
    duration: seconds,
    headers: headersFor(cookies[0]!),
    setupClient: (client: { setHeaders(h: Record<string, string>): void }) =>
      client.setHeaders(headersFor(cookies[next++ % cookies.length]!)),
    body: read.body,
    verifyBody: (body: string) => {
      const verdict = read.check(body);
      if (verdict === "error") gqlErrors++;
      else if (verdict === "mismatch") mismatches++;
      return verdict === "ok";
    },
  } as autocannon.Options);
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    gqlErrors,
    mismatches,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Before loading: the app and the bare handler answer the same bytes for the read. */
export async function sameJson(
  appUrl: string,
  bareUrl: string,
  read: Read,
  cookie: string,
): Promise<{ same: boolean; detail?: string }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const opts = {
      method: read.method,
      cookie,
      ...(read.body ? { body: read.body, headers: { "content-type": "application/json" } } : {}),
    };
    const [a, b] = await Promise.all([http(appUrl, read.path, opts), http(bareUrl, read.path, opts)]);
    if (a.status === b.status && a.body === b.body && read.check(a.body) === "ok") return { same: true };
    if (attempt === 1) return { same: false, detail: firstDifference(a.body, b.body, a.status, b.status) };
  }
  return { same: false };
}

function firstDifference(a: string, b: string, sa: number, sb: number): string {
  if (sa !== sb) return `status ${sa} vs ${sb}: ${a.slice(0, 200)} | ${b.slice(0, 200)}`;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: app …${a.slice(Math.max(0, i - 80), i + 80)}… bare …${b.slice(Math.max(0, i - 80), i + 80)}…`;
}

export interface PairResult {
  name: string;
  sameJson: boolean;
  sameJsonDetail?: string;
  app: LoadRun[];
  bare: LoadRun[];
  summary: {
    /** app/bare req/s of each round (paired: same round, back to back) */
    roundRatios: number[];
    appRounds: number[];
    bareRounds: number[];
    appReqPerSec: number;
    bareReqPerSec: number;
    ratio: number;
    appP50: number;
    appP99: number;
    bareP50: number;
    bareP99: number;
    appRequests: number;
    gqlErrors: number;
    mismatches: number;
    non2xx: number;
    socketErrors: number;
    bareProblems: number;
  };
}

/** Alternates app and bare runs of each read for `rounds` rounds (order flipped every round). */
export async function sideBySide(
  server: Pick<ServerChild, "appUrl" | "bareUrl">,
  reads: Read[],
  cookies: string[],
  opts: { rounds: number; seconds: number; connections: number; warmupSeconds: number; log?: (s: string) => void },
): Promise<PairResult[]> {
  const out: PairResult[] = [];
  for (const read of reads) {
    const same = await sameJson(server.appUrl, server.bareUrl, read, cookies[0]!);
    out.push({
      name: read.name,
      sameJson: same.same,
      sameJsonDetail: same.detail,
      app: [],
      bare: [],
      summary: undefined!,
    });
    if (opts.warmupSeconds > 0) {
      await loadOnce(server.appUrl, read, cookies, opts.connections, opts.warmupSeconds);
      await loadOnce(server.bareUrl, read, cookies, opts.connections, opts.warmupSeconds);
    }
  }
  for (let r = 0; r < opts.rounds; r++) {
    for (const [i, read] of reads.entries()) {
      const order = r % 2 === 0 ? (["app", "bare"] as const) : (["bare", "app"] as const);
      for (const which of order) {
        const run = await loadOnce(
          which === "app" ? server.appUrl : server.bareUrl,
          read,
          cookies,
          opts.connections,
          opts.seconds,
        );
        out[i]![which].push(run);
        opts.log?.(
          `  round ${r + 1} ${which.padEnd(4)} ${read.name}: ${Math.round(run.reqPerSec)} req/s p99 ${run.p99} ms`,
        );
      }
    }
  }
  for (const p of out) {
    const sum = (runs: LoadRun[], f: (x: LoadRun) => number) => runs.reduce((a, x) => a + f(x), 0);
    const appRps = median(p.app.map((x) => x.reqPerSec));
    const bareRps = median(p.bare.map((x) => x.reqPerSec));
    // the ratio is the median of per-round ratios: each round's two runs are back to back, so a
    // burst of load from other processes moves both (less so across rounds)
    const roundRatios = p.app.map((x, i) => x.reqPerSec / p.bare[i]!.reqPerSec);
    p.summary = {
      roundRatios: roundRatios.map((r) => round(r, 3)),
      appRounds: p.app.map((x) => round(x.reqPerSec, 0)),
      bareRounds: p.bare.map((x) => round(x.reqPerSec, 0)),
      appReqPerSec: round(appRps, 0),
      bareReqPerSec: round(bareRps, 0),
      ratio: round(median(roundRatios), 3),
      appP50: median(p.app.map((x) => x.p50)),
      appP99: median(p.app.map((x) => x.p99)),
      bareP50: median(p.bare.map((x) => x.p50)),
      bareP99: median(p.bare.map((x) => x.p99)),
      appRequests: sum(p.app, (x) => x.requests),
      gqlErrors: sum(p.app, (x) => x.gqlErrors),
      mismatches: sum(p.app, (x) => x.mismatches),
      non2xx: sum(p.app, (x) => x.non2xx),
      socketErrors: sum(p.app, (x) => x.socketErrors + x.timeouts),
      bareProblems: sum(p.bare, (x) => x.gqlErrors + x.mismatches + x.non2xx + x.socketErrors + x.timeouts),
    };
  }
  return out;
}
