import { expect, test, type Page, type Request } from "./helpers/test";
import { apiGraphql, signInOverHttp } from "./helpers/api-sign-in";
import { phone } from "./helpers/journey";

/**
 * First load (docs/decisions/020-offline-and-feedback.md,
 * docs/decisions/029-first-load-and-shell.md): a signed-in first paint has no waterfall. Opening
 * `/app/timelines` and `/app/view-timeline?id=` in a fresh tab, the page from the server carries
 * both answers (server/src/web/first-data.ts), so neither is asked; a page without them (as the
 * service worker's copy of index.html) sends the session check and the screen's first query
 * together, before either has answered, and the screen's query once.
 * No service worker here, so every request is the page's own.
 *
 * "Together" is proven by holding each answer until the other request has left: the query starts
 * one task after the session check (client/src/app/prefetch.ts), and on a local server the
 * session check's answer came 2–177 ms after the query left (20 loads, load average 11), so an unheld run could fail on
 * a busy machine without any waterfall (docs/decisions/014-testing.md).
 */

interface Timing {
  sent: number;
  done: number;
}

/** When the session check and the named GraphQL operation were sent and answered. */
function watch(page: Page, operation: string) {
  const seen = { session: [] as Timing[], query: [] as Timing[] };
  const started = new Map<Request, Timing>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    const timing = { sent: Date.now(), done: Number.POSITIVE_INFINITY };
    if (url.pathname === "/api/auth/check-session") seen.session.push(timing);
    else if (url.pathname === "/graphql" && request.postData()?.includes(`"operationName":"${operation}"`))
      seen.query.push(timing);
    else return;
    started.set(request, timing);
  });
  page.on("requestfinished", (request) => {
    const timing = started.get(request);
    if (timing) timing.done = Date.now();
  });
  return seen;
}

const HOLD_MS = 10_000;

/**
 * Holds the answer to the session check until the named operation has left, and the operation's
 * answer until the session check has left (each at most HOLD_MS), and tells how each hold ended.
 * A screen that sent one only after the other's answer would leave that hold to run out.
 */
async function holdEachUntilTheOther(page: Page, operation: string) {
  const isQuery = (request: Request) =>
    new URL(request.url()).pathname === "/graphql" &&
    Boolean(request.postData()?.includes(`"operationName":"${operation}"`));
  const isSession = (request: Request) => new URL(request.url()).pathname === "/api/auth/check-session";
  const left = (matches: (request: Request) => boolean) =>
    Promise.race([
      page.waitForEvent("request", { predicate: matches, timeout: 0 }).then(() => "the other left" as const),
      new Promise<"ran out">((resolve) => setTimeout(() => resolve("ran out"), HOLD_MS)),
    ]);
  const queryLeft = left(isQuery);
  const sessionLeft = left(isSession);
  const held = { sessionAnswer: "not asked", queryAnswer: "not asked" };
  await page.route("**/api/auth/check-session", async (route) => {
    held.sessionAnswer = await queryLeft;
    await route.fallback();
  });
  await page.route("**/graphql", async (route) => {
    if (isQuery(route.request())) held.queryAnswer = await sessionLeft;
    await route.fallback();
  });
  return held;
}

test("the first screen's data comes with the page; without it, the session check and the data leave together", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const context = await browser.newContext({ ...phone, baseURL, serviceWorkers: "block" });
  // signed in over HTTP in this context (its pages share the cookie): no page opened before the ones measured
  await signInOverHttp(context.request, baseURL, `ada-first-${stamp}@example.com`);
  const { createTimeline } = await apiGraphql<{ createTimeline: { timeline: { id: string } } }>(
    context.request,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "Solo walks", collaboratorEmail: `bo-first-${stamp}@example.com`, privacy: "PRIVATE" } },
    { Origin: new URL(baseURL).origin },
  );

  for (const [path, operation, ready] of [
    ["/app/timelines", "Timelines", "Your Timelines"],
    [`/app/view-timeline?id=${createTimeline.timeline.id}`, "ViewTimeline", "Solo walks"],
  ] as const) {
    // From the server: the page's own data answers both, nothing is asked.
    const page = await context.newPage();
    let seen = watch(page, operation);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: ready })).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    expect(seen.session, `${path}: no session check`).toHaveLength(0);
    expect(seen.query, `${path}: no ${operation} query`).toHaveLength(0);

    // The same page without its data (as the service worker's index.html): both leave together, once each.
    await page.route(
      (url) => url.pathname === new URL(path, baseURL).pathname,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /<script type="application\/json" id="first-data">.*?<\/script>/,
          "",
        );
        await route.fulfill({ response, body });
      },
    );
    seen = watch(page, operation);
    const held = await holdEachUntilTheOther(page, operation);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: ready })).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    expect(held, `${path}: each request left while the other's answer was held`).toEqual({
      sessionAnswer: "the other left",
      queryAnswer: "the other left",
    });
    expect(seen.session, `${path}: one session check`).toHaveLength(1);
    expect(seen.query, `${path}: the ${operation} query once`).toHaveLength(1);
    const [session, query] = [seen.session[0]!, seen.query[0]!];
    // no waterfall: each left before the other answered
    expect(query.sent, `${path}: ${operation} sent before the session check answered`).toBeLessThanOrEqual(
      session.done,
    );
    expect(session.sent, `${path}: the session check sent before ${operation} answered`).toBeLessThanOrEqual(
      query.done,
    );
    await page.close();
  }
  await context.close();
});
