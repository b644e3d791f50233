import { expect, test } from "./helpers/test";
import { signInOverHttp } from "./helpers/api-sign-in";
import { addDemoMemory } from "./helpers/demo-photo";
import { phone, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { sharedTimeline } from "./helpers/shared-timeline";

/**
 * The signed-in first screen's HTML (docs/decisions/029-first-load-and-shell.md,
 * server/src/web/first-screen.ts): the page the server sends for /app/timelines already shows the
 * screen's heading, before any of the app's scripts run; the app then takes over without a second
 * heading or a spinner in its place. The page also carries the person's first data
 * (server/src/web/first-data.ts), so the app asks the server neither for the session nor for the
 * screen's first query. A visitor without a session never sees either.
 */
test("the timelines heading is painted by the server's HTML, then the app takes over", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const email = `first-screen-${Date.now()}@example.com`;
  // The HTML alone: no script of the app runs (and no service worker answers instead of the server).
  const bare = await browser.newContext({ ...phone, baseURL, serviceWorkers: "block" });
  // signed in over HTTP in this context: its cookie, and no page of the app opened before this one
  await signInOverHttp(bare.request, baseURL, email);
  const page = await bare.newPage();
  await page.route("**/assets/*.js", (route) => route.abort());
  const response = await page.goto("/app/timelines");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Your Timelines" })).toBeVisible();
  await expect(page.getByText("Collaborative memories with those who matter most")).toBeVisible();
  // the person's first data is in the page (server/src/web/first-data.ts): their session and their list
  const first = JSON.parse((await page.locator("script#first-data").textContent()) ?? "null") as {
    session: { user: { email: string } };
    query: { name: string; data: { timelines: { edges: unknown[] } } };
  };
  expect(first.session.user.email).toBe(email);
  expect(first.query.name).toBe("Timelines");
  expect(first.query.data.timelines.edges).toEqual([]);
  await saveShot(page, "first-screen-01-html-only");

  // With the app: the same heading stays, the list's content follows from the page's data (no
  // session check and no timelines query over the network), no page error.
  await page.unroute("**/assets/*.js");
  const errors = trackPageErrors(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/auth/check-session") asked.push("check-session");
    if (url.pathname === "/graphql")
      asked.push(String((request.postDataJSON() as { operationName?: string })?.operationName));
  });
  await page.goto("/app/timelines");
  await expect(page.getByRole("heading", { name: "No timelines yet" })).toBeVisible({ timeout: 20_000 });
  expect(asked).not.toContain("check-session");
  expect(asked).not.toContain("Timelines");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("navigation")).toBeVisible();
  await saveShot(page, "first-screen-02-app");
  expect(errors).toEqual([]);

  // A timeline this person may not see: the page's answer is GraphQL's (none), and the app goes
  // to the access page without asking for the timeline again.
  asked.length = 0;
  await page.goto("/app/view-timeline?id=00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/app\/timeline-access-denied/, { timeout: 20_000 });
  expect(asked).not.toContain("ViewTimeline");
  expect(asked).not.toContain("check-session");
  await bare.close();

  // No session: no signed-in heading in the HTML, and the app sends the visitor to /login.
  const visitor = await browser.newContext({ ...phone, baseURL, serviceWorkers: "block" });
  const stranger = await visitor.newPage();
  const html = await (await stranger.request.get("/app/timelines")).text();
  expect(html).not.toContain("Your Timelines");
  expect(html).not.toContain("first-data");
  await stranger.goto("/app/timelines");
  await expect(stranger).toHaveURL(/\/login/, { timeout: 20_000 });
  await visitor.close();
});

/**
 * A timeline's page is the screen itself in the server's HTML (client/src/server-render/first-screen.tsx,
 * server/src/web/first-screen-render.ts): its header and its strip with the first photos show
 * before any of the app's scripts, styled, and the app then renders the same screen in the same
 * place: nothing moves.
 */
test("a timeline's strip is painted by the server with its first photos, and the app takes over in place", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `strip-ada-${stamp}@example.com`),
    signIn(browser, baseURL, `strip-bo-${stamp}@example.com`),
  ]);
  const id = await sharedTimeline(ada, bo, `strip-bo-${stamp}@example.com`, "Harbour walks", "PRIVATE");
  await addDemoMemory(ada, id, 200, { caption: "Low tide", location: "Porto", memoryDate: "2024-05-02" });
  await addDemoMemory(ada, id, 30, { caption: "Fish market", memoryDate: "2024-06-11" });
  const storageState = await ada.context().storageState();

  // The HTML alone: the header and the strip, styled, with the first photo loaded.
  const bare = await browser.newContext({ ...phone, baseURL, storageState, serviceWorkers: "block" });
  const page = await bare.newPage();
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto(`/app/view-timeline?id=${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Harbour walks" })).toBeVisible();
  await expect(page.getByText("2 memories")).toBeVisible();
  const strip = page.getByRole("list", { name: "Memories" });
  await expect(strip.getByText("Fish market")).toBeVisible();
  const photo = strip.locator("img").first();
  await expect(photo).toHaveJSProperty("complete", true);
  expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // the strip's own stylesheet applies (a round photo), though the screen's code never ran
  expect(await photo.evaluate((image) => getComputedStyle(image.parentElement!).borderRadius)).toBe("999px");
  const painted = await photo.boundingBox();
  await saveShot(page, "first-screen-03-strip-html-only");

  // With the app: the same screen in the same place, no layout shift, no request for the timeline.
  await page.unroute("**/assets/*.js");
  const errors = trackPageErrors(page);
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; sources?: { node?: Node }[] };
        const moved = (shift.sources ?? []).map((source) => (source.node as Element | undefined)?.className ?? "?");
        shifts.push(`${shift.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join(", ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/graphql")
      asked.push(String((request.postDataJSON() as { operationName?: string })?.operationName));
  });
  await page.goto(`/app/view-timeline?id=${id}`);
  // the app's own screen: the bottom navigation is the app's, not the server's
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Harbour walks" })).toHaveCount(1);
  await expect(strip.locator("img")).toHaveCount(2);
  expect(await strip.locator("img").first().boundingBox()).toEqual(painted);
  expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
  expect(asked).not.toContain("ViewTimeline");
  // the screen works: a tap opens the viewer
  await strip.getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await saveShot(page, "first-screen-04-strip-app");
  expect(errors).toEqual([]);
  await bare.close();
});
