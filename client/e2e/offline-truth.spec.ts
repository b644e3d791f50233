import { expect, test, type Page } from "./helpers/test";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * Offline that tells the truth, on a 390×844 phone in the browser's offline mode
 * (docs/decisions/036-offline-truth-and-memory-urls.md): "Saved for offline" once, soon after the
 * first visit; every thumbnail of a visited timeline kept, also those never on screen; what was
 * never opened says "Not saved on this phone yet"; what needs the network is disabled and says why.
 */

const CREATE_TIMELINE = "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }";
const ACCEPT = "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }";
const SAVED = "Saved for offline";

async function sharedTimeline(ada: Page, bo: Parameters<typeof apiGraphql>[0], title: string, boEmail: string) {
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(ada, CREATE_TIMELINE, {
    input: { title, collaboratorEmail: boEmail, privacy: "PRIVATE" },
  });
  await apiGraphql(bo, ACCEPT, { id: createTimeline.timeline.id });
  return createTimeline.timeline.id;
}

const imageLoaded = (page: Page, caption: string) =>
  page
    .getByRole("button", { name: new RegExp(caption) })
    .locator("img")
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test("offline: saved once, every thumbnail of a visited timeline, the truth about the rest", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const boEmail = `bo-truth-${stamp}@example.com`;
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-truth-${stamp}@example.com`),
    apiSignIn(baseURL, boEmail),
  ]);
  const errors = trackPageErrors(ada);
  const trip = await sharedTimeline(ada, bo, "Island week", boEmail);
  const other = await sharedTimeline(ada, bo, "Never opened here", boEmail);
  await bo.dispose();
  // six memories: on a phone the strip shows two; the last ones are never on screen online
  const captions = ["Day one", "Day two", "Day three", "Day four", "Day five", "Day six"];
  for (const [index, caption] of captions.entries()) {
    await addMemoryWithPhoto(ada, trip, { caption, memoryDate: `2026-07-0${index + 1}`, location: "", meaning: "" });
  }
  await addMemoryWithPhoto(ada, other, { caption: "Somewhere else", location: "", meaning: "" });

  // The first visit: once the service worker has taken over, the app says it is ready offline.
  await ada.goto("/app/timelines");
  await expect(ada.getByText(SAVED)).toBeVisible({ timeout: 20_000 });
  await saveShot(ada, "offline-saved");
  await ada.getByRole("link", { name: /Island week/ }).click();
  await expect(ada.getByRole("button", { name: /Day six/ })).toBeVisible();
  // "Day one" (the oldest, at the far end) was never scrolled into view
  const oldest = ada.getByRole("button", { name: /Day one/ });
  expect(await oldest.evaluate((el) => el.getBoundingClientRect().left < window.innerWidth)).toBe(false);
  // every thumbnail is fetched into the service worker's cache (one at a time, after the screen)
  await expect
    .poll(() => ada.evaluate(async () => (await (await caches.open("keepsake-media-thumbs")).keys()).length), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(captions.length);
  // said once: not again on the next visit
  await ada.reload();
  await expect(ada.getByRole("button", { name: /Day six/ })).toBeVisible();
  await ada.waitForTimeout(1500);
  await expect(ada.getByText(SAVED)).toHaveCount(0);

  // Offline, the app opened again on the timeline: every memory with its thumbnail, also the far end.
  await ada.context().setOffline(true);
  await ada.reload();
  await expect(ada.getByTestId("offline-banner")).toContainText("Offline");
  await oldest.scrollIntoViewIfNeeded();
  await expect.poll(() => imageLoaded(ada, "Day one")).toBe(true);
  await saveShot(ada, "offline-far-thumbnail");

  // What needs the network is disabled and says why.
  const add = ada.getByRole("link", { name: "Add Memory" });
  await expect(add).toHaveAttribute("aria-disabled", "true");
  await expect(add).toHaveAccessibleDescription(/Changes need a connection/);
  await expect(ada.getByRole("link", { name: "Timeline settings" })).toHaveAttribute("aria-disabled", "true");
  await add.click({ force: true });
  await expect(ada).toHaveURL(/\/app\/view-timeline\?id=/);
  await saveShot(ada, "offline-actions");

  // A timeline never opened on this phone says so, instead of "not found".
  await ada.getByRole("link", { name: "Timelines" }).first().click();
  const create = ada.getByRole("link", { name: "Create timeline" });
  await expect(create).toHaveAttribute("aria-disabled", "true");
  await expect(create).toHaveAccessibleDescription(/Changes need a connection/);
  await ada.getByRole("link", { name: /Never opened here/ }).click();
  await expect(ada.getByRole("heading", { name: "Not saved on this phone yet" })).toBeVisible();
  await expect(ada.getByText(/Timeline not found|No memories yet/)).toHaveCount(0);
  await expectAccessible(ada, "Not saved on this phone yet");
  await saveShot(ada, "offline-not-saved");
  await ada.context().setOffline(false);
  expect(errors).toEqual([]);
});
