import { expect, test, type Page } from "./helpers/test";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { expectAccessible, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { sharedTimeline } from "./helpers/shared-timeline";

/**
 * The immersive viewer (docs/decisions/059-immersive-viewer.md), on a 390×844 phone and at
 * 1280×800: a near-black ground with light text, the photo grown from the tapped circle, a bounce
 * at either end, and on desktop previous/next beside the photo; axe clean at both sizes.
 */

const GROUND = "rgb(10, 13, 12)";

/** Where a look at the grow mid-way goes (only with $E2E_SCREENSHOTS, as saveShot). */
const shotPath = (name: string) =>
  process.env.E2E_SCREENSHOTS ? `${process.env.E2E_SCREENSHOTS}/${name}.png` : undefined;

async function groundOf(page: Page): Promise<string> {
  return page
    .getByTestId("memory-viewer")
    .evaluate((dialog) => getComputedStyle(dialog.parentElement!).backgroundColor);
}

test("the immersive viewer: dark ground, grown from the circle, a bounce at the ends, side controls on desktop", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const adaEmail = `ada-polish-${stamp}@example.com`;
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, adaEmail),
    signIn(browser, baseURL, `bo-polish-${stamp}@example.com`),
  ]);
  const errors = trackPageErrors(ada);
  const timelineId = await sharedTimeline(bo, ada, adaEmail, "Lake days", "PRIVATE");
  for (const [caption, memoryDate] of [
    ["Cold swim", "2026-06-01"],
    ["Pier at noon", "2026-06-02"],
    ["Last light", "2026-06-03"],
  ]) {
    await addMemoryWithPhoto(bo, timelineId, {
      caption: caption!,
      memoryDate: memoryDate!,
      location: "Lake Bled",
      meaning: "The water was colder than we said.",
    });
  }

  // Phone: a tap on the first circle grows its photo into the viewer, on a near-black ground.
  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  await ada.getByRole("button", { name: /Last light/ }).tap();
  const viewer = ada.getByRole("dialog");
  await ada.screenshot({ path: shotPath("viewer-polish-growing-390") }).catch(() => undefined);
  await expect(viewer).toHaveAccessibleName("Last light");
  await expect(ada.locator("[data-grow]")).toHaveCount(1);
  await expect.poll(() => groundOf(ada)).toBe(GROUND);
  await expect(viewer.getByText("Last light")).toHaveCSS("color", "rgb(238, 243, 242)");

  // Before the first memory: ← and the previous button bounce instead of doing nothing.
  const viewport = viewer.locator("[data-viewer-viewport]");
  await ada.keyboard.press("ArrowLeft");
  await expect(viewport).toHaveAttribute("data-bounce", "start");
  await expect(viewport).not.toHaveAttribute("data-bounce");
  await expect(ada.getByTestId("viewer-position")).toHaveText("1 / 3");
  const previous = viewer.getByRole("button", { name: "Previous memory" });
  await expect(previous).toHaveAttribute("aria-disabled", "true");
  await expect(previous).not.toHaveAttribute("data-side");
  // aria-disabled, still pressable (Playwright waits for "enabled" unless forced)
  await previous.click({ force: true });
  await expect(viewport).toHaveAttribute("data-bounce", "start");
  await expectAccessible(ada, "Immersive viewer, phone");
  await saveShot(ada, "viewer-polish-390");

  // Past the last memory: → bounces at the other end.
  await ada.keyboard.press("ArrowRight");
  await ada.keyboard.press("ArrowRight");
  await expect(ada.getByTestId("viewer-position")).toHaveText("3 / 3");
  await ada.keyboard.press("ArrowRight");
  await expect(viewport).toHaveAttribute("data-bounce", "end");
  await expect(ada.getByTestId("viewer-position")).toHaveText("3 / 3");

  // Desktop: previous and next beside the photo, vertically centred on it; the photo uses the height.
  await ada.setViewportSize({ width: 1280, height: 800 });
  await ada.keyboard.press("ArrowLeft");
  await expect(ada.getByTestId("viewer-position")).toHaveText("2 / 3");
  const sidePrevious = viewer.getByRole("button", { name: "Previous memory" });
  const sideNext = viewer.getByRole("button", { name: "Next memory" });
  await expect(sidePrevious).toHaveAttribute("data-side", "previous");
  await expect(sideNext).toHaveAttribute("data-side", "next");
  await expect(viewer.getByRole("button", { name: "Next memory" })).toHaveCount(1);
  // once the carousel has settled on the memory
  const photo = viewer.locator("[data-active] [data-viewer-frame]");
  await expect.poll(async () => Math.round((await photo.boundingBox())?.x ?? -1)).toBe(72);
  const frame = await photo.boundingBox();
  const left = await sidePrevious.boundingBox();
  const right = await sideNext.boundingBox();
  if (!frame || !left || !right) throw new Error("the photo or its controls are not laid out");
  expect(left.x + left.width).toBeLessThanOrEqual(frame.x + 1);
  expect(right.x).toBeGreaterThanOrEqual(frame.x + frame.width - 1);
  expect(Math.abs(left.y + left.height / 2 - (frame.y + frame.height / 2))).toBeLessThan(24);
  expect(frame.height).toBeGreaterThan(600);
  await sideNext.click();
  await expect(ada.getByTestId("viewer-position")).toHaveText("3 / 3");
  await sideNext.click({ force: true });
  await expect(viewport).toHaveAttribute("data-bounce", "end");
  await expect.poll(() => groundOf(ada)).toBe(GROUND);
  await expectAccessible(ada, "Immersive viewer, desktop");
  await saveShot(ada, "viewer-polish-1280");

  await ada.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  expect(errors).toEqual([]);
});
