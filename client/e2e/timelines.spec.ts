import { expect, test, type Page } from "./helpers/test";
import { fileURLToPath } from "node:url";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * The timeline screens: two real people in two browser contexts on a 390×844 phone.
 * Ada creates a timeline with Bo, Bo accepts, Ada adds a memory with a real JPEG (its capture
 * date is prefilled), opens the viewer, edits and deletes it; settings change the privacy, a
 * third person is turned away, and the timeline is deleted. Every screen gets an axe scan.
 */

const photo = fileURLToPath(new URL("./fixtures/photo-gps.jpg", import.meta.url));
const shot = (page: Page, name: string) => saveShot(page, `timelines-${name}`);

test("two people share a timeline: create, accept, add, view, edit, delete, settings, access", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-${stamp}@example.com`),
    signIn(browser, baseURL, `bo-${stamp}@example.com`),
  ]);
  const adaErrors = trackPageErrors(ada);
  const { me } = await graphql<{ me: { username: string; displayName: string } }>(
    bo,
    "query { me { username displayName } }",
  );

  // Timelines list, empty.
  await ada.goto("/app/timelines");
  await expect(ada.getByRole("heading", { level: 1, name: "Your Timelines" })).toBeVisible();
  await expect(ada.getByRole("heading", { name: "No timelines yet" })).toBeVisible();
  await shot(ada, "01-list-empty");
  await expectAccessible(ada, "Timelines (empty)");

  // Create Timeline with Bo, found by username.
  await ada.getByRole("link", { name: "Create Your First Timeline" }).click();
  await expect(ada.getByRole("heading", { level: 1, name: "Create Timeline" })).toBeVisible();
  const create = ada.getByRole("button", { name: "Create Timeline" });
  await expect(create).toBeDisabled();
  await ada.getByRole("textbox", { name: /Title/ }).fill("Summer in Lisbon");
  await ada.getByRole("combobox", { name: /Collaborator/ }).fill(me.username);
  const suggestion = ada.getByRole("option", { name: new RegExp(`@${me.username}`) });
  await expect(suggestion).toBeVisible();
  await shot(ada, "02-create-search");
  await expectAccessible(ada, "Create Timeline (suggestions open)");
  await suggestion.click();
  await expect(create).toBeEnabled();
  await ada.getByRole("radio", { name: /Semi-private/ }).check();
  await expect(ada.getByText(/within 2 degrees of either of you/)).toBeVisible();
  await shot(ada, "03-create-ready");
  await expectAccessible(ada, "Create Timeline");
  await create.click();

  // Back on the list: the new timeline, pending.
  await expect(ada).toHaveURL(/\/app\/timelines$/);
  const card = ada.getByRole("link", { name: /Summer in Lisbon/ });
  await expect(card).toContainText("Pending");
  await expect(card).toContainText(`with ${me.displayName}`);
  const href = await card.getAttribute("href");
  const timelineId = new URL(href ?? "", baseURL).searchParams.get("id");
  expect(timelineId).toBeTruthy();
  await shot(ada, "04-list-pending");
  await expectAccessible(ada, "Timelines");

  // Bo accepts in Updates.
  await bo.goto("/app/updates");
  const accept = bo.getByRole("button", { name: /^Accept/ }).first();
  await expect(accept).toBeVisible();
  await accept.click();
  await expect(bo.getByRole("button", { name: /^Accept/ })).toHaveCount(0);
  await ada.reload();
  await expect(ada.getByRole("link", { name: /Summer in Lisbon/ })).not.toContainText("Pending");

  // View Timeline, empty; then Add Memory with a real JPEG.
  await ada.getByRole("link", { name: /Summer in Lisbon/ }).click();
  await expect(ada.getByRole("heading", { level: 1, name: "Summer in Lisbon" })).toBeVisible();
  await expect(ada.getByText("0 memories")).toBeVisible();
  await expect(ada.getByRole("heading", { name: "No memories yet" })).toBeVisible();
  await shot(ada, "05-view-empty");
  await expectAccessible(ada, "View Timeline (empty)");

  await ada.getByRole("link", { name: "Add First Memory" }).click();
  await expect(ada.getByRole("heading", { level: 1, name: "Add Memory" })).toBeVisible();
  await expect(ada.getByRole("button", { name: "Add Memory" })).toBeDisabled();
  await expectAccessible(ada, "Add Memory (empty)");
  await ada.locator('input[type="file"]').setInputFiles(photo);
  await expect(ada.getByRole("img", { name: "Preview of the chosen photo" })).toBeVisible();
  // The capture date of the photo (EXIF DateTimeOriginal 2023-07-14 18:32:05).
  await expect(ada.getByLabel("Date")).toHaveValue("2023-07-14");
  await expect(ada.getByText("Uploaded")).toBeVisible();
  await ada.getByRole("textbox", { name: "Caption" }).fill("Sunset at the miradouro");
  await ada.getByRole("textbox", { name: "Location" }).fill("Lisbon");
  await ada.getByRole("textbox", { name: "Why this moment matters" }).fill("The evening we decided to stay.");
  await shot(ada, "06-add-memory");
  await expectAccessible(ada, "Add Memory");
  await ada.getByRole("button", { name: "Add Memory" }).click();

  // On the strip.
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));
  await expect(ada.getByText("1 memory")).toBeVisible();
  const memory = ada.getByRole("list", { name: "Memories" }).getByRole("button", { name: /Sunset at the miradouro/ });
  await expect(memory).toContainText("Jul 14, 2023");
  await expect(memory).toContainText("Lisbon");
  await expect(memory.locator("img")).toHaveJSProperty("complete", true);
  expect(await memory.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(ada, "07-view-strip");
  await expectAccessible(ada, "View Timeline");

  // The viewer: one click opens it, Escape closes it.
  await memory.click();
  const viewer = ada.getByRole("dialog", { name: "Sunset at the miradouro" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText("Why this moment matters")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Edit Memory" })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Close" })).toBeFocused();
  await expect(viewer.getByRole("img", { name: "Sunset at the miradouro" })).toBeVisible();
  await shot(ada, "08-viewer");
  await expectAccessible(ada, "Memory viewer");
  await ada.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  // A double click opens Edit Memory.
  await memory.dblclick();
  await expect(ada).toHaveURL(/\/app\/edit-memory\?id=/);
  await expect(ada.getByRole("heading", { level: 1, name: "Edit Memory" })).toBeVisible();
  await expect(ada.getByLabel("Date")).toHaveValue("2023-07-14");
  await shot(ada, "09-edit-memory");
  await expectAccessible(ada, "Edit Memory");
  await ada.getByRole("textbox", { name: "Caption" }).fill("Sunset, the last evening");
  await ada.getByRole("button", { name: "Save Changes" }).click();
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));
  const edited = ada.getByRole("button", { name: /Sunset, the last evening/ });
  await expect(edited).toBeVisible();

  // Delete it, from the viewer's Edit Memory, after confirming.
  await edited.click();
  await ada.getByRole("dialog").getByRole("button", { name: "Edit Memory" }).click();
  await expect(ada.getByRole("heading", { level: 1, name: "Edit Memory" })).toBeVisible();
  await ada.getByRole("button", { name: "Delete Memory" }).click();
  const confirmDelete = ada.getByRole("alertdialog", { name: "Delete this memory?" });
  await expect(confirmDelete).toContainText(
    "Are you sure you want to delete this memory? This action cannot be undone.",
  );
  await shot(ada, "10-delete-memory-confirm");
  await expectAccessible(ada, "Delete memory confirmation");
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));
  await expect(ada.getByRole("heading", { name: "No memories yet" })).toBeVisible();
  await expect(ada.getByText("0 memories")).toBeVisible();

  // Settings: private now.
  await ada.getByRole("link", { name: "Timeline settings" }).click();
  await expect(ada.getByRole("heading", { level: 1, name: "Timeline Settings" })).toBeVisible();
  await expect(ada.getByRole("radio", { name: /Semi-private/ })).toBeChecked();
  await ada.getByRole("radio", { name: /^Private/ }).check();
  await shot(ada, "11-settings");
  await expectAccessible(ada, "Timeline Settings");
  await ada.getByRole("button", { name: "Save Changes" }).click();
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));

  // A third person is turned away, told exactly what a missing timeline tells (docs/decisions/032-who-may-learn-whom.md).
  const cy = await signIn(browser, baseURL, `cy-${stamp}@example.com`);
  await cy.goto(`/app/view-timeline?id=${timelineId}`);
  await expect(cy).toHaveURL(new RegExp(`/app/timeline-access-denied\\?id=${timelineId}$`));
  await expect(cy.getByRole("heading", { level: 1, name: "Timeline Not Found" })).toBeVisible();
  await expect(cy.getByText("This timeline could not be found or accessed.")).toBeVisible();
  await expect(cy.getByRole("button", { name: "Go Back" })).toBeVisible();
  await shot(cy, "12-access-denied");
  await expectAccessible(cy, "Timeline access denied");
  await cy.goto("/app/timeline-access-denied");
  await expect(cy.getByRole("heading", { level: 1, name: "Timeline Not Found" })).toBeVisible();
  await expect(cy.getByText("No timeline ID provided")).toBeVisible();
  await cy.goto(`/app/timeline-settings?id=${timelineId}`);
  await expect(cy).toHaveURL(/\/app\/timelines$/);

  // Delete the timeline from the Danger Zone.
  await ada.goto(`/app/timeline-settings?id=${timelineId}`);
  await ada.getByRole("region", { name: "Danger Zone" }).getByRole("button", { name: "Delete Timeline" }).click();
  const confirmTimeline = ada.getByRole("alertdialog", { name: "Delete this timeline?" });
  await expect(confirmTimeline).toBeVisible();
  await shot(ada, "13-delete-timeline-confirm");
  await confirmTimeline.getByRole("button", { name: "Delete Timeline" }).click();
  await expect(ada).toHaveURL(/\/app\/timelines$/);
  await expect(ada.getByRole("heading", { name: "No timelines yet" })).toBeVisible();

  expect(adaErrors).toEqual([]);
});
