import { expect, test, type Page } from "./helpers/test";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { apiGraphql, apiSignIn, signInOverHttp } from "./helpers/api-sign-in";
import { expectAccessible, graphql, phone, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { keptData, offlineCaches } from "./helpers/offline";

/**
 * The app's shell on a 390×844 phone: the outcome of a declined proposal in Updates,
 * the offline app (browser offline mode, after a visit: the kept lists and thumbnails under
 * "Offline", actions that say they need the network, everything removed at logout), the error
 * screen for code that fails to load (one automatic reload, then the friendly screen), the save
 * toasts, and the landing page and /login for a signed-in person.
 */

const shot = (page: Page, name: string) => saveShot(page, `shell-${name}`);
const CREATE_TIMELINE = "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }";
const ACCEPT = "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }";

async function createTimeline(page: Page, title: string, collaboratorEmail: string): Promise<string> {
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(page, CREATE_TIMELINE, {
    input: { title, collaboratorEmail, privacy: "PRIVATE" },
  });
  return createTimeline.timeline.id;
}

/**
 * The visible toast's box, at rest, starts below the Offline banner's box. A toast slides in from
 * above the screen (sonner: mounted, then a 400 ms transform transition), so its box is measured
 * once it is mounted and its transitions have ended: caught mid-slide it was above the banner.
 */
async function expectBelowBanner(page: Page): Promise<void> {
  const banner = await page.getByTestId("offline-banner").boundingBox();
  const toastAtRest = page.locator('[data-sonner-toast][data-mounted="true"]').first();
  await expect(toastAtRest).toBeVisible();
  await toastAtRest.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const toast = await toastAtRest.boundingBox();
  expect(banner && toast, "banner and toast on screen").toBeTruthy();
  expect(toast!.y).toBeGreaterThanOrEqual(banner!.y + banner!.height);
}

/** Loaded thumbnails (decoded, not broken) among the page's images. */
async function loadedImages(page: Page): Promise<number> {
  return page.evaluate(
    () => [...document.querySelectorAll("img")].filter((img) => img.complete && img.naturalWidth > 0).length,
  );
}

test("Updates: a declined proposal says so, in place of its buttons", async ({ browser }, testInfo) => {
  test.setTimeout(90_000); // two people sign in through the outbox first
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const adaEmail = `ada-decline-${stamp}@example.com`;
  // Carl only proposes: he signs in over HTTP alone, without a page of the app
  const [ada, carl] = await Promise.all([
    signIn(browser, baseURL, adaEmail),
    apiSignIn(baseURL, `carl-${stamp}@example.com`),
  ]);
  await apiGraphql(carl, CREATE_TIMELINE, {
    input: { title: "Not for us", collaboratorEmail: adaEmail, privacy: "PRIVATE" },
  });
  await carl.dispose();

  await ada.goto("/app/updates");
  const proposal = ada.getByRole("article").filter({ hasText: '"Not for us"' });
  await expect(proposal.getByRole("button", { name: "Reject" })).toBeVisible();
  await proposal.getByRole("button", { name: "Reject" }).click();
  await ada.getByRole("alertdialog").getByRole("button", { name: "Reject" }).click();
  await expect(proposal.getByText("You rejected")).toBeVisible();
  await expect(proposal.getByRole("button")).toHaveCount(0);
  await expect(
    ada.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Updates/ }),
  ).toHaveAccessibleName("Updates");
  await expectAccessible(ada, "Updates, declined");
  await shot(ada, "updates-declined");
});

