#!/usr/bin/env node
// Lighthouse (mobile, default config) against a running Keepsake server, with the system Chromium.
// Starts no server itself: point it at one.
//
//   node bench/lighthouse/run-lighthouse.mjs [--base http://127.0.0.1:3200] [--runs 5] [--out bench/results/lighthouse.json]
//     [--chrome /usr/bin/chromium] [--extra-headers '{"Cookie":"ks.sid=…"}'] [--no-check] [--lhr-dir DIR] [/ /privacy /terms]
//
// --extra-headers sends those headers with every request of the page (a session cookie measures a
// signed-in page; each run records where the page ended up, so a bounce to /login shows).
//
// For each path it runs Lighthouse `runs` times (a fresh Chromium each time), prints the median of
// each category score and the key metrics, and writes every run plus the medians as JSON. The median
// of 5 runs is what Lighthouse's docs on score variability recommend. Exits 1 when a median misses
// the public pages' targets (performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 90), so it
// can gate CI; `--no-check` only reports. `--lhr-dir DIR` (or LIGHTHOUSE_LHR_DIR) also keeps each run's
// whole Lighthouse report (every audit: long tasks, boot-up time, the LCP element, the requests) as JSON.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 90 };
const CATEGORIES = Object.keys(TARGETS);
const METRICS = {
  "first-contentful-paint": "FCP ms",
  "largest-contentful-paint": "LCP ms",
  "total-blocking-time": "TBT ms",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI ms",
};
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function parseArgs(argv) {
  const opts = {
    base: process.env.LIGHTHOUSE_BASE_URL ?? "http://127.0.0.1:3200",
    runs: 5,
    out: path.join(repoRoot, "bench/results/lighthouse.json"),
    chrome: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    check: true,
    extraHeaders: undefined,
    lhrDir: process.env.LIGHTHOUSE_LHR_DIR || undefined,
    paths: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === "--base") opts.base = value();
    else if (arg === "--runs") opts.runs = Number(value());
    else if (arg === "--out") opts.out = path.resolve(value());
    else if (arg === "--chrome") opts.chrome = value();
    else if (arg === "--no-check") opts.check = false;
    else if (arg === "--extra-headers") opts.extraHeaders = JSON.parse(value());
    else if (arg === "--lhr-dir") opts.lhrDir = path.resolve(value());
    else if (arg.startsWith("--")) throw new Error(`unknown option ${arg}`);
    else opts.paths.push(arg);
  }
  if (opts.paths.length === 0) opts.paths = ["/", "/privacy", "/terms"];
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new Error("--runs must be a positive integer");
  return opts;
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** One Lighthouse run in a fresh browser, so no cache or service worker carries over. */
async function runOnce(url, chromePath, extraHeaders, lhrFile) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      extraHeaders,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (lhrFile) {
      await mkdir(path.dirname(lhrFile), { recursive: true });
      await writeFile(lhrFile, JSON.stringify(lhr));
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const metrics = Object.fromEntries(Object.keys(METRICS).map((id) => [id, lhr.audits[id]?.numericValue ?? null]));
    // The audits that cost points, so a miss can be fixed without opening the report.
    const failing = CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${c}:${ref.id}(${lhr.audits[ref.id].score})`),
    );
    return {
      scores,
      metrics,
      failing,
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): try again. */
async function runWithRetries(url, chromePath, extraHeaders, lhrFile, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, chromePath, extraHeaders, lhrFile);
    } catch (err) {
      if (attempt >= attempts) throw err;
      process.stdout.write(`  (retrying ${url}: ${err.message})\n`);
    }
  }
}

/** Waits (up to 2 minutes) for the server to answer, so it can be started in the same command line. */
async function waitForServer(base) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await globalThis.fetch(new URL("/", base));
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${base} did not answer within 2 minutes`);
    await sleep(500);
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  await waitForServer(opts.base);
  const results = [];
  for (const p of opts.paths) {
    const url = new URL(p, opts.base).href;
    const runs = [];
    for (let i = 0; i < opts.runs; i++) {
      const slug = p.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root";
      const lhrFile = opts.lhrDir ? path.join(opts.lhrDir, `${slug}-${i + 1}.json`) : undefined;
      const run = await runWithRetries(url, opts.chrome, opts.extraHeaders, lhrFile);
      runs.push(run);
      process.stdout.write(
        `${p} run ${i + 1}/${opts.runs}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(", ")}` +
          (run.failing.length ? `  [${run.failing.join(" ")}]` : "") +
          "\n",
      );
    }
    const medians = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
    const metricMedians = Object.fromEntries(
      Object.keys(METRICS).map((id) => [id, median(runs.map((r) => r.metrics[id] ?? 0))]),
    );
    const misses = CATEGORIES.filter((c) => medians[c] < TARGETS[c]);
    results.push({ path: p, url, medians, metricMedians, misses, runs });
  }

  process.stdout.write(
    `\nLighthouse ${results[0]?.runs[0]?.lighthouseVersion ?? "?"}, mobile (default config), median of ${opts.runs}:\n`,
  );
  for (const r of results) {
    const metrics = Object.entries(METRICS)
      .map(
        ([id, label]) =>
          `${label} ${id === "cumulative-layout-shift" ? r.metricMedians[id].toFixed(3) : Math.round(r.metricMedians[id])}`,
      )
      .join(", ");
    process.stdout.write(
      `  ${r.path.padEnd(10)} ${CATEGORIES.map((c) => `${c} ${r.medians[c]}`).join(", ")}  (${metrics})${r.misses.length ? `  MISSES: ${r.misses.join(", ")}` : ""}\n`,
    );
  }

  await mkdir(path.dirname(opts.out), { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    base: opts.base,
    runsPerPath: opts.runs,
    chrome: opts.chrome,
    chromeFlags: CHROME_FLAGS,
    targets: TARGETS,
    results,
  };
  await writeFile(opts.out, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nwrote ${path.relative(process.cwd(), opts.out) || opts.out}\n`);

  if (opts.check && results.some((r) => r.misses.length)) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
