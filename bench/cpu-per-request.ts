/**
 * CPU time per request, app vs bare (not part of `npm run bench`; bench/README.md): `npx tsx
 * --tsconfig bench/tsconfig.json bench/cpu-per-request.ts [--reads=gql|rest|names] [--requests=2000]
 * [--rounds=3] [--app-only]`. On a machine shared with other work, req/s follow the other work's bursts; the
 * CPU a fixed number of requests costs does much less. For each read of the load test, the app
 * and the bare handler (the same server process, lib/server-child.ts) each answer `--requests`
 * requests from 32 connections, alternately, and the server process's CPU (user + system, from
 * /proc) and PostgreSQL's (the postmaster and every backend of this bench's own cluster, exited
 * ones included through the postmaster's children times) are read before and after. Prints
 * milliseconds of CPU per request for each side and bare/app of the totals: what the req/s ratio
 * would be where the CPU is the limit. Medians over the rounds. Nothing is asserted.
 */
import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { poolOf } from "../server/src/db/data-source.js";
import { BENCH_SECRET, startApp } from "./lib/app.js";
import { startBenchDb } from "./lib/db.js";
import { createFixture } from "./lib/fixtures.js";
import { startServerChild } from "./lib/load.js";
import { BARE_READS, readsFor, type Read } from "./lib/operations.js";
import { seed } from "./lib/seed.js";
import { cloneSessions, signIn } from "./lib/sign-in.js";

const argv = process.argv.slice(2);
const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const REQUESTS = Number(value("requests") ?? 2000);
const ROUNDS = Number(value("rounds") ?? 3);
const CONNECTIONS = 32;
/** `--app-only`: load only the app (with BENCH_NODE_ARGS="--cpu-prof …", a CPU profile of the app alone) */
const APP_ONLY = argv.includes("--app-only");
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime (+ the reaped children's, when asked) of a process, in ms. */
function cpuOf(pid: number, children = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields after the name, from 3 (state): utime is 14, stime 15, cutime 16, cstime 17
    const at = (n: number) => Number(f[n - 3]);
    return (at(14) + at(15) + (children ? at(16) + at(17) : 0)) * TICK_MS;
  } catch {
    return 0; // exited between the listing and the read: its time is in the postmaster's children times
  }
}

/** The cluster's CPU so far: the postmaster with its reaped children, and every live child. */
function pgCpu(postmaster: number): number {
  let total = cpuOf(postmaster, true);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) total += cpuOf(Number(entry));
    } catch {
      // gone
    }
  }
  return total;
}

async function fire(base: string, read: Read, cookies: string[]): Promise<number> {
  let next = 0;
  const headersFor = (cookie: string) => ({
    cookie,
    ...(read.body ? { "content-type": "application/json", origin: new URL(base).origin } : {}),
  });
  let bad = 0;
  const result = await autocannon({
    url: base + read.path,
    method: read.method,
    connections: CONNECTIONS,
    amount: REQUESTS,
    headers: headersFor(cookies[0]!),
    setupClient: (client: { setHeaders(h: Record<string, string>): void }) =>
      client.setHeaders(headersFor(cookies[next++ % cookies.length]!)),
    body: read.body,
    verifyBody: (body: string) => {
      const ok = read.check(body) === "ok";
      if (!ok) bad++;
      return ok;
    },
  } as autocannon.Options);
  return bad + result.non2xx + result.errors;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const db = await startBenchDb();
  try {
    const ds = await db.open("bench");
    const seeded = await seed(poolOf(ds), { users: 1000, timelines: 3000, memories: 10000, dataDir: db.dataDir });
    const f1 = await createFixture(poolOf(ds), seeded, 1);
    const app = await startApp(ds, db.dataDir);
    const cookie = await signIn(app.url, db.dataDir, f1.viewer.email);
    await app.close();
    const sessions = await cloneSessions((q, p) => ds.query(q, p), cookie, BENCH_SECRET, CONNECTIONS);
    const postmaster = Number(fs.readFileSync(path.join(db.dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    const server = await startServerChild({
      databaseUrl: db.url.replace(/\/[^/]*$/, "/bench"),
      dataDir: db.dataDir,
      pin: false,
    });
    const wanted = value("reads")?.split(",");
    const pick = (r: Read) =>
      !wanted ||
      wanted.some((w) =>
        w === "gql" ? r.name.startsWith("gql") : w === "rest" ? r.name.startsWith("REST") : r.name === w,
      );
    const reads = readsFor(f1).filter((r) => BARE_READS.has(r.name) && pick(r));
    try {
      process.stdout.write(`${REQUESTS} requests × ${ROUNDS} rounds per side, ${CONNECTIONS} connections\n`);
      process.stdout.write(
        "read: app node+pg ms/req | bare node+pg ms/req | bare/app of the totals (range) | failed answers\n",
      );
      for (const read of reads) {
        const sides = { app: server.appUrl, bare: server.bareUrl };
        await fire(sides.app, read, sessions); // warm up: compiled documents, prepared statements, JIT
        if (!APP_ONLY) await fire(sides.bare, read, sessions);
        const cost = { app: [] as [number, number][], bare: [] as [number, number][] };
        let failed = 0;
        for (let r = 0; r < ROUNDS; r++) {
          const order = r % 2 ? (["bare", "app"] as const) : (["app", "bare"] as const);
          for (const which of order.filter((w) => !APP_ONLY || w === "app")) {
            const node0 = cpuOf(server.pid);
            const pg0 = pgCpu(postmaster);
            failed += await fire(sides[which], read, sessions);
            cost[which].push([(cpuOf(server.pid) - node0) / REQUESTS, (pgCpu(postmaster) - pg0) / REQUESTS]);
          }
        }
        if (APP_ONLY) cost.bare = cost.app;
        const ratios = cost.app.map((a, i) => (cost.bare[i]![0] + cost.bare[i]![1]) / (a[0] + a[1]));
        const fmt = (xs: [number, number][]) =>
          `${median(xs.map((x) => x[0])).toFixed(2)}+${median(xs.map((x) => x[1])).toFixed(2)}`;
        const pct = (x: number) => `${Math.round(x * 100)} %`;
        process.stdout.write(
          `${read.name}: ${fmt(cost.app)} | ${fmt(cost.bare)} | ${pct(median(ratios))} (${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))}) | ${failed}\n`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await db.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
