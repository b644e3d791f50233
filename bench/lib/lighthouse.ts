/**
 * Lighthouse (mobile, default config, median of N) on the bench's app server: `/` and a signed-in
 * `/app/timelines`, both through the one runner (bench/lighthouse/run-lighthouse.mjs), the
 * signed-in page with the session cookie in `--extra-headers`. Skipped with a note when Chromium
 * or the runner is missing.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./util.js";

const here = path.dirname(fileURLToPath(import.meta.url));
export const RUNNER = path.resolve(here, "../lighthouse/run-lighthouse.mjs");

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
  via: "runner";
  runs: number;
  scores: Record<string, number | null>;
  metrics: Record<string, number | null>;
  /** audits that cost points, from the last run */
  failing?: string[];
  /** where the page ended up (a signed-in page that lands on /login means the cookie did not work) */
  finalUrl?: string;
  /** the lowest and highest performance score of the runs */
  performanceRange?: [number, number];
  /** the machine's 1-minute load average before and after this page's runs */
  loadAverage?: [number, number];
  /**
   * the median of Lighthouse's own CPU benchmark, taken before each run (`benchmarkIndex`): it falls
   * when others use the machine (on the development machine about 3,400–4,200 with nothing else
   * running, 2,700–3,600 with a test suite beside it)
   */
  benchmarkIndex?: number;
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

/** A median rounded, or none when there was nothing to take it of (util's median is NaN then). */
const roundedOrNone = (value: number) => (Number.isFinite(value) ? Math.round(value) : undefined);

async function viaRunner(
  base: string,
  route: string,
  runs: number,
  chrome: string,
  headers?: Record<string, string>,
  lhrDir?: string,
): Promise<LighthousePage> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-lh-")), "lh.json");
  const args = [RUNNER, "--base", base, "--runs", String(runs), "--out", out, "--chrome", chrome, "--no-check"];
  if (headers) args.push("--extra-headers", JSON.stringify(headers));
  if (lhrDir) args.push("--lhr-dir", lhrDir);
  args.push(route);
  const load = () => Math.round(os.loadavg()[0]! * 10) / 10;
  const loadBefore = load();
  const res = await runNode(args, 30 * 60_000);
  try {
    const report = JSON.parse(fs.readFileSync(out, "utf8")) as {
      results: Array<{
        medians: Record<string, number>;
        metricMedians: Record<string, number>;
        runs: Array<{
          failing?: string[];
          finalPath?: string;
          scores: Record<string, number>;
          benchmarkIndex: number | null;
        }>;
      }>;
    };
    const r = report.results[0]!;
    const performance = r.runs.map((run) => run.scores.performance!);
    return {
      performanceRange: [Math.min(...performance), Math.max(...performance)],
      loadAverage: [loadBefore, load()],
      benchmarkIndex: roundedOrNone(
        median(r.runs.flatMap((run) => (run.benchmarkIndex === null ? [] : [run.benchmarkIndex]))),
      ),
      path: route,
      via: "runner",
      runs,
      scores: r.medians,
      metrics: r.metricMedians,
      failing: r.runs.at(-1)?.failing,
      finalUrl: r.runs.at(-1)?.finalPath,
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

export async function runLighthouse(
  base: string,
  cookie: string,
  opts: { runs: number; log?: (s: string) => void; timelineId?: string; lhrDir?: string },
): Promise<LighthouseOutcome> {
  const chrome = chromiumPath();
  if (!chrome) return { skipped: "no Chromium (install it, or set CHROME_PATH)" };
  if (!fs.existsSync(RUNNER)) return { skipped: `no Lighthouse runner at ${RUNNER}` };
  const pages: LighthousePage[] = [];

  pages.push(await viaRunner(base, "/", opts.runs, chrome, undefined, opts.lhrDir));
  opts.log?.(`  lighthouse /: ${pages.at(-1)!.scores.performance ?? pages.at(-1)!.error}`);

  pages.push(await viaRunner(base, "/app/timelines", opts.runs, chrome, { Cookie: cookie }, opts.lhrDir));
  opts.log?.(`  lighthouse /app/timelines (signed in): ${pages.at(-1)!.scores.performance ?? pages.at(-1)!.error}`);

  if (opts.timelineId) {
    const route = `/app/view-timeline?id=${opts.timelineId}`;
    pages.push(await viaRunner(base, route, opts.runs, chrome, { Cookie: cookie }, opts.lhrDir));
    opts.log?.(`  lighthouse ${route} (signed in): ${pages.at(-1)!.scores.performance ?? pages.at(-1)!.error}`);
  }
  return { pages, chrome };
}
