import { expect, test } from "./helpers/test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { proposeTimeline } from "./helpers/shared-timeline";
import { swipe } from "./helpers/touch";

/**
 * Several photos in one memory (docs/decisions/051-several-photos-per-memory.md), on a 390×844
 * touch phone: Ada picks three photos at once on Add Memory, sees them as a row with the first as
 * the cover, adds the memory; the strip shows the stacked-photos badge "3 photos"; the viewer
 * swipes from the first photo to the second ("Photo 2 of 3"); Edit Memory moves the third photo
 * earlier and the saved order is the new one.
 */

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** A real JPEG with bytes of its own (a few after the picture's end), so none is a duplicate. */
async function photo(name: string) {
  const bytes = Buffer.concat([await readFile(fixture("photo-plain.jpg")), Buffer.from(randomUUID())]);
  return { name, mimeType: "image/jpeg", buffer: bytes };
}

test("a memory of three photos: added at once, a badge on the strip, swiped in the viewer, reordered", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const ada = await signIn(browser, baseURL, `ada-several-${stamp}@example.com`);
  const boEmail = `bo-several-${stamp}@example.com`;
  const bo = await apiSignIn(baseURL, boEmail);
  const errors = trackPageErrors(ada);
  const timelineId = await proposeTimeline(ada, "Lisbon week", boEmail, "PRIVATE");
  await apiGraphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await bo.dispose();

  // ---- Add Memory: three photos in one go ----------------------------------------------------
  await ada.goto(`/app/add-memory?timeline_id=${timelineId}`);
  await ada
    .locator('input[type="file"]')
    .first()
    .setInputFiles([await photo("tram.jpg"), await photo("tiles.jpg"), await photo("sunset.jpg")]);
  const row = ada.getByRole("list", { name: "Photos and videos in this memory" });
  await expect(row.getByTestId("media-row-item")).toHaveCount(3);
  await expect(row.getByRole("img", { name: "Photo 1, the cover" })).toBeVisible();
  await expect(ada.getByText("3 of 10. The first is the cover.")).toBeVisible();
  // the row's buttons are real targets
  const moveLater = row.getByRole("button", { name: "Move Photo 1 later" });
  const box = await moveLater.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await expect(row.getByText(/Uploading/)).toHaveCount(0, { timeout: 30_000 });
  await ada.getByRole("textbox", { name: /Caption/ }).fill("Three from the tram");
  await saveShot(ada, "memory-media-01-add");
  await expectAccessible(ada, "Add Memory with three photos");
  await ada.getByRole("button", { name: "Add Memory" }).click();
  await expect(ada.getByText("Memory added")).toBeVisible({ timeout: 20_000 });
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));

  // ---- The strip: the badge ------------------------------------------------------------------
  const strip = ada.getByRole("list", { name: "Memories" });
  const card = strip.getByRole("button", { name: /Three from the tram/ });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: "3 photos" })).toBeVisible();
  await saveShot(ada, "memory-media-02-strip");

  const read = async () => {
    const { timeline } = await graphql<{
      timeline: { memories: { edges: { node: { id: string; media: { id: string }[] } }[] } };
    }>(ada, "query ($id: ID!) { timeline(id: $id) { memories { edges { node { id media { id } } } } } }", {
      id: timelineId,
    });
    return timeline.memories.edges[0]!.node;
  };
  const before = await read();
  expect(before.media).toHaveLength(3);

  // ---- The viewer: a swipe goes to the memory's second photo -----------------------------------
  await card.click();
  const viewer = ada.getByTestId("memory-viewer");
  const current = viewer.locator("[data-active]");
  await expect(current.getByTestId("photo-position")).toHaveAccessibleName("Photo 1 of 3");
  await swipe(ada, current.getByRole("img", { name: /Three from the tram/ }), -260, 0);
  await expect(current.getByTestId("photo-position")).toHaveAccessibleName("Photo 2 of 3");
  await expect(current.getByRole("img", { name: /Three from the tram \(photo 2 of 3\)/ })).toBeVisible();
  await saveShot(ada, "memory-media-03-viewer");
  await expectAccessible(ada, "the viewer on a memory's second photo");

  // ---- Edit Memory: the third photo moves earlier ----------------------------------------------
  await current.getByRole("button", { name: "Edit Memory" }).click();
  await expect(ada).toHaveURL(/\/app\/edit-memory\?id=/);
  const editRow = ada.getByRole("list", { name: "Photos and videos in this memory" });
  await expect(editRow.getByTestId("media-row-item")).toHaveCount(3);
  await editRow.getByRole("button", { name: "Move Photo 3 earlier" }).click();
  await saveShot(ada, "memory-media-04-edit");
  await ada.getByRole("button", { name: "Save Changes" }).click();
  await expect(ada.getByText("Memory saved")).toBeVisible({ timeout: 20_000 });
  const after = await read();
  expect(after.media.map((m) => m.id)).toEqual([before.media[0]!.id, before.media[2]!.id, before.media[1]!.id]);
  expect(errors).toEqual([]);
});
