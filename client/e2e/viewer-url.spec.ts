import { expect, test } from "./helpers/test";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * A viewer that opens at once and a place in the URL, on a 390×844 phone
 * (docs/decisions/036-offline-truth-and-memory-urls.md): "View" in Updates opens the first new
 * memory; a tap opens the viewer with `&memory=` in the URL; moving replaces it; Back closes the
 * viewer; the link reloaded opens that memory again.
 */

const memoryOf = (url: string) => new URL(url).searchParams.get("memory");

test("each memory has its URL: View in Updates, a tap, Back, a reload", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const adaEmail = `ada-url-${stamp}@example.com`;
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, adaEmail),
    signIn(browser, baseURL, `bo-url-${stamp}@example.com`),
  ]);
  const errors = trackPageErrors(ada);
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    bo,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "Lake days", collaboratorEmail: adaEmail, privacy: "PRIVATE" } },
  );
  const timelineId = createTimeline.timeline.id;
  await graphql(ada, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  // Bo adds three memories, the first one the oldest by date: the strip shows it last
  for (const [caption, memoryDate] of [
    ["Cold swim", "2026-06-01"],
    ["Pier at noon", "2026-06-02"],
    ["Last light", "2026-06-03"],
  ]) {
    await addMemoryWithPhoto(bo, timelineId, { caption: caption!, memoryDate: memoryDate!, location: "", meaning: "" });
  }
  const { timeline } = await graphql<{
    timeline: { memories: { edges: { node: { id: string; caption: string } }[] } };
  }>(ada, "query ($id: ID!) { timeline(id: $id) { memories { edges { node { id caption } } } } }", { id: timelineId });
  const idOf = (caption: string) => timeline.memories.edges.find((e) => e.node.caption === caption)!.node.id;

  // "View" in Updates opens the first memory Bo added since Ada last looked.
  await ada.goto("/app/updates");
  const notice = ada.getByRole("article").filter({ hasText: /added 3 memories to "Lake days"/ });
  await notice.getByRole("link", { name: "View" }).click();
  const viewer = ada.getByRole("dialog");
  await expect(viewer).toHaveAccessibleName("Cold swim");
  expect(memoryOf(ada.url())).toBe(idOf("Cold swim"));
  await expect(ada.getByTestId("viewer-position")).toHaveText("3 / 3");
  await saveShot(ada, "viewer-from-updates");
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);
  expect(memoryOf(ada.url())).toBeNull();

  // A tap opens the viewer at once, and the memory is in the URL; moving replaces it; Back closes.
  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  await ada.getByRole("button", { name: /Last light/ }).tap();
  await expect(viewer).toHaveAccessibleName("Last light");
  expect(memoryOf(ada.url())).toBe(idOf("Last light"));
  await viewer.getByRole("button", { name: "Next memory" }).click();
  await expect(viewer).toHaveAccessibleName("Pier at noon");
  await expect.poll(() => memoryOf(ada.url())).toBe(idOf("Pier at noon"));
  await expectAccessible(ada, "Viewer with its URL");
  await ada.goBack();
  await expect(viewer).toHaveCount(0);
  await expect(ada.getByRole("heading", { level: 1, name: "Lake days" })).toBeVisible();
  expect(memoryOf(ada.url())).toBeNull();

  // The link of a memory, reloaded (or sent to someone who may see it), opens that memory.
  await ada.goto(`/app/view-timeline?id=${timelineId}&memory=${idOf("Pier at noon")}`);
  await expect(viewer).toHaveAccessibleName("Pier at noon");
  await expect(ada.getByTestId("viewer-position")).toHaveText("2 / 3");
  await saveShot(ada, "viewer-from-link");
  await ada.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));
  expect(errors).toEqual([]);
});
