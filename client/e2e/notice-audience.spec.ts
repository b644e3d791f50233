import { expect as baseExpect, test, type Page } from "./helpers/test";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { proposeTimeline, sharedTimeline } from "./helpers/shared-timeline";

/**
 * Who is told (docs/decisions/007-notifications.md, docs/decisions/022-grouped-updates.md,
 * docs/decisions/003-privacy-tiers.md), four people in four phones: Ada and Bo share timelines;
 * Cy is connected to Ada (an accepted timeline of their own), Di only to Cy (two degrees from
 * Ada). A memory Ada adds to their private timeline (through Add Memory, as the app does) tells
 * Bo and nobody else. A semi-private and then a public timeline, accepted by Bo in Updates and
 * each given a memory, tell Bo of the memories and Cy, Ada's direct connection, of the rest, while
 * Di, who may see both timelines, is told nothing (the fan-out reaches direct connections only).
 * Cy's four friend events of the day (two new timelines, two new photos) are one notice, always
 * the newest, with a badge of 1. Everything is read where a person reads it: Updates and the badge.
 */

const photo = fileURLToPath(new URL("./fixtures/photo-plain.jpg", import.meta.url));
// Four phones on a shared 2-core machine: each screen gets more time than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const UPDATE_PROFILE = "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }";

const updatesLink = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Updates/ });
const notices = (page: Page, text: string | RegExp) => page.getByRole("article").filter({ hasText: text });
/** Cy's friend notices about Ada (a new timeline of hers, or her new photos). */
const FROM_ADA = /Ada Lind (and Bo Berg started a new timeline|added \d+ new photos?)/;

async function openUpdates(page: Page): Promise<void> {
  await page.goto("/app/updates");
  await expect(page.getByRole("heading", { name: "Updates", level: 1 })).toBeVisible();
}

/** Nothing new: no unread badge, nothing to mark, and no notice about `title`. */
async function expectNothingAbout(page: Page, title: string): Promise<void> {
  await openUpdates(page);
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(notices(page, `"${title}"`)).toHaveCount(0);
  await expect(updatesLink(page)).toHaveAccessibleName("Updates");
  await expect(page.getByRole("button", { name: /Mark all as read/ })).toHaveCount(0);
}

/**
 * Ada adds a memory through Add Memory; answers what the server said to the app's
 * friend-photos-uploaded call (docs/product.md §7): how many people it told.
 */
