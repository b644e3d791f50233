import { expect, test, type Page } from "./helpers/test";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * Two voices on one memory (docs/decisions/027-two-voices.md), on a 390×844
 * phone: Ada adds a memory with her "Why this moment matters" to the timeline she shares with
 * Bo; Bo opens it in the viewer and adds his own note there (a toast, then his words under his
 * name); Ada is told once in Updates and sees both notes, each under its author's name, with
 * nothing of Bo's to write; Bo changes his note from Edit Memory and the viewer shows the change.
 */

const shot = (page: Page, name: string) => saveShot(page, `two-voices-${name}`);

async function rename(page: Page, displayName: string): Promise<void> {
  await graphql(page, "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }", {
    input: { displayName },
  });
}

/** Opens the timeline's first memory in the viewer and answers its "Why this moment matters" card. */
async function openNotes(page: Page, timelineId: string) {
  await page.goto(`/app/view-timeline?id=${timelineId}`);
  await page.getByRole("list", { name: "Memories" }).getByRole("button").first().click();
  const viewer = page.getByRole("dialog", { name: "Lighthouse at dusk" });
  await expect(viewer).toBeVisible();
  return { viewer, notes: viewer.locator("[data-active]").getByRole("region", { name: "Why this moment matters" }) };
}

test("two people write why one moment matters to each of them", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-voices-${stamp}@example.com`),
    signIn(browser, baseURL, `bo-voices-${stamp}@example.com`),
  ]);
  const adaErrors = trackPageErrors(ada);
  const boErrors = trackPageErrors(bo);
  await rename(ada, "Ada Lovelace");
  await rename(bo, "Bo Jensen");
  const { me: boMe } = await graphql<{ me: { id: string } }>(bo, "query { me { id } }");
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    ada,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "North coast", collaboratorId: boMe.id, privacy: "SEMI_PRIVATE" } },
  );
  const timelineId = createTimeline.timeline.id;
  await graphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await addMemoryWithPhoto(ada, timelineId, {
    caption: "Lighthouse at dusk",
    meaning: "The first trip we planned together.",
  });

  // ---- Bo adds his note from the viewer ---------------------------------------------------------
  const { viewer: boViewer, notes: boNotes } = await openNotes(bo, timelineId);
  await expect(boNotes.locator("figure")).toHaveCount(1);
  await expect(boNotes.locator("figure").first()).toContainText("Ada Lovelace");
  await expect(boNotes.locator("figure").first()).toContainText("The first trip we planned together.");
  await boNotes.getByRole("button", { name: "Add your note" }).click();
  const field = boNotes.getByLabel("Your note");
  await field.fill("x".repeat(1001));
  await expect(boNotes.getByRole("status")).toHaveText("⚠️ Character limit exceeded (1001/1000)");
  await expect(boNotes.getByRole("button", { name: "Save note" })).toBeDisabled();
  await field.fill("I finally saw the sea in winter.\nWe stayed until the light came on.");
  await shot(bo, "01-partner-writing");
  await expectAccessible(bo, "Viewer with the partner's note form");
  await boNotes.getByRole("button", { name: "Save note" }).click();
  await expect(bo.getByText("Your note is saved")).toBeVisible();
  const boVoice = boNotes.locator("figure").nth(1);
  await expect(boVoice.locator("figcaption")).toHaveText("Bo Jensen");
  await expect(boVoice).toContainText("I finally saw the sea in winter.");
  await expect(boNotes.getByRole("button", { name: "Edit your note" })).toBeVisible();
  await shot(bo, "02-partner-saved");
  await bo.keyboard.press("Escape");
  await expect(boViewer).toHaveCount(0);

  // ---- Ada is told once, and sees both voices ---------------------------------------------------
  await ada.goto("/app/updates");
  await expect(ada.getByText('Bo Jensen added their note to your memory in "North coast"')).toHaveCount(1);
  await shot(ada, "03-creator-updates");
  const { notes: adaNotes } = await openNotes(ada, timelineId);
  await expect(adaNotes.locator("figure figcaption")).toHaveText(["Ada Lovelace", "Bo Jensen"]);
  await expect(adaNotes).toContainText("We stayed until the light came on.");
  await expect(adaNotes.getByRole("button", { name: /your note/ })).toHaveCount(0);
  await adaNotes.scrollIntoViewIfNeeded();
  await shot(ada, "04-creator-both-voices");
  await expectAccessible(ada, "Viewer with two voices");

  // ---- Bo changes his note from Edit Memory -----------------------------------------------------
  const { timeline } = await graphql<{ timeline: { memories: { edges: { node: { id: string } }[] } } }>(
    bo,
    "query ($id: ID!) { timeline(id: $id) { memories { edges { node { id } } } } }",
    { id: timelineId },
  );
  const memoryId = timeline.memories.edges[0]!.node.id;
  await bo.goto(`/app/edit-memory?id=${memoryId}`);
  const own = bo.getByRole("textbox", { name: "Your note" });
  await expect(own).toHaveValue("I finally saw the sea in winter.\nWe stayed until the light came on.");
  await own.fill("Winter sea, and you.");
  await shot(bo, "05-partner-edit-screen");
  await bo.getByRole("button", { name: "Save Changes" }).click();
  await expect(bo.getByText("Memory saved")).toBeVisible();
  await expect(bo).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));
  const { notes: boAgain } = await openNotes(bo, timelineId);
  await expect(boAgain.locator("figure").nth(1)).toContainText("Winter sea, and you.");

  // still one notice for Ada: a change is no news
  await ada.goto("/app/updates");
  await expect(ada.getByText(/added their note to your memory/)).toHaveCount(1);
  expect(adaErrors).toEqual([]);
  expect(boErrors).toEqual([]);
});
