import { expect, test, type Response } from "./helpers/test";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { expectAccessible, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { proposeTimeline } from "./helpers/shared-timeline";

/**
 * The viewer's video (docs/decisions/018-viewer-and-strip.md,
 * docs/decisions/004-media-pipeline.md): Ada picks a real WebM clip (VP9, 2 s, 640×360) on Add
 * Memory; the app captures its poster frame in the browser and uploads both. The strip's card
 * shows the poster; the viewer's <video> has the poster, `playsinline` and controls, plays inline
 * when tapped (its time advances, nothing goes fullscreen), and every byte of it and of the poster
 * comes from a signed /media URL (a URL with a wrong signature is refused).
 */

const clip = fileURLToPath(new URL("./fixtures/clip.webm", import.meta.url));
/** A signed media URL of one variant: /media/<id>/<variant>?exp=<unix>&sig=<base64url>. */
const signed = (variant: string) => new RegExp(`/media/[0-9a-f-]{36}/${variant}\\?exp=\\d+&sig=[\\w-]+$`);

test("a video memory: its poster on the strip, and inline playback with the poster in the viewer", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const ada = await signIn(browser, baseURL, `ada-video-${stamp}@example.com`);
  const errors = trackPageErrors(ada);
  const boEmail = `bo-video-${stamp}@example.com`;
  const bo = await apiSignIn(baseURL, boEmail);
  const timelineId = await proposeTimeline(ada, "Seaside", boEmail, "PRIVATE");
  await apiGraphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await bo.dispose();

  const media: Response[] = [];
  ada.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/media/")) media.push(response);
  });

  // ---- Add Memory with the clip: a video preview, the upload, the save -----------------------
  await ada.goto(`/app/add-memory?timeline_id=${timelineId}`);
  await ada
    .locator('input[type="file"]')
    .setInputFiles({ name: "waves.webm", mimeType: "video/webm", buffer: await readFile(clip) });
  await expect(ada.getByLabel("Preview of the chosen video")).toBeVisible();
  await expect(ada.getByText("Uploaded", { exact: true })).toBeVisible({ timeout: 20_000 });
  await ada.getByRole("textbox", { name: /Caption/ }).fill("Waves at the pier");
  await ada.getByRole("button", { name: "Add Memory" }).click();
  await expect(ada.getByText("Memory added")).toBeVisible({ timeout: 20_000 });
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));

  // ---- The strip: the card shows the poster frame (a real image, the video's size) -----------
  const card = ada.getByRole("list", { name: "Memories" }).getByRole("button", { name: /Waves at the pier/ });
  const cardImage = card.locator("img");
  await expect(cardImage).toHaveAttribute("src", signed("poster"));
  await expect(cardImage).toHaveJSProperty("complete", true);
  expect(await cardImage.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    640, 360,
  ]);
  await saveShot(ada, "viewer-video-01-strip");

  // ---- The viewer: <video> with the poster, inline, with controls ----------------------------
  await card.click();
  const viewer = ada.getByTestId("memory-viewer");
  await expect(ada.getByRole("dialog", { name: "Waves at the pier" })).toBeVisible();
  const video = viewer.locator("[data-active] video");
  await expect(video).toHaveAttribute("poster", signed("poster"));
  await expect(video).toHaveAttribute("src", signed("video"));
  await expect(video).toHaveAttribute("playsinline", "");
  await expect(video).toHaveAttribute("controls", "");
  await expect(video).toHaveJSProperty("paused", true);
  // Full-bleed on the phone, the video's own shape (640×360), metadata read from the signed URL.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([640, 360]);
  const before = await video.boundingBox();
  expect(Math.round(before?.width ?? 0)).toBe(390);
  expect(Math.round(before?.height ?? 0)).toBe(Math.round((390 * 360) / 640));
  await saveShot(ada, "viewer-video-02-poster");
  await expectAccessible(ada, "Memory viewer, video");

  // ---- Playing it: a tap shows the controls, a tap on ▶ plays it, inline ----------------------
  // Chromium's phone controls sit in the video's own (closed) shadow root: ▶ is the first
  // control of its bottom bar, 24 px from the left and 48 px above the bottom.
  await video.evaluate((v: HTMLVideoElement & { webkitDisplayingFullscreen?: boolean }) => {
    const seen = { playing: false, fullscreen: false };
    (window as unknown as { videoSeen: typeof seen }).videoSeen = seen;
    const check = () => {
      seen.fullscreen ||= Boolean(document.fullscreenElement) || Boolean(v.webkitDisplayingFullscreen);
    };
    v.addEventListener("playing", () => {
      seen.playing = true;
      check();
    });
    v.addEventListener("timeupdate", check);
    document.addEventListener("fullscreenchange", () => (seen.fullscreen = true));
  });
  await ada.touchscreen.tap(before!.x + before!.width / 2, before!.y + before!.height / 2);
  await ada.touchscreen.tap(before!.x + 24, before!.y + before!.height - 48);
  const seen = () => ada.evaluate(() => (window as unknown as { videoSeen: { playing: boolean } }).videoSeen);
  await expect.poll(async () => (await seen()).playing, { timeout: 15_000 }).toBe(true);
  await saveShot(ada, "viewer-video-03-playing");
  // Played, not sought: the browser's own record of what it played grows past a third of a second.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.played.length ? v.played.end(v.played.length - 1) : 0)))
    .toBeGreaterThan(0.3);
  expect(await seen()).toEqual({ playing: true, fullscreen: false });
  expect(await ada.evaluate(() => document.fullscreenElement)).toBeNull();
  expect(await video.boundingBox()).toEqual(before);
  await expect(viewer).toBeVisible();

  // ---- Every byte came from a signed URL, and the signature is checked ------------------------
  const videoSrc = await video.getAttribute("src");
  const posterSrc = await video.getAttribute("poster");
  const served = (url: string) =>
    media.filter((response) => response.url().endsWith(url.replace(/^.*\/media\//, "/media/")));
  expect(served(videoSrc!).map((r) => r.status())).not.toHaveLength(0);
  for (const response of served(videoSrc!)) {
    expect([200, 206]).toContain(response.status());
    expect(response.headers()["content-type"]).toBe("video/webm");
  }
  expect(served(posterSrc!).map((r) => r.status())).toContain(200);
  for (const response of media) expect(new URL(response.url()).searchParams.get("sig")).toBeTruthy();
  const forged = new URL(videoSrc!, baseURL);
  forged.searchParams.set("sig", "A".repeat(43));
  expect((await ada.request.get(forged.toString())).status()).toBe(404);
  expect((await ada.request.get(new URL(videoSrc!, baseURL).toString())).status()).toBe(200);

  await ada.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  expect(errors).toEqual([]);
});
