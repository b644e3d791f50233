/**
 * `npm run bench` (7–12 minutes on 2 vCPUs) and `npm run bench -- --quick` (about a minute).
 * See bench/README.md. Every figure is taken on THIS machine in one run; ratios measured side by
 * side are what to compare between machines, not absolute numbers.
 *
 * Options: --quick, --only=seed,sql,access,load,media,client,lighthouse,formats (seed is always done),
 * --users=N --timelines=N --memories=N, --no-pin, --keep (keep the temp DATA_DIR), --out=path,
 * --lighthouse-runs=N (default 5, 1 with --quick), --lhr-dir=DIR (keep every Lighthouse report there;
 * LIGHTHOUSE_LHR_DIR does the same), --access-users=1000,100000 (the graph sizes of part 4),
 * --reads=gql|rest|<read name>,… (which pairs the load part runs; default all, or two with --quick).
 */
import "reflect-metadata";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { poolOf } from "../server/src/db/data-source.js";
import { measureAccess, type AccessTierResult } from "./lib/access.js";
import { measureAudience, type AudienceResult } from "./lib/audience.js";
import { measureFormats } from "./lib/formats.js";
import { BENCH_SECRET, startApp } from "./lib/app.js";
import { clientWeight, servedWeight, type EntryWeight } from "./lib/client-weight.js";
import { startBenchDb } from "./lib/db.js";
import { createFixture, type Fixture } from "./lib/fixtures.js";
import { runLighthouse, type LighthouseOutcome } from "./lib/lighthouse.js";
import { sideBySide, startServerChild, type PairResult, type ServerChild } from "./lib/load.js";
import { measureMedia, type MediaResult } from "./lib/media.js";
import { BARE_READS, readsFor, visitorReadsFor } from "./lib/operations.js";
import { printReport, TARGETS } from "./lib/report.js";
import { seed, type SeedResult } from "./lib/seed.js";
import { cloneSessions, signIn } from "./lib/sign-in.js";
import { countReads, StatementCounter, type SqlRow } from "./lib/sql-count.js";
import { round } from "./lib/util.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = flag("quick");
const ALL = ["sql", "access", "load", "media", "client", "lighthouse", "formats"];
// --quick leaves Lighthouse out (a minute or more by itself) unless named in --only
const only = new Set((value("only") ?? ALL.filter((p) => !(quick && p === "lighthouse")).join(",")).split(","));
const want = (part: string) => only.has(part);

const scale = {
  users: Number(value("users") ?? (quick ? 1000 : 10_000)),
  timelines: Number(value("timelines") ?? (quick ? 3000 : 30_000)),
  memories: Number(value("memories") ?? (quick ? 10_000 : 100_000)),
};
const cfg = quick
  ? {
      rounds: 3,
      seconds: 2,
      warmup: 0.5,
      connections: 32,
      accessScales: [1000, 10_000],
      accessSamples: 100,
      singles: 1,
      viewUploads: 9,
      lighthouseRuns: 1,
    }
  : {
      rounds: 5,
      seconds: 3,
      warmup: 1,
      connections: 32,
      accessScales: [1000, 10_000, 100_000],
      accessSamples: 400,
      singles: 5,
      viewUploads: 30,
      lighthouseRuns: 5,
    };
const QUICK_READS = new Set(["gql timeline(id)", "gql unreadNotificationCount"]);
/** --reads=gql (every GraphQL pair), rest, or read names ("gql timelines"), comma-separated. */
const readsWanted = value("reads")?.split(",");
const loadRead = (name: string) =>
  readsWanted
    ? readsWanted.some((w) => w === name || w === (name.startsWith("gql") ? "gql" : "rest"))
    : !quick || QUICK_READS.has(name);

const log = (s: string) => process.stdout.write(`${s}\n`);
/** The machine is shared: the 1/5/15-minute load averages say how busy it was (2 cores: > 2 means others ran too). */
const loadAtStart = os.loadavg().map((v) => round(v, 1));
const t0 = performance.now();
const since = () => `${((performance.now() - t0) / 1000).toFixed(0)} s`;

