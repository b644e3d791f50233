import { expect, test } from "@playwright/test";
import { phone, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * The signed-in first screen's HTML (docs/decisions/029-first-load-and-shell.md,
 * server/src/http/first-screen.ts): the page the server sends for /app/timelines already shows the
 * screen's heading, before any of the app's scripts run; the app then takes over without a second
 * heading or a spinner in its place. A visitor without a session never sees it.
 */
test("the timelines heading is painted by the server's HTML, then the app takes over", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const signedIn = await signIn(browser, baseURL, `first-screen-${Date.now()}@example.com`);
  const storageState = await signedIn.context().storageState();
  await signedIn.context().close();

  // The HTML alone: no script of the app runs (and no service worker answers instead of the server).
  const bare = await browser.newContext({ ...phone, baseURL, storageState, serviceWorkers: "block" });
  const page = await bare.newPage();
  await page.route("**/assets/*.js", (route) => route.abort());
  const response = await page.goto("/app/timelines");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Your Timelines" })).toBeVisible();
  await expect(page.getByText("Collaborative memories with those who matter most")).toBeVisible();
  const preloads = await page.locator('link[rel="modulepreload"][href*="timelines-screen"]').count();
  expect(preloads).toBe(1);
  await saveShot(page, "first-screen-01-html-only");

  // With the app: the same heading stays, the list's content follows, no page error.
  await page.unroute("**/assets/*.js");
  const errors = trackPageErrors(page);
  await page.goto("/app/timelines");
  await expect(page.getByRole("heading", { name: "No timelines yet" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("navigation")).toBeVisible();
  await saveShot(page, "first-screen-02-app");
  expect(errors).toEqual([]);
  await bare.close();

  // No session: no signed-in heading in the HTML, and the app sends the visitor to /login.
  const visitor = await browser.newContext({ ...phone, baseURL, serviceWorkers: "block" });
  const stranger = await visitor.newPage();
  const html = await (await stranger.request.get("/app/timelines")).text();
  expect(html).not.toContain("Your Timelines");
  await stranger.goto("/app/timelines");
  await expect(stranger).toHaveURL(/\/login/, { timeout: 20_000 });
  await visitor.close();
});