test("offline: the last lists and thumbnails under Offline, actions say so, logout removes it all", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const boEmail = `bo-offline-${stamp}@example.com`;
  // Bo only accepts: he signs in over HTTP alone, without a page of the app
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-offline-${stamp}@example.com`),
    apiSignIn(baseURL, boEmail),
  ]);
  const errors = trackPageErrors(ada);
  const timelineId = await createTimeline(ada, "Our kitchen", boEmail);
  await apiGraphql(bo, ACCEPT, { id: timelineId });
  await bo.dispose();
  await addMemoryWithPhoto(ada, timelineId, { caption: "Bread, finally", location: "Home", meaning: "" });

  // An online visit: the service worker takes over, then the lists and their thumbnails are seen.
  await ada.goto("/app/timelines");
  await ada.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => ada.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await ada.goto("/app/edit-profile");
  await expect(ada.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  await expect.poll(() => keptData(ada)).toContain('"me"');
  await ada.goto("/app/memories");
  await expect(ada.getByRole("list", { name: "Memories, newest first" }).getByRole("button")).toHaveCount(1);
  await expect.poll(() => loadedImages(ada)).toBeGreaterThan(0);
  // Kept a moment after the answer arrives.
  await expect.poll(() => keptData(ada)).toContain("Bread, finally");
  await ada.goto("/app/updates");
  await expect(ada.getByRole("button", { name: /^Mark all as read/ })).toBeVisible();
  await expect.poll(() => keptData(ada)).toContain("notifications");
  await ada.goto("/app/timelines");
  const card = ada.getByRole("link", { name: /Our kitchen/ });
  await expect(card).toBeVisible();
  await expect.poll(() => loadedImages(ada)).toBeGreaterThan(0);
  await expect.poll(() => keptData(ada)).toContain("Our kitchen");

  // Offline, the app opened again: not /login, but what Ada saw last, read-only, under "Offline".
  await ada.context().setOffline(true);
  await ada.reload();
  await expect(ada).toHaveURL(/\/app\/timelines$/);
  await expect(ada.getByTestId("offline-banner")).toContainText("Offline");
  await expect(ada.getByRole("link", { name: /Our kitchen/ })).toBeVisible();
  await expect.poll(() => loadedImages(ada)).toBeGreaterThan(0);
  await shot(ada, "offline-timelines");
  await ada.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Memories" }).click();
  await expect(ada.getByRole("list", { name: "Memories, newest first" }).getByRole("button")).toHaveCount(1);
  await expect.poll(() => loadedImages(ada)).toBeGreaterThan(0);
  await shot(ada, "offline-memories");
  await expectAccessible(ada, "Memories, offline");

  // A form's save needs the network: disabled, and the banner's line says why.
  await ada.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await ada.getByRole("link", { name: "Edit Profile" }).click();
  const save = ada.getByRole("button", { name: "Save Changes" });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(/Changes need a connection/);
  await shot(ada, "offline-action");
  // Updates' answers need the network too; View stays a link, and the read mark it would send says
  // at once that it could not go.
  await ada
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Updates/ })
    .click();
  const markAll = ada.getByRole("button", { name: /^Mark all as read/ });
  await expect(markAll).toBeDisabled();
  await expect(markAll).toHaveAccessibleDescription(/Changes need a connection/);
  await ada.getByRole("link", { name: "View" }).first().click();
  await expect(ada.getByText("You're offline")).toBeVisible();
  // The toast sits below the Offline banner, never over it (also scrolled: the banner is sticky).
  await expectBelowBanner(ada);
  await ada.mouse.wheel(0, 400);
  await expectBelowBanner(ada);

  // Back online: the banner goes. Logout removes the kept cache and the cached thumbnails.
  await ada.context().setOffline(false);
  await ada.goto("/app/profile");
  await expect(ada.getByTestId("offline-banner")).toHaveCount(0);
  expect((await offlineCaches(ada)).media.length).toBeGreaterThan(0);
  await ada.getByRole("button", { name: "Log out", exact: true }).click();
  await expect(ada).toHaveURL(/\/login$/);
  await expect.poll(() => offlineCaches(ada)).toEqual({ media: [], account: false });

  // Offline after the logout, the app has nothing of Ada's to show: it goes to /login.
  await ada.context().setOffline(true);
  await ada.goto("/app/timelines").catch(() => undefined);
  await expect(ada).toHaveURL(/\/login$/);
  await expect(ada.getByRole("link", { name: /Our kitchen/ })).toHaveCount(0);
  await ada.context().setOffline(false);
  expect(errors).toEqual([]);
});

test("a screen whose code fails to load reloads once, then shows the friendly error screen", async ({
  browser,
}, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  // No service worker here: the missing chunk must come from the network, as after a deploy.
  const context = await browser.newContext({ ...phone, baseURL, serviceWorkers: "block" });
  // signed in over HTTP in this context: its first page is the one under test
  await signInOverHttp(context.request, baseURL, `ada-chunk-${Date.now()}@example.com`);
  const page = await context.newPage();
  let loads = 0;
  page.on("load", () => (loads += 1));
  await page.route(/\/assets\/updates-screen-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: "" }));

  await page.goto("/app/updates");
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  expect(loads).toBe(2);
  await expect(page.getByText(/Part of Keepsake could not be loaded/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(page.getByText(/Hey developer|ErrorBoundary|errorElement/)).toHaveCount(0);
  await expectAccessible(page, "Error screen");
  await shot(page, "error-screen");

  await page.getByRole("link", { name: "Go to timelines" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Timelines" })).toBeVisible();
  await context.close();
});

test("saving confirms with a toast; the landing page and /login know a signed-in person", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000); // two people sign in through the outbox first
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const boEmail = `bo-toast-${stamp}@example.com`;
  // Bo is only the other person of the timeline: he signs in over HTTP alone
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-toast-${stamp}@example.com`),
    apiSignIn(baseURL, boEmail),
  ]);
  await bo.dispose();
  const timelineId = await createTimeline(ada, "Toast test", boEmail);

  await ada.goto("/app/edit-profile");
  await ada.getByRole("textbox", { name: /Display name/i }).fill(`Ada ${stamp}`);
  await ada.getByRole("button", { name: "Save Changes" }).click();
  await expect(ada).toHaveURL(/\/app\/profile$/);
  await expect(ada.getByText("Profile saved")).toBeVisible();
  await shot(ada, "toast-profile");

  await ada.goto(`/app/timeline-settings?id=${timelineId}`);
  await ada.getByRole("textbox", { name: /Title/ }).fill("Toast, renamed");
  await ada.getByRole("button", { name: "Save Changes" }).click();
  await expect(ada.getByText("Settings saved")).toBeVisible();

  // Signed in: the landing page offers "Open Keepsake", and /login goes on to the app.
  await ada.goto("/");
  const open = ada.locator("header.site-header").getByRole("link", { name: "Open Keepsake" });
  await expect(open).toHaveAttribute("href", "/app");
  await shot(ada, "landing-signed-in");
  await open.click();
  await expect(ada.getByRole("heading", { level: 1, name: "Your Timelines" })).toBeVisible();
  await ada.goto("/login");
  await expect(ada).toHaveURL(/\/app$/);
  await expect(ada.getByRole("heading", { level: 1, name: "Your Timelines" })).toBeVisible();
});
