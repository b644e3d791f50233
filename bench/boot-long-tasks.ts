/**
 * The signed-in boot's long tasks at 4× CPU (not part of `npm run bench`; bench/README.md):
 * `npx tsx --tsconfig bench/tsconfig.json bench/boot-long-tasks.ts [--runs=5]`. Needs a client
 * build (`npm run build`) and the system Chromium (`CHROME_PATH`, else /usr/bin/chromium).
 *
 * Seeds the quick database, signs the fixture's person in through the real flow, starts the app
 * as the load test does (lib/server-child.ts, serving client/dist), then opens the signed-in first
 * screens (`/app/timelines`, the fixture's `/app/view-timeline?id=`) `--runs` times each, every
 * time in a fresh phone-sized context with the CPU slowed 4× (DevTools'
 * `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile run). It prints, per page, the median
 * and every run of: the long tasks the page's own PerformanceObserver saw, their total, their
 * blocking part (the time over 50 ms each, as total blocking time counts it) and the JavaScript
 * downloaded. Nothing is asserted: compare two builds by alternating runs in one session, as the
 * machine is shared.
 */
import "reflect-metadata";
import { chromium, type Browser } from "@playwright/test";
import { startApp } from "./lib/app.js";
import { poolOf, startBenchDb } from "./lib/db.js";
import { createFixture } from "./lib/fixtures.js";
import { chromiumPath } from "./lib/lighthouse.js";
import { startServerChild } from "./lib/load.js";
import { seed } from "./lib/seed.js";
import { signIn } from "./lib/sign-in.js";
import { phonePage } from "./lib/phone-context.js";
import { median } from "./lib/util.js";

const argv = process.argv.slice(2);
const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(value("runs") ?? 5);
/** After the load event: long enough for the boot's last tasks (the first fetches after the screen). */
const SETTLE_MS = 4000;

interface Figures {
  tasks: number;
  longMs: number;
  blockingMs: number;
  scriptKb: number;
}

async function measure(browser: Browser, url: string, cookie: string): Promise<Figures> {
  const { context, page } = await phonePage(browser, cookie);
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(url);
  await page.waitForLoadState("load");
  await page.waitForTimeout(SETTLE_MS);
  if (new URL(page.url()).pathname === "/login") throw new Error(`${url} went to /login: the session was not accepted`);
  const figures = await page.evaluate((): Figures => {
    const tasks = (window as unknown as { __longTasks: number[] }).__longTasks;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script" || entry.name.endsWith(".js"));
    return {
      tasks: tasks.length,
      longMs: Math.round(tasks.reduce((sum, d) => sum + d, 0)),
      blockingMs: Math.round(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
      scriptKb: Math.round(
        scripts.reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0) / 1024,
      ),
    };
  });
  await context.close();
  return figures;
}

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("no Chromium: install it, or set CHROME_PATH");
  const db = await startBenchDb();
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const ds = await db.open("bench");
    const seeded = await seed(poolOf(ds), { users: 1000, timelines: 3000, memories: 10_000, dataDir: db.dataDir });
    const fixture = await createFixture(poolOf(ds), seeded, 1);
    const app = await startApp(ds, db.dataDir);
    stops.push(() => app.close());
    const cookie = await signIn(app.url, db.dataDir, fixture.viewer.email);
    const server = await startServerChild({
      databaseUrl: db.url.replace(/\/[^/]*$/, "/bench"),
      dataDir: db.dataDir,
      pin: false,
    });
    stops.push(() => server.stop());
    const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
    stops.push(() => browser.close());
    for (const path of ["/app/timelines", `/app/view-timeline?id=${fixture.mainTimelineId}`]) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.appUrl + path, cookie));
      const line = (key: keyof Figures) =>
        `${key} median ${median(runs.map((r) => r[key]))} [${runs.map((r) => r[key]).join(", ")}]`;
      console.log(
        `${path.split("?")[0]}: ${line("tasks")}; ${line("longMs")}; ${line("blockingMs")}; ${line("scriptKb")}`,
      );
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
