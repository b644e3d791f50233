import { expect, test, type Page } from "./helpers/test";
import { addDemoMemory } from "./helpers/demo-photo";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { sharedTimeline } from "./helpers/shared-timeline";

/**
 * Highlights (docs/decisions/053-highlights.md) on a 390×844 phone: Ada chooses two of her
 * memories on Profile → Highlights, moves the second above the first, and Cy, a friend, sees them
 * in that order on her public profile and opens one in the viewer.
 */

const shot = (page: Page, name: string) => saveShot(page, `highlights-${name}`);

test("a person chooses and orders two highlights; a visitor sees them in order and opens one", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const [adaEmail, boEmail, cyEmail] = ["ada", "bo", "cy"].map((n) => `${n}-highlights-${stamp}@example.com`);
  const [ada, bo, cy] = await Promise.all([
    signIn(browser, baseURL, adaEmail!),
    signIn(browser, baseURL, boEmail!),
    signIn(browser, baseURL, cyEmail!),
  ]);
  const errors = [...trackPageErrors(ada), ...trackPageErrors(cy)];
  const { me } = await graphql<{ me: { username: string } }>(ada, "{ me { username } }");

  // Ada and Bo share a public timeline with three memories; Cy is Ada's friend (a private one).
  // Made through the API: not this journey's subject.
  const summer = await sharedTimeline(ada, bo, boEmail!, "Summer", "PUBLIC");
  await sharedTimeline(ada, cy, cyEmail!, "Friends", "PRIVATE");
  for (const [hue, caption] of [
    [200, "Harbour"],
    [30, "Dunes"],
    [120, "Forest"],
  ] as const) {
    await addDemoMemory(ada, summer, hue, { caption, memoryDate: "2024-07-01" });
  }

  // Ada: Profile → Highlights, nothing chosen yet.
  await ada.goto("/app/profile");
  await ada.getByRole("tab", { name: "Highlights" }).click();
  await expect(ada.getByRole("heading", { name: "No highlights yet" })).toBeVisible();
  await ada.getByRole("button", { name: "Choose highlights" }).click();

  // She ticks Harbour, then Dunes: they are featured in that order.
  await ada.getByRole("checkbox", { name: "Harbour" }).check();
  await expect(ada.getByRole("button", { name: "Remove Harbour" })).toBeVisible();
  await ada.getByRole("checkbox", { name: "Dunes" }).check();
  const tiles = (page: Page) => page.getByRole("list", { name: "Highlights" }).getByRole("button");
  await expect(tiles(ada)).toHaveCount(2);
  await expect(ada.getByRole("status").filter({ hasText: "chosen" })).toHaveText("2 of 6 chosen");
  await expect(tiles(ada).nth(0)).toHaveAccessibleName("Open Harbour");
  await expect(tiles(ada).nth(1)).toHaveAccessibleName("Open Dunes");

  // She moves Dunes up.
  await ada.getByRole("button", { name: "Move Dunes up" }).click();
  await expect(tiles(ada).nth(0)).toHaveAccessibleName("Open Dunes");
  await expect(tiles(ada).nth(1)).toHaveAccessibleName("Open Harbour");
  const moveBox = await ada.getByRole("button", { name: "Move Harbour up" }).boundingBox();
  expect(Math.min(moveBox!.width, moveBox!.height)).toBeGreaterThanOrEqual(44);
  await shot(ada, "01-choosing");
  await expectAccessible(ada, "Profile → Highlights (choosing)");
  await ada.getByRole("button", { name: "Done" }).click();
  await expect(ada.getByRole("checkbox", { name: "Harbour" })).toHaveCount(0);

  // The order holds after a reload.
  await ada.reload();
  await ada.getByRole("tab", { name: "Highlights" }).click();
  await expect(tiles(ada).nth(0)).toHaveAccessibleName("Open Dunes");
  await expect(tiles(ada)).toHaveCount(2);

  // Cy visits Ada's public profile: Highlights shows the two, in Ada's order, in the blue theme.
  await cy.goto(`/app/public-profile?username=${me.username}`);
  await cy.getByRole("tab", { name: "Highlights" }).click();
  await expect(tiles(cy)).toHaveCount(2);
  await expect(tiles(cy).nth(0)).toHaveAccessibleName("Open Dunes");
  await expect(tiles(cy).nth(1)).toHaveAccessibleName("Open Harbour");
  await expect(cy.locator("[data-theme='night']")).toBeVisible();
  await shot(cy, "02-public");
  await expectAccessible(cy, "Public profile → Highlights");

  // A tap opens the memory in the viewer.
  await tiles(cy).nth(1).click();
  const viewer = cy.getByRole("dialog", { name: "Harbour" });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator("xpath=ancestor-or-self::*[@data-theme][1]")).toHaveAttribute("data-theme", "blue");
  await shot(cy, "03-viewer");

  expect(errors).toEqual([]);
  await Promise.all([ada, bo, cy].map((page) => page.context().close()));
});
