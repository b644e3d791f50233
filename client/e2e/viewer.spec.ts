import { expect, test, type Locator, type Page } from "./helpers/test";
import { fileURLToPath } from "node:url";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { doubleTap, swipe } from "./helpers/touch";

/**
 * The memory viewer and the timeline page, on a 390×844 touch phone (also 360×740 and
 * 1280×800 for the screenshots): Ada proposes two timelines to Bo; the pending pages (Bo's Accept
 * and Decline, Ada's "Waiting for …"); Bo declines one after the confirmation and accepts the
 * other; Ada adds three memories; the strip shows the tier, month markers and years; the viewer
 * moves by real touch swipes (CDP touch events), a mouse drag, the arrow keys and the buttons,
 * says "2 / 3", zooms a photo on double tap without swiping away, and closes with Escape (focus
 * back on the card) and with a swipe down.
 */

const photos = ["photo-gps.jpg", "photo-plain.jpg", "photo-gps.jpg"].map((name) =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)),
);
const shot = (page: Page, name: string) => saveShot(page, `viewer-${name}`);

async function createTimeline(page: Page, title: string, collaboratorId: string, privacy: string): Promise<string> {
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    page,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title, collaboratorId, privacy } },
  );
  return createTimeline.timeline.id;
}

/** A mouse drag (mouse down, moves, up), as on a desktop. */
async function mouseDrag(page: Page, target: Locator, dx: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to drag");
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 200);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 20 });
  await page.mouse.up();
}

const sizes = [
  { name: "390", width: 390, height: 844 },
  { name: "360", width: 360, height: 740 },
  { name: "1280", width: 1280, height: 800 },
];