async function addMemory(
  page: Page,
  timelineId: string,
  caption: string,
): Promise<{ success: boolean; count: number }> {
  await page.goto(`/app/add-memory?timeline_id=${timelineId}`);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await readFile(photo) });
  await expect(page.getByText("Uploaded", { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("textbox", { name: /Caption/ }).fill(caption);
  const told = page.waitForResponse((r) => r.url().endsWith("/api/notifications/friend-photos-uploaded"));
  await page.getByRole("button", { name: "Add Memory" }).click();
  const response = await told;
  expect(response.status()).toBe(200);
  await expect(page.getByText("Memory added")).toBeVisible({ timeout: 20_000 });
  return (await response.json()) as { success: boolean; count: number };
}

/** Bo accepts a proposal in his Updates. */
async function acceptInUpdates(bo: Page, title: string): Promise<void> {
  await openUpdates(bo);
  const proposal = notices(bo, `invited you to share the timeline "${title}"`);
  await proposal.getByRole("button", { name: "Accept" }).click();
  await expect(proposal.getByText("You accepted")).toBeVisible();
}

/** Cy's one friend notice about Ada, once it says `text` (fan-outs after an accept run as a job). */
async function expectOneNoticeFromAda(cy: Page, text: string): Promise<void> {
  await expect(async () => {
    await openUpdates(cy);
    await expect(notices(cy, text)).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(notices(cy, FROM_ADA)).toHaveCount(1);
  await expect(notices(cy, FROM_ADA)).toContainText(`Unread: ${text}`);
  await expect(updatesLink(cy)).toHaveAccessibleName("Updates 1 unread");
}

test("a notice reaches only whom the tier lets in, and friend notices are one per person per day", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000); // four sign-ins through the outbox and three uploads on a shared machine
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const email = (name: string) => `${name}-notices-${stamp}@example.com`;
  const person = async (name: string, displayName: string) => {
    const page = await signIn(browser, baseURL, email(name));
    await graphql(page, UPDATE_PROFILE, { input: { displayName } });
    return page;
  };
  // the four sign in at once, each in a phone of their own
  const [ada, bo, cy, di] = await Promise.all([
    person("ada", "Ada Lind"),
    person("bo", "Bo Berg"),
    person("cy", "Cy Okafor"),
    person("di", "Di Novak"),
  ]);
  const errors = [ada, bo, cy, di].flatMap((page) => trackPageErrors(page));

  // The web: Ada – Cy and Cy – Di (private timelines: their acceptance tells nobody), Ada – Bo.
  await sharedTimeline(ada, cy, email("cy"), "Book club", "PRIVATE");
  await sharedTimeline(di, cy, email("cy"), "Allotment", "PRIVATE");
  const justUs = await sharedTimeline(ada, bo, email("bo"), "Just us", "PRIVATE");
  await graphql(di, "mutation { markAllNotificationsRead { count } }");

  // ---- Private: the partner only ----------------------------------------------------------------
  expect(await addMemory(ada, justUs, "Our kitchen")).toEqual({ success: true, count: 0 });
  await openUpdates(bo);
  await expect(notices(bo, 'Ada Lind added a new memory to "Just us"')).toHaveCount(1);
  await expect(updatesLink(bo)).toHaveAccessibleName("Updates 1 unread");
  await expectNothingAbout(cy, "Just us");
  await saveShot(cy, "notice-audience-01-connection-private");
  await expectNothingAbout(di, "Just us");

  // ---- Semi-private: Ada's connection hears of it; Di, who may see it, is not told -----------
  const summer = await proposeTimeline(ada, "Summer", email("bo"), "SEMI_PRIVATE");
  await acceptInUpdates(bo, "Summer");
  await expectOneNoticeFromAda(cy, 'Ada Lind and Bo Berg started a new timeline, "Summer"');
  expect(await addMemory(ada, summer, "Beach day")).toEqual({ success: true, count: 1 });
  await openUpdates(bo);
  await expect(notices(bo, 'Ada Lind added a new memory to "Summer"')).toHaveCount(1);
  // the day's notice now tells the newest event, once
  await expectOneNoticeFromAda(cy, 'Ada Lind added 1 new photo to "Summer"');
  await expect(notices(cy, "started a new timeline")).toHaveCount(0);
  await di.goto(`/app/view-timeline?id=${summer}`);
  await expect(di.getByRole("heading", { level: 1, name: "Summer" })).toBeVisible();
  await expectNothingAbout(di, "Summer");

  // ---- Public: the same people are told; still one notice from Ada for Cy today -----------------
  const openHouse = await proposeTimeline(ada, "Open house", email("bo"), "PUBLIC");
  await acceptInUpdates(bo, "Open house");
  await expectOneNoticeFromAda(cy, 'Ada Lind and Bo Berg started a new timeline, "Open house"');
  expect(await addMemory(ada, openHouse, "Garden party")).toEqual({ success: true, count: 1 });
  await expectOneNoticeFromAda(cy, 'Ada Lind added 1 new photo to "Open house"');
  await expect(notices(cy, '"Summer"')).toHaveCount(0);
  await saveShot(cy, "notice-audience-02-connection-grouped");
  await expectAccessible(cy, "Updates, one friend notice a day");
  await openUpdates(bo);
  await expect(notices(bo, 'Ada Lind added a new memory to "Open house"')).toHaveCount(1);
  await expect(notices(bo, /started a new timeline|new photo/)).toHaveCount(0);
  await expectNothingAbout(di, "Open house");
  await saveShot(di, "notice-audience-03-two-degrees");
  expect(errors).toEqual([]);
});
