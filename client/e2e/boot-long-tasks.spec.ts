import { test, type Browser, type Cookie } from "./helpers/test";
import { graphql, phone, signIn } from "./helpers/journey";

/**
 * Not a journey: a measurement for docs/decisions/029-first-load-and-shell.md, run only with
 * `BOOT_TRACE=1` (like readme-screenshots.spec.ts with README_SCREENSHOTS). It opens the signed-in
 * first screens in fresh tabs with the CPU slowed 4× (as Lighthouse's mobile run) and prints the
 * main thread's long tasks from the page's own PerformanceObserver: how many took over 50 ms, their
 * total, and their blocking part (the time over 50 ms each, as total blocking time counts it), plus
 * the JavaScript the page downloaded. It asserts nothing about speed (docs/decisions/014-testing.md):
 * compare two builds by alternating runs in one session, as the machine is shared.
 */

const RUNS = Number(process.env.BOOT_TRACE_RUNS ?? 5);
const SETTLE_MS = 4000;

interface Figures {
  tasks: number;
  longMs: number;
  blockingMs: number;
  scriptKb: number;
}

async function measure(browser: Browser, baseURL: string, cookies: Cookie[], path: string) {
  const context = await browser.newContext({ ...phone, baseURL, serviceWorkers: "block" });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(path);
  await page.waitForLoadState("load");
  await page.waitForTimeout(SETTLE_MS);
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

test("long tasks of the signed-in first load at 4× CPU (figures only)", async ({ browser }, testInfo) => {
  test.skip(process.env.BOOT_TRACE !== "1", "a measurement: BOOT_TRACE=1 runs it");
  test.setTimeout(20 * 60_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const ada = await signIn(browser, baseURL, `ada-trace-${stamp}@example.com`);
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    ada,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "Trace walks", collaboratorEmail: `bo-trace-${stamp}@example.com`, privacy: "PRIVATE" } },
  );
  const cookies = await ada.context().cookies();
  for (const path of ["/app/timelines", `/app/view-timeline?id=${createTimeline.timeline.id}`]) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, baseURL, cookies, path));
    const line = (key: keyof Figures) =>
      `${key} median ${median(runs.map((r) => r[key]))} [${runs.map((r) => r[key]).join(", ")}]`;
    console.log(
      `BOOT_TRACE ${path.split("?")[0]}: ${line("tasks")}; ${line("longMs")}; ${line("blockingMs")}; ${line("scriptKb")}`,
    );
  }
});
