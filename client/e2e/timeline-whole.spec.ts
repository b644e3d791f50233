import { expect, test } from "./helpers/test";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * The strip and the viewer cover the whole timeline, not only its first page of 30, on a 390×844
 * phone (docs/decisions/036-offline-truth-and-memory-urls.md): the year scrubber lists a year whose
 * memories are on a page not read yet and goes there; the viewer counts every memory ("1 / 33");
 * on a desktop the strip uses the screen's width.
 */

test("the year scrubber and the viewer's count cover the whole timeline", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const boEmail = `bo-whole-${stamp}@example.com`;
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-whole-${stamp}@example.com`),
    apiSignIn(baseURL, boEmail),
  ]);
  const errors = trackPageErrors(ada);
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    ada,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "A long summer", collaboratorEmail: boEmail, privacy: "PRIVATE" } },
  );
  const timelineId = createTimeline.timeline.id;
  await apiGraphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await bo.dispose();
  // 31 memories of August 2025 fill the first page (30) and more; two of 2019 are on the second
  for (let day = 1; day <= 31; day++) {
    const date = `2025-08-${String(day).padStart(2, "0")}`;
    await addMemoryWithPhoto(ada, timelineId, {
      caption: `August ${day}`,
      memoryDate: date,
      location: "",
      meaning: "",
    });
  }
  for (const caption of ["Where it began", "The first trip"]) {
    await addMemoryWithPhoto(ada, timelineId, { caption, memoryDate: "2019-05-30", location: "", meaning: "" });
  }

  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  const years = ada.getByRole("navigation", { name: "Jump to year" });
  await expect(years.getByRole("button")).toHaveText(["2025", "2019"]);
  await saveShot(ada, "whole-timeline-years");
  // the viewer counts the whole timeline while 30 of its 33 memories are read
  await ada.getByRole("button", { name: /August 31/ }).click();
  await expect(ada.getByTestId("viewer-position")).toHaveText("1 / 33");
  await saveShot(ada, "whole-timeline-viewer");
  await ada.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(ada.getByRole("dialog")).toHaveCount(0);
  await years.getByRole("button", { name: "2019" }).click();
  const first = ada.getByRole("button", { name: /Where it began|The first trip/ }).first();
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  await expectAccessible(ada, "Strip at a year on the second page");
  await saveShot(ada, "whole-timeline-2019");

  // On a desktop the strip uses the screen's width: at 1280×800, four whole memories and more.
  await ada.setViewportSize({ width: 1280, height: 800 });
  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  await expect(ada.getByRole("button", { name: /August 31/ })).toBeVisible();
  // whole memories inside the strip's scrolling box (what is past its edge is clipped)
  const whole = await ada.getByRole("list", { name: "Memories" }).evaluate((list) => {
    const seen = list.parentElement!.getBoundingClientRect();
    return [...list.querySelectorAll("button")].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.left >= seen.left && box.right <= seen.right;
    }).length;
  });
  expect(whole).toBeGreaterThanOrEqual(4);
  await saveShot(ada, "whole-timeline-desktop");
  expect(errors).toEqual([]);
});
