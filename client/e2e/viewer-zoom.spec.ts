import { expect, test, type Locator } from "./helpers/test";
import { fileURLToPath } from "node:url";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { proposeTimeline } from "./helpers/shared-timeline";
import { doubleTap, pinch, swipe } from "./helpers/touch";

/**
 * Pinch zoom in the viewer (docs/decisions/018-viewer-and-strip.md): on a 390×844 touch
 * phone, two fingers moving apart on a photo zoom it (the photo grows past the screen), one finger
 * then pans it and does not move to the next memory, two fingers moving together bring it back to
 * fit; a second pinch, undone by a double tap; once back at fit, the same swipe moves on. The
 * gestures are real touch input with two touch points (the DevTools protocol's
 * Input.dispatchTouchEvent), read by react-zoom-pan-pinch as in a phone's browser.
 */

const photos = ["photo-plain.jpg", "photo-gps.jpg"].map((name) =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)),
);

/** The photo's zoom: the scale of the transform react-zoom-pan-pinch puts on its content. */
const scaleOf = (image: Locator) =>
  image.evaluate((img) => new DOMMatrixReadOnly(getComputedStyle(img.parentElement!).transform).a);

test("a two-finger pinch zooms a photo and pans it without leaving it; a pinch back or a double tap returns to fit", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const ada = await signIn(browser, baseURL, `ada-zoom-${stamp}@example.com`);
  const errors = trackPageErrors(ada);
  const boEmail = `bo-zoom-${stamp}@example.com`;
  const bo = await apiSignIn(baseURL, boEmail);
  const timelineId = await proposeTimeline(ada, "Harbour walks", boEmail, "PRIVATE");
  await apiGraphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await bo.dispose();
  await addMemoryWithPhoto(ada, timelineId, { caption: "Boats", memoryDate: "2024-05-02" }, photos[0]);
  await addMemoryWithPhoto(ada, timelineId, { caption: "Lighthouse", memoryDate: "2024-04-20" }, photos[1]);

  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  await ada.getByRole("list", { name: "Memories" }).getByRole("button", { name: /Boats/ }).click();
  const viewer = ada.getByTestId("memory-viewer");
  const position = viewer.getByTestId("viewer-position");
  await expect(position).toHaveText("1 / 2");
  const frame = viewer.locator("[data-active] > div").first();
  const photo = viewer.locator("[data-active]").getByRole("img");
  await expect(photo).toHaveJSProperty("complete", true);
  await expect(photo).toBeInViewport({ ratio: 0.9 });
  const fit = (await photo.boundingBox())!;
  expect(Math.round(fit.width)).toBe(390);
  expect(await scaleOf(photo)).toBe(1);

  // ---- Two fingers apart: the photo zooms in ------------------------------------------------
  await pinch(ada, frame, 60, 240);
  await expect(frame).toHaveAttribute("data-zoomed", "true");
  await expect.poll(() => scaleOf(photo)).toBeGreaterThan(2);
  const zoomed = (await photo.boundingBox())!;
  expect(zoomed.width).toBeGreaterThan(fit.width * 2);
  await saveShot(ada, "viewer-zoom-01-pinched");

  // ---- One finger while zoomed: the photo pans, the memory stays ------------------------------
  await swipe(ada, frame, -260, 0);
  const panned = (await photo.boundingBox())!;
  expect(panned.x).toBeLessThan(zoomed.x - 50);
  await expect(position).toHaveText("1 / 2");
  await expect(ada.getByRole("dialog", { name: "Boats" })).toBeVisible();
  await saveShot(ada, "viewer-zoom-02-panned");

  // ---- Two fingers together: back to fit ---------------------------------------------------------
  await pinch(ada, frame, 260, 40);
  await expect(frame).not.toHaveAttribute("data-zoomed");
  await expect.poll(() => scaleOf(photo)).toBe(1);
  await expect.poll(async () => Math.round((await photo.boundingBox())!.width)).toBe(390);

  // ---- Pinched again, a double tap returns to fit ---------------------------------------------
  await pinch(ada, frame, 80, 220);
  await expect(frame).toHaveAttribute("data-zoomed", "true");
  await doubleTap(ada, frame);
  await expect(frame).not.toHaveAttribute("data-zoomed");
  await expect.poll(() => scaleOf(photo)).toBe(1);
  await saveShot(ada, "viewer-zoom-03-fit");

  // ---- At fit, the same swipe moves to the next memory -------------------------------------------
  await swipe(ada, frame, -260, 0);
  await expect(position).toHaveText("2 / 2");
  await expect(ada.getByRole("dialog", { name: "Lighthouse" })).toBeVisible();
  expect(errors).toEqual([]);
});