async function main(): Promise<void> {
  const results: Record<string, unknown> = {
    mode: quick ? "quick" : "full",
    date: new Date().toISOString(),
    machine: machine(),
    config: { scale, ...cfg },
    targets: TARGETS,
  };

  // ---- 6. client build when missing (weighed later, next to the served check; Lighthouse loads it) --
  let weights: EntryWeight[] | null = null;
  if (want("client") || want("lighthouse")) {
    const dist = path.join(root, "client", "dist");
    if (!fs.existsSync(path.join(dist, "index.html")) || !fs.existsSync(path.join(dist, ".vite", "manifest.json"))) {
      log("client: building (npm run build -w client)…");
      const b = spawnSync("npm", ["run", "build", "-w", "client"], {
        cwd: root,
        stdio: ["ignore", "ignore", "inherit"],
      });
      if (b.status !== 0) log("client: build failed; weighing what is there");
    }
  }

  // ---- 8. phone formats: HEIC, HEVC (own processes, no database) ---------------------------------
  if (want("formats")) {
    log("phone formats: HEIC decode, HEVC transcode…");
    results.formats = measureFormats({ quick, log });
    log(`phone formats done (${since()})`);
  }

  const db = await startBenchDb({ keep: flag("keep") });
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    // ---- 1. seed ------------------------------------------------------------------------------
    const ds = await db.open("bench");
    log(`seeding ${scale.users} users, ${scale.timelines} timelines, ${scale.memories} memories…`);
    const seeded = await seed(poolOf(ds), { ...scale, dataDir: db.dataDir, imageCount: quick ? 4 : 8 });
    const f1 = await createFixture(poolOf(ds), seeded, 1);
    const f10 = await createFixture(poolOf(ds), seeded, 10);
    results.seed = {
      ...scale,
      notifications: seeded.notificationCount,
      ms: round(seeded.ms, 0),
      rowsPerSecond: round(
        (scale.users + scale.timelines + 2 * scale.memories + seeded.notificationCount) / (seeded.ms / 1000),
        0,
      ),
      imageBytes: seeded.imageBytes,
    };
    log(`seeded in ${(seeded.ms / 1000).toFixed(1)} s (${since()})`);

    // ---- sessions through the real sign-in flow (in-process app; the sessions live in the DB) ----
    const counter = new StatementCounter();
    counter.install();
    const app = await startApp(ds, db.dataDir);
    cleanups.push(() => app.close());
    const cookies = new Map<string, string>();
    for (const f of [f1, f10]) {
      cookies.set(f.viewer.email, await signIn(app.url, db.dataDir, f.viewer.email));
      cookies.set(f.visitor.email, await signIn(app.url, db.dataDir, f.visitor.email));
    }
    log(`signed in ${cookies.size} people through /api/auth/email + the outbox + /api/auth/verify (${since()})`);

    // ---- 3. SQL statements per operation ---------------------------------------------------------
    if (want("sql")) {
      const r1 = [...readsFor(f1), ...visitorReadsFor(f1)];
      const r10 = [...readsFor(f10), ...visitorReadsFor(f10)];
      const rows: SqlRow[] = await countReads(
        counter,
        app.url,
        r1.map((read1, i) => ({ read1, read10: r10[i]!, f1, f10 })),
        cookies,
      );
      results.sql = rows.map((r) => ({
        name: r.name,
        sizes: r.sizes,
        x1: { app: r.x1.app, session: r.x1.session },
        x10: { app: r.x10.app, session: r.x10.session },
        equal: r.equal,
        statements1x: r.x1.statements
          .filter((s) => !/"session"/.test(s))
          .map((s) => s.replace(/\s+/g, " ").slice(0, 120)),
      }));
      log(`SQL statements counted (${since()})`);
    }
    await app.close();
    cleanups.pop();

    // ---- 4. access-check latency -----------------------------------------------------------------
    if (want("access")) {
      const access: Array<{
        users: number;
        timelines: number;
        seedMs: number;
        tiers: AccessTierResult[];
        audience: AudienceResult;
      }> = [];
      const accessScales = value("access-users")?.split(",").map(Number) ?? cfg.accessScales;
      for (const users of accessScales) {
        let graphDs = ds;
        let graph: SeedResult = seeded;
        let seedMs = 0;
        if (users !== scale.users) {
          graphDs = await db.open(`access_${users}`);
          graph = await seed(poolOf(graphDs), {
            users,
            timelines: users * 3,
            memories: 0,
            notifications: 0,
            dataDir: db.dataDir,
            prefix: "acc",
          });
          seedMs = graph.ms;
        }
        const tiers = await measureAccess(graphDs, graph, { samples: cfg.accessSamples, counter });
        log(
          `access at ${users} users: ${tiers.map((t) => `${t.tier} p50 ${t.p50} ms p99 ${t.p99} ms`).join("; ")} (${since()})`,
        );
        const audience = await measureAudience(graphDs, graph, {
          samples: cfg.accessSamples / 2,
          acceptSamples: quick ? 20 : 100,
        });
        access.push({ users, timelines: graph.timelineIds.length, seedMs: round(seedMs, 0), tiers, audience });
        log(
          `audience at ${users} users: ${audience.tiers.map((t) => `${t.tier} p50 ${t.p50} ms p99 ${t.p99} ms`).join("; ")}; widest public (${audience.worst.audience} people) p50 ${audience.worst.p50} ms (${since()})`,
        );
        if (graphDs !== ds) await graphDs.destroy();
      }
      results.access = access;
    }
    counter.uninstall();

    // ---- 2. side-by-side load, 5. media, 7. lighthouse (server process) --------------------------
    if (want("load") || want("media") || want("lighthouse") || want("client")) {
      // Pinning (server on CPU 0, load generator on CPU 1) only helps on a quiet machine: when other
      // processes keep the cores busy it stops the scheduler from moving the server to a free core.
      const busy = os.loadavg()[0]! > os.cpus().length;
      const pin = flag("pin") || (!flag("no-pin") && !busy);
      if (busy && !flag("pin"))
        log(
          `not pinning CPUs: load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores (--pin forces it)`,
        );
      let server: ServerChild = await startServerChild({
        databaseUrl: db.url.replace(/\/[^/]*$/, "/bench"),
        dataDir: db.dataDir,
        pin,
      });
      cleanups.push(() => server.stop());
      results.pinned = server.pinned;
      const cookie = cookies.get(f1.viewer.email)!;

      if (want("load")) {
        const reads = readsFor(f1).filter((r) => BARE_READS.has(r.name) && loadRead(r.name));
        log(
          `load: ${reads.length} reads × ${cfg.rounds} rounds × ${cfg.seconds} s, ${cfg.connections} connections, app vs bare alternating${server.pinned ? " (server on CPU 0, load generator on CPU 1)" : ""}`,
        );
        // one session per connection (copies of the real sign-in's session row), as real clients have
        const sessions = await cloneSessions((q, params) => ds.query(q, params), cookie, BENCH_SECRET, cfg.connections);
        const pairs: PairResult[] = await sideBySide(server, reads, sessions, {
          rounds: cfg.rounds,
          seconds: cfg.seconds,
          connections: cfg.connections,
          warmupSeconds: cfg.warmup,
          log,
        });
        results.load = pairs.map((p) => ({
          name: p.name,
          sameJson: p.sameJson,
          sameJsonDetail: p.sameJsonDetail,
          ...p.summary,
        }));
        log(`load done (${since()})`);
      }

      server.unpin();
      if (want("media")) {
        if (want("load")) {
          // a fresh server process, so the memory figure is not the load test's leftover heap
          await server.stop();
          cleanups.pop();
          server = await startServerChild({
            databaseUrl: db.url.replace(/\/[^/]*$/, "/bench"),
            dataDir: db.dataDir,
            pin: false,
          });
          cleanups.push(() => server.stop());
        }
        const seededThumb = await firstThumb(server.appUrl, cookie, f1);
        const media: MediaResult = await measureMedia(server, cookie, {
          singles: cfg.singles,
          viewUploads: cfg.viewUploads,
          partnerId: f1.partnerIds[1]!,
          seededThumbPath: seededThumb,
          duplicateMedia: async (id) => {
            const [row] = await ds.query(
              `INSERT INTO media_files (owner_id, type, format, width, height, bytes, original_key, variants, attached)
               SELECT owner_id, type, format, width, height, bytes, original_key, variants, false FROM media_files WHERE id = $1
               RETURNING id`,
              [id],
            );
            return (row as { id: string }).id;
          },
          log,
        });
        results.media = media;
        log(`media done (${since()})`);
      }

      if (want("client")) {
        // weighed now, right before asking the server for the same files (others may rebuild the client meanwhile)
        const dist = path.join(root, "client", "dist");
        weights = fs.existsSync(path.join(dist, "index.html")) ? clientWeight(dist) : null;
        results.client = weights;
        // what a browser really downloads for those files from this server (compression or not)
        for (const w of weights ?? []) Object.assign(w, { served: await servedWeight(server.appUrl, w.files) });
        log(`client weight measured (${since()})`);
      }

      if (want("lighthouse")) {
        const check = await fetch(`${server.appUrl}/api/auth/check-session`, { headers: { cookie } });
        const signedIn = ((await check.json()) as { isAuthenticated?: boolean }).isAuthenticated === true;
        if (!signedIn) log("  ! the session cookie for the signed-in Lighthouse page is not accepted");
        const lh: LighthouseOutcome = await runLighthouse(server.appUrl, cookie, {
          runs: Number(value("lighthouse-runs") ?? cfg.lighthouseRuns),
          timelineId: f1.mainTimelineId,
          lhrDir: value("lhr-dir") ? path.resolve(value("lhr-dir")!) : undefined,
          log,
        });
        if ("pages" in lh) Object.assign(lh, { sessionAccepted: signedIn });
        results.lighthouse = lh;
        log(`lighthouse ${"skipped" in lh ? `skipped: ${lh.skipped}` : "done"} (${since()})`);
      }
      await server.stop();
      cleanups.pop();
    }
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    await db.stop();
  }

  results.totalSeconds = round((performance.now() - t0) / 1000, 0);
  results.loadAverage = { start: loadAtStart, end: os.loadavg().map((v) => round(v, 1)) };
  const out = value("out") ?? path.join(here, "results", quick ? "latest-quick.json" : "latest.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  if (quick && !only.has("lighthouse"))
    log("\n(Lighthouse is left out of --quick; run the full bench or add --only=…,lighthouse)");
  printReport(results, log);
  log(`\nwritten ${path.relative(process.cwd(), out)} in ${results.totalSeconds} s`);
}

/** A signed thumb URL of a seeded memory (to check that /media serves the seed's files). */
async function firstThumb(base: string, cookie: string, f: Fixture): Promise<string | undefined> {
  const res = await fetch(`${base}/api/memories/filter?timeline_id=${f.mainTimelineId}`, { headers: { cookie } });
  const list = (await res.json()) as Array<{ media_thumb_url: string }>;
  return list[0]?.media_thumb_url;
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? "unknown",
    cpus: cpus.length,
    memoryGiB: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
