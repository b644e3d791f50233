import { expect, test } from "./helpers/test";
import { expectAccessible, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { memoriesOf, photos, sharedTimelineOf } from "./helpers/trip-photos";

/**
 * Shared from the phone (docs/decisions/058-add-many-and-share-target.md): with the service worker
 * active, photos POSTed to the manifest's share target (as the phone's share sheet does) are kept
 * by the service worker, which answers 303 to the page that asks which timeline; Add many opens
 * with them, groups them by day and saves them.
 */
test("photos shared to the installed app open Add many for the timeline chosen", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const ada = await signIn(browser, baseURL, `ada-share-${stamp}@example.com`);
  const errors = trackPageErrors(ada);
  await sharedTimelineOf(ada, baseURL, stamp, "Shared from the phone");
  const timelineId = await sharedTimelineOf(ada, baseURL, stamp + 1, "The lake");
  const files = [
    ...(await photos(testInfo.outputPath("shared"), "2026-09-12", 2, 30)),
    ...(await photos(testInfo.outputPath("shared"), "2026-09-13", 1, 160)),
  ];

  await ada.goto("/app/timelines");
  await expect
    .poll(() => ada.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 })
    .toBe(true);

  // What the share sheet sends: a multipart POST of the files to the manifest's action.
  await ada.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.enctype = "multipart/form-data";
    form.action = "/app/share-target";
    form.id = "share-sheet";
    const input = document.createElement("input");
    input.type = "file";
    input.name = "media";
    input.multiple = true;
    form.append(input);
    document.body.append(form);
  });
  await ada.locator('#share-sheet input[name="media"]').setInputFiles(files);
  await ada.evaluate(() => (document.getElementById("share-sheet") as HTMLFormElement).submit());

  await expect(ada).toHaveURL(/\/app\/share-target\?batch=[\w-]+$/);
  await expect(ada.getByRole("heading", { name: "Add to which timeline?" })).toBeVisible();
  await expect(ada.getByText("3 photos and videos shared")).toBeVisible();
  await saveShot(ada, "share-target-choose");
  await expectAccessible(ada, "Share target");
  await ada.getByRole("link", { name: "The lake" }).click();

  await expect(ada).toHaveURL(/\/app\/add-many\?timeline_id=/);
  await expect(ada.getByTestId("trip-memory")).toHaveCount(2);
  await expect(ada.getByText("3 of 3 uploaded")).toBeVisible({ timeout: 30_000 });
  await ada
    .getByTestId("trip-memory")
    .first()
    .getByRole("textbox", { name: /Caption/ })
    .fill("Morning on the lake");
  await ada.getByRole("button", { name: "Save all (2 memories)" }).click();
  await expect(ada).toHaveURL(/\/app\/view-timeline\?id=/, { timeout: 30_000 });

  const memories = await memoriesOf(ada, timelineId);
  expect(memories.map((m) => [m.caption, m.memoryDate, m.media.length])).toEqual([
    ["Morning on the lake", "2026-09-12", 2],
    ["", "2026-09-13", 1],
  ]);
  // the shared files are not kept once their memories are made
  await expect
    .poll(() => ada.evaluate(async () => (await (await caches.open("keepsake-media-shared")).keys()).length))
    .toBe(0);
  expect(errors).toEqual([]);
});