test("the viewer and the timeline page: pending answers, strip, swipes, keys, zoom, close", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-${stamp}@example.com`),
    signIn(browser, baseURL, `bo-${stamp}@example.com`),
  ]);
  const adaErrors = trackPageErrors(ada);
  const boErrors = trackPageErrors(bo);
  const { me: boMe } = await graphql<{ me: { id: string; displayName: string } }>(
    bo,
    "query { me { id displayName } }",
  );
  const { me: adaMe } = await graphql<{ me: { displayName: string } }>(ada, "query { me { displayName } }");

  const trips = await createTimeline(ada, "Trips", boMe.id, "SEMI_PRIVATE");
  const later = await createTimeline(ada, "Maybe later", boMe.id, "PRIVATE");

  // ---- Pending: the creator waits, the invitee answers on the timeline's own page -------------
  await ada.goto(`/app/view-timeline?id=${trips}`);
  await expect(ada.getByRole("heading", { name: `Waiting for ${boMe.displayName} to accept` })).toBeVisible();
  await expect(ada.getByTestId("privacy-tier")).toHaveText("Privacy: Semi-private");
  await expect(ada.getByRole("heading", { name: "No memories yet" })).toHaveCount(0);
  await shot(ada, "01-pending-creator");
  await expectAccessible(ada, "View Timeline, pending (creator)");

  await bo.goto(`/app/view-timeline?id=${later}`);
  await expect(
    bo.getByRole("heading", { name: `${adaMe.displayName} invited you to share this timeline` }),
  ).toBeVisible();
  await expect(bo.getByTestId("privacy-tier")).toHaveText("Privacy: Private");
  await shot(bo, "02-pending-invitee");
  await expectAccessible(bo, "View Timeline, pending (invitee)");
  await bo.getByRole("button", { name: "Reject" }).click();
  const confirm = bo.getByRole("alertdialog", { name: "Reject this timeline?" });
  await expect(confirm).toContainText(
    "Are you sure you want to reject this timeline proposal? This action cannot be undone.",
  );
  await shot(bo, "03-decline-confirm");
  await confirm.getByRole("button", { name: "Reject" }).click();
  await expect(bo).toHaveURL(/\/app\/timelines$/);
  await expect(bo.getByRole("link", { name: /Trips/ })).toBeVisible();
  await expect(bo.getByRole("link", { name: /Maybe later/ })).toHaveCount(0);

  await bo.getByRole("link", { name: /Trips/ }).click();
  await bo.getByRole("button", { name: "Accept" }).click();
  await expect(bo.getByRole("link", { name: "Add First Memory" })).toBeVisible();
  await expect(bo.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(bo.getByText("Pending", { exact: true })).toHaveCount(0);

  // ---- Three memories, newest first on the strip ---------------------------------------------
  await addMemoryWithPhoto(
    ada,
    trips,
    {
      caption: "Harbour at dawn",
      location: "Porto",
      memoryDate: "2024-03-10",
      meaning: "The first morning of the trip, before anyone else was up.",
    },
    photos[0]!,
  );
  await addMemoryWithPhoto(
    ada,
    trips,
    {
      caption:
        "Sunset at the miradouro, the evening we sat on the wall until the lights came on across the river and the tram bells stopped, and neither of us wanted to be the first to say it was time to go back down the hill",
      location: "Lisbon",
      memoryDate: "2024-01-05",
      meaning: "The evening we decided to stay another week.",
    },
    photos[1]!,
  );
  await addMemoryWithPhoto(
    ada,
    trips,
    {
      caption: "Snow in the garden",
      location: "Oslo",
      memoryDate: "2023-12-24",
    },
    photos[2]!,
  );

  await ada.goto(`/app/view-timeline?id=${trips}`);
  const strip = ada.getByRole("list", { name: "Memories" });
  const cards = strip.getByRole("button");
  await expect(cards).toHaveCount(3);
  await expect(strip).toContainText("Mar 2024");
  await expect(strip).toContainText("Jan 2024");
  await expect(strip).toContainText("Dec 2023");
  const years = ada.getByRole("navigation", { name: "Jump to year" });
  await expect(years.getByRole("button", { name: "2024" })).toHaveAttribute("aria-current", "true");
  for (const image of await strip.locator("img").all()) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty("complete", true);
  }
  await strip.locator("..").evaluate((element) => element.scrollTo({ left: 0 }));
  for (const size of sizes) {
    await ada.setViewportSize(size);
    await shot(ada, `04-strip-${size.name}`);
  }
  await ada.setViewportSize({ width: 390, height: 844 });
  // The strip uses the screen: the photos are large and the page below them is not empty.
  const circle = await cards.first().locator("img").boundingBox();
  expect(circle?.width ?? 0).toBeGreaterThanOrEqual(200);
  const lastText = await cards.first().locator("span").last().boundingBox();
  expect((lastText?.y ?? 0) + (lastText?.height ?? 0)).toBeGreaterThan(844 / 2);
  await expectAccessible(ada, "View Timeline with the strip");

  // ---- The viewer: touch swipes, keys, buttons, position -------------------------------------
  const first = cards.first();
  await first.click();
  const viewer = ada.getByTestId("memory-viewer");
  const position = viewer.getByTestId("viewer-position");
  await expect(ada.getByRole("dialog", { name: "Harbour at dawn" })).toBeVisible();
  await expect(position).toHaveText("1 / 3");
  const current = viewer.locator("[data-active]");
  await expect(current.getByRole("img")).toHaveJSProperty("complete", true);
  expect(await current.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  for (const size of sizes) {
    await ada.setViewportSize(size);
    await shot(ada, `05-viewer-${size.name}`);
  }
  await ada.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(ada, "Memory viewer");

  // The photo fills the width of the phone (full-bleed).
  const frame = await current.locator("div").first().boundingBox();
  expect(Math.round(frame?.width ?? 0)).toBe(390);

  await swipe(ada, current.getByRole("img"), -260, 0);
  await expect(position).toHaveText("2 / 3");
  await expect(ada.getByRole("dialog", { name: /^Sunset at the miradouro/ })).toBeVisible();
  // A long caption is clamped with "more"; the details read as one card.
  const more = viewer.locator("[data-active]").getByRole("button", { name: "more" });
  await expect(more).toBeVisible();
  await shot(ada, "06-viewer-long-caption");
  await more.click();
  await expect(more).toHaveCount(0);
  await shot(ada, "07-viewer-caption-open");

  await ada.keyboard.press("ArrowRight");
  await expect(position).toHaveText("3 / 3");
  await expect(viewer.getByRole("button", { name: "Next memory" })).toBeDisabled();
  await viewer.getByRole("button", { name: "Previous memory" }).click();
  await expect(position).toHaveText("2 / 3");
  // Swipe only once the carousel has settled on the memory (its image visible and in place).
  const activeImage = viewer.locator("[data-active]").getByRole("img");
  await expect(activeImage).toBeVisible();
  await expect(activeImage).toBeInViewport({ ratio: 0.9 });
  await swipe(ada, activeImage, 260, 0);
  await expect(position).toHaveText("1 / 3");

  // Escape closes; focus is back on the card that opened the viewer.
  await ada.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(first).toBeFocused();

  // ---- Zoom: a double tap zooms the photo, and a swipe then pans instead of moving on --------
  await first.click();
  await expect(position).toHaveText("1 / 3");
  // The media frame stays put while the photo inside it zooms and pans.
  const mediaFrame = viewer.locator("[data-active] > div").first();
  await doubleTap(ada, mediaFrame);
  await expect(viewer.locator("[data-active] [data-zoomed]")).toHaveCount(1);
  await shot(ada, "08-viewer-zoomed");
  await swipe(ada, mediaFrame, -260, 0);
  await expect(position).toHaveText("1 / 3");
  await doubleTap(ada, mediaFrame);
  await expect(viewer.locator("[data-active] [data-zoomed]")).toHaveCount(0);

  // ---- A swipe down on the photo closes the viewer -------------------------------------------
  await swipe(ada, mediaFrame, 0, 220);
  await expect(viewer).toHaveCount(0);

  // ---- Desktop: a mouse drag moves, the strip takes arrow keys and the wheel ------------------
  await ada.setViewportSize({ width: 1280, height: 800 });
  await first.click();
  await expect(position).toHaveText("1 / 3");
  await mouseDrag(ada, viewer.locator("[data-active] > div").first(), -700);
  await expect(position).toHaveText("2 / 3");
  // A double click zooms on a desktop too, and a second one zooms back out.
  const desktopPhoto = await viewer.locator("[data-active]").getByRole("img").boundingBox();
  const centre = { x: (desktopPhoto?.x ?? 0) + (desktopPhoto?.width ?? 0) / 2, y: (desktopPhoto?.y ?? 0) + 150 };
  await ada.mouse.dblclick(centre.x, centre.y);
  await expect(viewer.locator("[data-active] [data-zoomed]")).toHaveCount(1);
  await ada.mouse.dblclick(centre.x, centre.y);
  await expect(viewer.locator("[data-active] [data-zoomed]")).toHaveCount(0);
  await ada.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  await first.focus();
  await ada.keyboard.press("ArrowRight");
  await expect(cards.nth(1)).toBeFocused();
  await ada.keyboard.press("End");
  await expect(cards.nth(2)).toBeFocused();
  await ada.keyboard.press("Home");
  await expect(first).toBeFocused();
  const scroller = strip.locator("..");
  await scroller.evaluate((element) => element.scrollTo({ left: 0, behavior: "instant" }));
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBe(0);
  const box = await scroller.boundingBox();
  await ada.mouse.move((box?.x ?? 0) + 100, (box?.y ?? 0) + 100);
  await ada.mouse.wheel(0, 240);
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
  await years.getByRole("button", { name: "2023" }).click();
  await expect(years.getByRole("button", { name: "2023" })).toHaveAttribute("aria-current", "true");

  // ---- Reduced motion: the viewer opens and closes without transitions ------------------------
  await ada.emulateMedia({ reducedMotion: "reduce" });
  await ada.setViewportSize({ width: 390, height: 844 });
  await years.getByRole("button", { name: "2024" }).click();
  await first.click();
  await expect(ada.locator("[data-reduced-motion]")).toHaveCount(1);
  await ada.keyboard.press("ArrowRight");
  await expect(position).toHaveText("2 / 3");
  await ada.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  expect(adaErrors).toEqual([]);
  expect(boErrors).toEqual([]);
});
