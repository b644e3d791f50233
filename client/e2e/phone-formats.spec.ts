import { expect, test, type Locator, type Page } from "./helpers/test";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expectAccessible, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { sharedTimeline } from "./helpers/shared-timeline";

/**
 * Issue 28 (docs/decisions/034-media-formats.md): Ada adds, at phone size and through the app,
 * the files an iPhone makes: a HEIC photo stored sideways with a rotation, and an HEVC QuickTime
 * video stored sideways with a rotation (neither of which Chromium can show). The server decodes
 * the photo and transcodes the video; Bo, her partner, sees the photo upright and plays the
 * video, upright, in Chromium. Both fixtures are red on top and blue below when upright.
 */

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const signed = (variant: string) => new RegExp(`/media/[0-9a-f-]{36}/${variant}\\?exp=\\d+&sig=[\\w-]+$`);

async function addMemory(page: Page, timelineId: string, file: { name: string; mimeType: string }, caption: string) {
  await page.goto(`/app/add-memory?timeline_id=${timelineId}`);
  await page.locator('input[type="file"]').setInputFiles({ ...file, buffer: await readFile(fixture(file.name)) });
  await expect(page.getByText("Uploaded", { exact: true })).toBeVisible({ timeout: 30_000 });
  // the browser cannot show the file itself: the preview is the server's picture of it
  const preview = page.getByRole("img", { name: /Preview of the chosen/ });
  await expect(preview).toHaveAttribute("src", signed(file.mimeType.startsWith("video") ? "poster" : "display"));
  await expect(page.getByLabel("Date")).toHaveValue("2023-07-14"); // the capture date the server read
  await page.getByRole("textbox", { name: /Caption/ }).fill(caption);
  await saveShot(page, `phone-formats-add-${file.name}`);
  await page.getByRole("button", { name: "Add Memory" }).click();
  await expect(page.getByText("Memory added")).toBeVisible({ timeout: 20_000 });
}

/** Colours near the top and the bottom of what an <img> or a <video> shows, and its size. */
function picture(element: Locator) {
  return element.evaluate((el: HTMLImageElement | HTMLVideoElement) => {
    const width = el instanceof HTMLVideoElement ? el.videoWidth : el.naturalWidth;
    const height = el instanceof HTMLVideoElement ? el.videoHeight : el.naturalHeight;
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d")!;
    context.drawImage(el, 0, 0);
    const name = (y: number) => {
      const [r, , b] = context.getImageData(width >> 1, Math.floor(height * y), 1, 1).data;
      return r! > 180 && b! < 80 ? "red" : b! > 180 && r! < 80 ? "blue" : `${r},${b}`;
    };
    return { width, height, top: name(0.1), bottom: name(0.9) };
  });
}

test("a HEIC photo and an HEVC video from a phone: upright for the partner, and the video plays", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const boEmail = `bo-formats-${stamp}@example.com`;
  const ada = await signIn(browser, baseURL, `ada-formats-${stamp}@example.com`);
  const bo = await signIn(browser, baseURL, boEmail);
  const errors = [...trackPageErrors(ada), ...trackPageErrors(bo)];
  const timelineId = await sharedTimeline(ada, bo, boEmail, "Lisbon", "PRIVATE");

  await addMemory(ada, timelineId, { name: "photo-rotated.heic", mimeType: "image/heic" }, "Tram 28");
  await addMemory(ada, timelineId, { name: "clip-hevc.mov", mimeType: "video/quicktime" }, "Miradouro");

  // ---- Bo: the strip shows both (the video by its server-made poster) -------------------------
  await bo.goto(`/app/view-timeline?id=${timelineId}`);
  const strip = bo.getByRole("list", { name: "Memories" });
  const photoCard = strip.getByRole("button", { name: /Tram 28/ });
  const videoCard = strip.getByRole("button", { name: /Miradouro/ });
  await expect(photoCard.locator("img")).toHaveAttribute("src", signed("thumb"));
  await expect(videoCard.locator("img")).toHaveAttribute("src", signed("poster"));
  await saveShot(bo, "phone-formats-01-strip");

  // ---- The photo, upright: portrait, red on top -------------------------------------------------
  await photoCard.click();
  const viewer = bo.getByTestId("memory-viewer");
  const photo = viewer.locator("[data-active] img");
  await expect(photo).toHaveAttribute("src", signed("display"));
  await expect(photo).toHaveJSProperty("complete", true);
  expect(await picture(photo)).toEqual({ width: 480, height: 640, top: "red", bottom: "blue" });
  await saveShot(bo, "phone-formats-02-heic");
  await bo.keyboard.press("Escape");

  // ---- The video: transcoded to H.264, upright (portrait), and it plays --------------------------
  await videoCard.click();
  const video = viewer.locator("[data-active] video");
  // a copy still being made shows its poster and a calm note, then the video by itself
  await expect(video).toHaveAttribute("src", signed("video"), { timeout: 60_000 });
  await expect(video).toHaveAttribute("poster", signed("poster"));
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.played.length ? v.played.end(v.played.length - 1) : 0)), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.3);
  await saveShot(bo, "phone-formats-03-hevc-playing");
  // a frame it played, as Chromium decoded it: portrait, red on top
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  expect(await picture(video)).toEqual({ width: 180, height: 320, top: "red", bottom: "blue" });
  await expectAccessible(bo, "Memory viewer, a transcoded phone video");
  expect(errors).toEqual([]);
});
