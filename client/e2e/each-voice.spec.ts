import { expect, test, type Page } from "./helpers/test";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * Each voice is its author's (docs/decisions/037-each-voice-its-authors.md), on a 390×844 phone:
 * Bo edits the caption of Ada's memory (her words are shown to read, not to change); the viewer
 * says "edited by Bo Jensen" and Ada is told; deleting her memory asks naming her. Ada asks to make
 * the timeline public ("Ask Bo Jensen"), and Bo sees who could see it then.
 */

const shot = (page: Page, name: string) => saveShot(page, `each-voice-${name}`);

async function rename(page: Page, displayName: string): Promise<void> {
  await graphql(page, "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }", {
    input: { displayName },
  });
}

test("each voice stays its author's, and consent shows its consequences", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-each-${stamp}@example.com`),
    signIn(browser, baseURL, `bo-each-${stamp}@example.com`),
  ]);
  const errors = [trackPageErrors(ada), trackPageErrors(bo)];
  await rename(ada, "Ada Lovelace");
  await rename(bo, "Bo Jensen");
  const { me: boMe } = await graphql<{ me: { id: string } }>(bo, "query { me { id } }");
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    ada,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "North coast", collaboratorId: boMe.id, privacy: "PRIVATE" } },
  );
  const timelineId = createTimeline.timeline.id;
  await graphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await addMemoryWithPhoto(ada, timelineId, { caption: "Lighthouse at dusk", meaning: "The first trip we planned." });
  const { timeline } = await graphql<{ timeline: { memories: { edges: { node: { id: string } }[] } } }>(
    bo,
    "query ($id: ID!) { timeline(id: $id) { memories { edges { node { id } } } } }",
    { id: timelineId },
  );
  const memoryId = timeline.memories.edges[0]!.node.id;

  // ---- Bo edits Ada's caption; her words are hers --------------------------------------------------
  await bo.goto(`/app/edit-memory?id=${memoryId}`);
  await expect(bo.getByRole("textbox", { name: "Why this moment matters" })).toHaveCount(0);
  await expect(bo.getByRole("figure", { name: "Why this moment matters" })).toContainText(
    "Ada Lovelace's words; only they can change them",
  );
  await bo.getByRole("textbox", { name: "Caption" }).fill("Lighthouse at dusk, in the rain");
  await shot(bo, "01-partner-edit");
  await expectAccessible(bo, "Edit Memory of the other person's memory");
  await bo.getByRole("button", { name: "Delete Memory" }).click();
  await expect(bo.getByRole("alertdialog", { name: "Delete Ada Lovelace's memory?" })).toContainText(
    "Ada Lovelace will be told",
  );
  await shot(bo, "02-delete-names-her");
  await bo.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
  await bo.getByRole("button", { name: "Save Changes" }).click();
  await expect(bo.getByText("Memory saved")).toBeVisible();

  // ---- the viewer says who edited it; Ada is told ---------------------------------------------------
  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  await ada.getByRole("list", { name: "Memories" }).getByRole("button").first().click();
  const viewer = ada.getByRole("dialog", { name: "Lighthouse at dusk, in the rain" });
  await expect(viewer.locator("[data-active]")).toContainText("edited by Bo Jensen");
  await shot(ada, "03-viewer-edited-by");
  // Escape closes the viewer by going back in history (its memory's URL): let that land first
  await ada.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(ada).not.toHaveURL(/memory=/);
  await ada.goto("/app/updates");
  await expect(ada.getByText('Bo Jensen edited your memory in "North coast"')).toBeVisible();
  await shot(ada, "04-updates-edited");

  // ---- Ada asks to widen; Bo sees who could see it then ---------------------------------------------
  await ada.goto(`/app/timeline-settings?id=${timelineId}`);
  await ada.getByRole("radio", { name: /Public/ }).check();
  await expect(ada.getByRole("button", { name: "Ask Bo Jensen" })).toBeVisible();
  await shot(ada, "05-ask-partner");
  await ada.getByRole("button", { name: "Ask Bo Jensen" }).click();
  await expect(ada.getByText("Saved. Bo Jensen has been asked to agree to make this public")).toBeVisible();
  await bo.goto(`/app/timeline-settings?id=${timelineId}`);
  const panel = bo.getByTestId("privacy-request");
  await expect(panel).toContainText("Who could see it then: Only you two");
  await expect(bo.getByText("Right now only you two, whatever you choose")).toBeVisible();
  await shot(bo, "06-asked-sees-audience");
  await expectAccessible(bo, "Timeline Settings with a request to widen");
  for (const list of errors) expect(list).toEqual([]);
});
