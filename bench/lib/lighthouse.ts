/**
 * Lighthouse (mobile, default config, median of N) on the bench's app server: `/` and a signed-in
 * `/app/timelines`.
 *
 * `/` goes through the landing engineer's runner (bench/lighthouse/run-lighthouse.mjs, CLI:
 * --base --runs --out --no-check <paths>). The runner has no way to send a session cookie yet; when
 * it gains `--extra-headers '<json>'` it is used for the signed-in page too, otherwise that page is
 * measured here with the same Lighthouse, Chromium flags and one fresh browser per run, passing the
 * cookie in Lighthouse's `extraHeaders`. Skipped with a note when Chromium or the runner is missing.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./util.js";

const here = path.dirname(fileURLToPath(import.meta.url));
export const RUNNER = path.resolve(here, "../lighthouse/run-lighthouse.mjs");

/** Same flags as the runner (headless, no sandbox as root, no background traffic off the closed network). */
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
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

export function chromiumPath(): string | null {
  for (const p of [
    process.env.CHROME_PATH,
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ]) {
    if (p && fs.existsSync(p)) return p;
  }
  return null;
}

export interface LighthousePage {
  path: string;
  via: "runner" | "bench";
  runs: number;
  scores: Record<string, number | null>;
  metrics: Record<string, number | null>;
  /** audits that cost points, from the last run */
  failing?: string[];
  /** where the page ended up (a signed-in page that lands on /login means the cookie did not work) */
  finalUrl?: string;
  error?: string;
}

export type LighthouseOutcome = { skipped: string } | { pages: LighthousePage[]; chrome: string };

function runNode(args: string[], timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

async function viaRunner(
  base: string,
  route: string,
  runs: number,
  chrome: string,
  headers?: Record<string, string>,
): Promise<LighthousePage> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-lh-")), "lh.json");
  const args = [RUNNER, "--base", base, "--runs", String(runs), "--out", out, "--chrome", chrome, "--no-check"];
  if (headers) args.push("--extra-headers", JSON.stringify(headers));
  args.push(route);
  const res = await runNode(args, 30 * 60_000);
  try {
    const report = JSON.parse(fs.readFileSync(out, "utf8")) as {
      results: Array<{
        medians: Record<string, number>;
        metricMedians: Record<string, number>;
        runs: Array<{ failing?: string[] }>;
      }>;
    };
    const r = report.results[0]!;
    return {
      path: route,
      via: "runner",
      runs,
      scores: r.medians,
      metrics: r.metricMedians,
      failing: r.runs.at(-1)?.failing,
    };
  } catch {
    return {
      path: route,
      via: "runner",
      runs: 0,
      scores: {},
      metrics: {},
      error: res.out.trim().slice(-400) || `exit ${res.code}`,
    };
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

async function direct(
  base: string,
  route: string,
  runs: number,
  chromePath: string,
  headers: Record<string, string>,
): Promise<LighthousePage> {
  const chromeLauncher = await import("chrome-launcher");
  const { default: lighthouse } = await import("lighthouse");
  const all: Array<{
    scores: Record<string, number>;
    metrics: Record<string, number | null>;
    failing: string[];
    finalUrl: string;
  }> = [];
  let error: string | undefined;
  for (let i = 0; i < runs; i++) {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
      try {
        const result = await lighthouse(new URL(route, base).href, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
          extraHeaders: headers,
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError)
          throw new Error(lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : "no result");
        all.push({
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
          metrics: Object.fromEntries(
            METRICS.map((id) => [id, (lhr.audits[id]?.numericValue as number | undefined) ?? null]),
          ),
          failing: CATEGORIES.flatMap((c) =>
            (lhr.categories[c]?.auditRefs ?? [])
              .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
              .map((ref) => `${c}:${ref.id}(${lhr.audits[ref.id]!.score})`),
          ),
          finalUrl: lhr.finalDisplayedUrl,
        });
        break;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      } finally {
        await chrome.kill();
      }
    }
  }
  if (!all.length) return { path: route, via: "bench", runs: 0, scores: {}, metrics: {}, error };
  return {
    path: route,
    via: "bench",
    runs: all.length,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(all.map((r) => r.scores[c]!))])),
    metrics: Object.fromEntries(METRICS.map((id) => [id, median(all.map((r) => r.metrics[id] ?? 0))])),
    failing: all.at(-1)!.failing,
    finalUrl: new URL(all.at(-1)!.finalUrl).pathname,
  };
}

export async function runLighthouse(
  base: string,
  cookie: string,
  opts: { runs: number; log?: (s: string) => void },
): Promise<LighthouseOutcome> {
  const chrome = chromiumPath();
  if (!chrome) return { skipped: "no Chromium (install it, or set CHROME_PATH)" };
  const runner = fs.existsSync(RUNNER);
  const runnerTakesHeaders = runner && fs.readFileSync(RUNNER, "utf8").includes("--extra-headers");
  const pages: LighthousePage[] = [];

  pages.push(runner ? await viaRunner(base, "/", opts.runs, chrome) : await direct(base, "/", opts.runs, chrome, {}));
  opts.log?.(`  lighthouse /: ${pages.at(-1)!.scores.performance ?? pages.at(-1)!.error}`);

  const headers = { Cookie: cookie };
  pages.push(
    runnerTakesHeaders
      ? await viaRunner(base, "/app/timelines", opts.runs, chrome, headers)
      : await direct(base, "/app/timelines", opts.runs, chrome, headers),
  );
  opts.log?.(`  lighthouse /app/timelines (signed in): ${pages.at(-1)!.scores.performance ?? pages.at(-1)!.error}`);
  return { pages, chrome };
}
