/**
 * A person's wait on a phone-like run in real Chromium, two client builds side by side (not part
 * of `npm run bench`; bench/README.md):
 * `npx tsx --tsconfig bench/tsconfig.json bench/phone-wait.ts --b=<dist> [--a=client/dist] [--runs=8]`.
 * Needs the two builds (`npm run build` for one; the other a copy of client/dist changed the way
 * the device under judgement is taken out) and the system Chromium (`CHROME_PATH`, else
 * /usr/bin/chromium). The rule it serves: docs/decisions/039-devices-kept-and-removed.md.
 *
 * Seeds the quick database, signs the fixture's person in through the real flow, starts the app
 * twice in this process on the same database, one serving each build, and opens the fixture's
 * timeline (`/app/view-timeline?id=`) `--runs` times on each, alternating A/B (the order flipped
 * every run), each time in a fresh phone-sized context with no cache and no service worker, with
 * DevTools' phone profile: CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
 * Per load, from the page's own observers (ms from the navigation's start):
 * - html: the HTML's last byte (responseEnd); htmlKb: its size on the wire;
 * - fcp: the first contentful paint;
 * - photo: the largest contentful paint's render time when its element is a photo of the strip
 *   (the strip's first photo is the page's largest paint; "-" when it is something else);
 * - app: the app's own bottom navigation is in the document (the app renders its screen, and a
 *   tap is answered, from then on).
 * It prints every run, then the median and range of each, and the 1-minute load average (the
 * machine is shared). Nothing is asserted.
 */
import "reflect-metadata";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { startApp } from "./lib/app.js";
import { poolOf, startBenchDb } from "./lib/db.js";
import { createFixture } from "./lib/fixtures.js";
import { chromiumPath } from "./lib/lighthouse.js";
import { seed } from "./lib/seed.js";
import { signIn } from "./lib/sign-in.js";
import { phonePage } from "./lib/phone-context.js";
import { median } from "./lib/util.js";

const argv = process.argv.slice(2);
const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(value("runs") ?? 8);
const A = path.resolve(value("a") ?? "client/dist");
const B = value("b") ? path.resolve(value("b")!) : null;
/** After the app's navigation is there: the last paints and their entries. */
const SETTLE_MS = 1500;
const TIMEOUT_MS = 60_000;

interface Figures {
  html: number;
  /** the HTML's size on the wire, KiB */
  htmlKb: number;
  fcp: number;
  photo: number | null;
  app: number;
  load: number;
}

/** What the page's observers saw (ms from the navigation's start; -1: not yet). */
interface Seen {
  fcp: number;
  lcp: number;
  lcpPhoto: boolean;
  app: number;
}

async function measure(browser: Browser, url: string, cookie: string): Promise<Figures> {
  const { context, page, cdp } = await phonePage(browser, cookie);
  await page.addInitScript(() => {
    const seen: Seen = { fcp: -1, lcp: -1, lcpPhoto: false, app: -1 };
    (window as unknown as { __wait: typeof seen }).__wait = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") seen.fcp = entry.startTime;
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const element = (entry as unknown as { element?: Element | null }).element;
        seen.lcp = entry.startTime;
        seen.lcpPhoto = element?.tagName === "IMG" && element.closest('[aria-label="Memories"]') !== null;
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new MutationObserver((_records, observer) => {
      if (seen.app < 0 && document.querySelector('nav[aria-label="Main"]')) {
        seen.app = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.goto(url, { timeout: TIMEOUT_MS });
  await page.locator('nav[aria-label="Main"]').waitFor({ timeout: TIMEOUT_MS });
  await page.waitForTimeout(SETTLE_MS);
  if (new URL(page.url()).pathname !== "/app/view-timeline") throw new Error(`${url} went to ${page.url()}`);
  const seen = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      ...(window as unknown as { __wait: Seen }).__wait,
      html: nav.responseEnd,
      htmlKb: nav.transferSize / 1024,
    };
  });
  await context.close();
  const ms = (n: number) => Math.round(n);
  return {
    html: ms(seen.html),
    htmlKb: Number(seen.htmlKb.toFixed(1)),
    fcp: ms(seen.fcp),
    photo: seen.lcpPhoto ? ms(seen.lcp) : null,
    app: ms(seen.app),
    load: Number(os.loadavg()[0]!.toFixed(1)),
  };
}

function report(label: string, runs: Figures[]): void {
  const line = (key: keyof Figures) => {
    const values = runs.map((r) => r[key]);
    const known = values.filter((v): v is number => v !== null);
    const range = known.length ? `${Math.min(...known)}–${Math.max(...known)}` : "-";
    return `${key} ${known.length ? median(known) : "-"} (${range}) [${values.map((v) => v ?? "-").join(", ")}]`;
  };
  console.log(
    `${label} (n=${runs.length}): ${(["html", "htmlKb", "fcp", "photo", "app", "load"] as const).map(line).join("; ")}`,
  );
}

async function main(): Promise<void> {
  if (!B) throw new Error("--b=<the other client build> is needed");
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("no Chromium: install it, or set CHROME_PATH");
  const db = await startBenchDb();
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const ds = await db.open("bench");
    const seeded = await seed(poolOf(ds), { users: 1000, timelines: 3000, memories: 10_000, dataDir: db.dataDir });
    const fixture = await createFixture(poolOf(ds), seeded, 1);
    const apps = { a: await startApp(ds, db.dataDir, A), b: await startApp(ds, db.dataDir, B) };
    stops.push(
      () => apps.a.close(),
      () => apps.b.close(),
    );
    const cookie = await signIn(apps.a.url, db.dataDir, fixture.viewer.email);
    const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
    stops.push(() => browser.close());
    const target = `/app/view-timeline?id=${fixture.mainTimelineId}`;
    // one load of each first, not counted: the server's first render loads its module
    for (const app of [apps.a, apps.b]) await measure(browser, app.url + target, cookie);
    const runs: Record<"a" | "b", Figures[]> = { a: [], b: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const key of i % 2 ? (["b", "a"] as const) : (["a", "b"] as const)) {
        const figures = await measure(browser, apps[key].url + target, cookie);
        runs[key].push(figures);
        console.log(`run ${i + 1} ${key}: ${JSON.stringify(figures)}`);
      }
    }
    report(`A ${path.relative(process.cwd(), A)}`, runs.a);
    report(`B ${path.relative(process.cwd(), B)}`, runs.b);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
