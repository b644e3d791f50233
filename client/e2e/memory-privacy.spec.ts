import { expect as baseExpect, test, type Page } from "./helpers/test";
import { addDemoMemory } from "./helpers/demo-photo";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { sharedTimeline } from "./helpers/shared-timeline";

/**
 * A memory more private than its timeline (docs/decisions/052-memory-privacy.md), three people on
 * 390×844 phones: Ada and Bo share a semi-private timeline of three memories; Cy, Ada's friend
 * (they share a timeline of their own), sees all three and "3 memories". Ada narrows one memory to
 * private in Edit Memory ("Who can see this memory", with who each choice lets in): one key is
 * enough, it applies at once, and the strip shows her a lock on it. Cy's phone no longer shows that
 * memory, and its count drops to 2, while the other two stay.
 */

// Three phones on a shared 2-core machine: each screen gets more time than the default.
const expect = baseExpect.configure({ timeout: 20_000 });
const shot = (page: Page, name: string) => saveShot(page, `memory-privacy-${name}`);
const LOCK = "Seen by fewer people than its timeline";

interface TimelineMemories {
  timeline: { memories: { edges: { node: { id: string; caption: string } }[] } };
}

test("a couple narrows one memory to private: a friend's phone no longer shows it, nor counts it", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const emails = {
    ada: `ada-mp-${stamp}@example.com`,
    bo: `bo-mp-${stamp}@example.com`,
    cy: `cy-mp-${stamp}@example.com`,
  };
  const [ada, bo, cy] = await Promise.all([
    signIn(browser, baseURL, emails.ada),
    signIn(browser, baseURL, emails.bo),
    signIn(browser, baseURL, emails.cy),
  ]);
  const errors = [...trackPageErrors(ada), ...trackPageErrors(cy)];

  // Cy is Ada's friend (a timeline of their own); Ada and Bo share a semi-private one.
  await sharedTimeline(ada, cy, emails.cy, "Ada and Cy", "PRIVATE");
  const id = await sharedTimeline(ada, bo, emails.bo, "Lisbon", "SEMI_PRIVATE");
  await addDemoMemory(ada, id, 200, { caption: "Tram 28", memoryDate: "2024-05-01" });
  await addDemoMemory(ada, id, 20, { caption: "Just us", memoryDate: "2024-05-02" });
  await addDemoMemory(ada, id, 320, { caption: "Pastel de nata", memoryDate: "2024-05-03" });

  const strip = (page: Page) => page.getByRole("list", { name: "Memories" });
  const card = (page: Page, caption: string) => strip(page).getByRole("button", { name: new RegExp(caption) });

  // Cy sees the three memories and their count.
  await cy.goto(`/app/view-timeline?id=${id}`);
  await expect(cy.getByText("3 memories")).toBeVisible();
  for (const caption of ["Tram 28", "Just us", "Pastel de nata"]) await expect(card(cy, caption)).toBeVisible();
  await shot(cy, "01-friend-before");

  // Ada narrows "Just us" to private in Edit Memory.
  const { timeline } = await graphql<TimelineMemories>(
    ada,
    "query ($id: ID!) { timeline(id: $id) { memories { edges { node { id caption } } } } }",
    { id },
  );
  const justUs = timeline.memories.edges.find((e) => e.node.caption === "Just us")!.node.id;
  await ada.goto(`/app/edit-memory?id=${justUs}`);
  const who = ada.getByRole("group", { name: "Who can see this memory" });
  await expect(who.getByRole("radio", { name: /Same as the timeline/ })).toBeChecked();
  const privateChoice = who.getByRole("radio", { name: /Private/ });
  await expect(privateChoice).toHaveAccessibleDescription("Only you two");
  await privateChoice.check();
  await shot(ada, "02-edit-memory-private");
  await expectAccessible(ada, "Edit Memory (who can see this memory)");
  await ada.getByRole("button", { name: "Save Changes" }).click();
  await expect(ada.getByText("Memory saved")).toBeVisible();
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${id}`));

  // Ada still sees all three, a lock on the narrowed one only.
  await expect(ada.getByText("3 memories")).toBeVisible();
  await expect(card(ada, "Just us").getByRole("img", { name: LOCK })).toBeVisible();
  await expect(card(ada, "Tram 28").getByRole("img", { name: LOCK })).toHaveCount(0);
  await shot(ada, "03-strip-lock");

  // Cy's phone: two memories, "Just us" gone.
  await cy.goto(`/app/view-timeline?id=${id}`);
  await expect(cy.getByText("2 memories")).toBeVisible();
  await expect(card(cy, "Tram 28")).toBeVisible();
  await expect(card(cy, "Pastel de nata")).toBeVisible();
  await expect(card(cy, "Just us")).toHaveCount(0);
  await expect(strip(cy).getByRole("img", { name: LOCK })).toHaveCount(0);
  await shot(cy, "04-friend-after");
  await expectAccessible(cy, "View Timeline (a friend, one memory narrowed)");

  // And by its address: not found for Cy.
  const direct = await graphql<{ memory: { id: string } | null }>(cy, "query ($id: ID!) { memory(id: $id) { id } }", {
    id: justUs,
  });
  expect(direct.memory).toBeNull();
  expect(errors).toEqual([]);
});
