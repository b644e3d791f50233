import type { Page } from "@playwright/test";
import { expect, test } from "./helpers/test";
import { createMemoryInPage } from "./helpers/create-memory";
import { expectAccessible, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { sharedTimeline } from "./helpers/shared-timeline";

/**
 * A timeline that uses the screen, on a 390×844 phone (docs/decisions/057-density-switch.md):
 * the person switches a dense trip from the strip to Days, sees the memories under day headings
 * with each photo in its own shape, opens one in the viewer, and a reload keeps the choice.
 */

/** A memory with a made-up photo of `width`×`height` (drawn on a canvas in the page). */
async function addPhoto(
  page: Page,
  timelineId: string,
  width: number,
  height: number,
  hue: number,
  fields: Record<string, string>,
) {
  const blob = await page.evaluateHandle(
    async ({ width, height, hue }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext("2d")!;
      const sky = g.createLinearGradient(0, 0, 0, height);
      sky.addColorStop(0, `hsl(${hue} 70% 60%)`);
      sky.addColorStop(1, `hsl(${(hue + 50) % 360} 75% 85%)`);
      g.fillStyle = sky;
      g.fillRect(0, 0, width, height);
      g.fillStyle = `hsl(${(hue + 150) % 360} 35% 25%)`;
      g.fillRect(0, height * 0.7, width, height * 0.3);
      return new Promise<Blob>((done) => canvas.toBlob((b) => done(b!), "image/jpeg", 0.85));
    },
    { width, height, hue },
  );
  await createMemoryInPage(page, timelineId, fields, blob);
}

test("Days: the memories by day, uncropped, a tile opens the viewer, the choice kept", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const adaEmail = `ada-days-${stamp}@example.com`;
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, adaEmail),
    signIn(browser, baseURL, `bo-days-${stamp}@example.com`),
  ]);
  const errors = trackPageErrors(ada);
  const timelineId = await sharedTimeline(bo, ada, adaEmail, "Island week", "PRIVATE");
  // two days of a trip: landscapes and a portrait
  const photos: [string, string, number, number][] = [
    ["Ferry out", "2026-06-01", 1200, 900],
    ["Harbour cats", "2026-06-01", 900, 1200],
    ["Lighthouse walk", "2026-06-02", 1200, 800],
    ["Tall cliffs", "2026-06-02", 800, 1200],
    ["Fish market", "2026-06-02", 1200, 900],
  ];
  for (const [index, [caption, memoryDate, width, height]] of photos.entries())
    await addPhoto(bo, timelineId, width, height, index * 60, { caption, memoryDate, location: "", meaning: "" });

  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  await expect(ada.getByRole("heading", { level: 1, name: "Island week" })).toBeVisible();
  const views = ada.getByRole("group", { name: "Show memories as" });
  const strip = views.getByRole("button", { name: "Strip" });
  const days = views.getByRole("button", { name: "Days" });
  // the strip is the default
  await expect(strip).toHaveAttribute("aria-pressed", "true");
  await expect(ada.getByRole("list", { name: "Memories" })).toBeVisible();
  // measured once laid out (the server-painted screen is replaced by the app's in place)
  for (const target of [strip, days])
    await expect.poll(async () => (await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

  await days.tap();
  await expect(days).toHaveAttribute("aria-pressed", "true");
  await expect(ada).toHaveURL(/&view=days$/);
  // the days go the strip's way: the newest first
  await expect(ada.getByRole("heading", { level: 2 })).toHaveText(["Tuesday, Jun 2, 2026", "Monday, Jun 1, 2026"]);
  const june2 = ada.getByRole("region", { name: "Tuesday, Jun 2, 2026" });
  await expect(june2.getByRole("button")).toHaveCount(3);

  // a portrait stays a portrait and a landscape a landscape: each tile has its photo's shape
  for (const [caption, ratio] of [
    ["Tall cliffs", 800 / 1200],
    ["Lighthouse walk", 1200 / 800],
  ] as const) {
    const tile = ada.getByRole("button", { name: caption });
    await expect(tile.locator("img")).toHaveJSProperty("complete", true);
    const box = (await tile.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(ratio, 1);
    const natural = await tile.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
    expect(natural).toBeCloseTo(ratio, 1);
  }
  // the tiles use the phone's width
  const first = (await june2.getByRole("list").boundingBox())!;
  expect(first.width).toBeGreaterThan(330);
  await saveShot(ada, "density-days-390");
  await expectAccessible(ada, "View Timeline by day");

  // a tile opens the same viewer at that memory, with its URL
  // ... at the same place in the same order as the grid (and the strip)
  const tiles = await ada.getByTestId("day-tile").allTextContents();
  const position = tiles.indexOf("Harbour cats") + 1;
  expect(position).toBeGreaterThan(3);
  await ada.getByRole("button", { name: "Harbour cats" }).tap();
  const viewer = ada.getByRole("dialog");
  await expect(viewer).toHaveAccessibleName("Harbour cats");
  await expect(ada.getByTestId("viewer-position")).toHaveText(`${position} / 5`);
  await expect(ada).toHaveURL(/&view=days&memory=/);
  await ada.goBack();
  await expect(viewer).toHaveCount(0);

  // a reload keeps the choice; so does the timeline opened again without it in the link
  await ada.reload();
  await expect(ada.getByRole("heading", { level: 2, name: "Tuesday, Jun 2, 2026" })).toBeVisible();
  await expect(days).toHaveAttribute("aria-pressed", "true");
  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  await expect(ada.getByRole("heading", { level: 2, name: "Monday, Jun 1, 2026" })).toBeVisible();
  await expect(ada.getByRole("list", { name: "Memories" })).toHaveCount(0);

  // a desktop's width holds a whole day on one row
  await ada.setViewportSize({ width: 1280, height: 800 });
  const tops = await june2
    .getByTestId("day-tile")
    .evaluateAll((all) => all.map((tile) => Math.round(tile.getBoundingClientRect().top)));
  expect(tops).toHaveLength(3);
  expect(new Set(tops).size).toBe(1);
  await saveShot(ada, "density-days-1280");
  expect(errors).toEqual([]);
});
