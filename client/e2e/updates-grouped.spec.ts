import { expect, test } from "./helpers/test";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * Updates (docs/decisions/022-grouped-updates.md): Bo adds three memories to the
 * timeline he shares with Ada; her Updates shows one grouped line, "Bo Jensen added 3 memories to
 * "Trips"", whose View opens the timeline. Bo then renames himself: the same notice, read again,
 * names him by his new name.
 */

const photo = fileURLToPath(new URL("./fixtures/photo-plain.jpg", import.meta.url));
const UPDATE_PROFILE = "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }";

test("memory-added notices are grouped per timeline and day, with names as they are now", async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const adaEmail = `ada-grouped-${stamp}@example.com`;
  const ada = await signIn(browser, baseURL, adaEmail);
  const errors = trackPageErrors(ada);
  const bo = await apiSignIn(baseURL, `bo-grouped-${stamp}@example.com`);
  await apiGraphql(bo, UPDATE_PROFILE, { input: { displayName: "Bo Jensen" } });
  const { createTimeline } = await apiGraphql<{ createTimeline: { timeline: { id: string } } }>(
    bo,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "Trips", collaboratorEmail: adaEmail, privacy: "PRIVATE" } },
  );
  const trips = createTimeline.timeline.id;
  await graphql(ada, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", { id: trips });

  // Bo adds three memories (the GraphQL multipart upload, as the app sends it).
  const bytes = await readFile(photo);
  for (const caption of ["Harbour", "Tram", "Rain"]) {
    const response = await bo.post("/graphql", {
      headers: { "Apollo-Require-Preflight": "true" },
      multipart: {
        operations: JSON.stringify({
          query: "mutation ($input: CreateMemoryInput!) { createMemory(input: $input) { memory { id } } }",
          variables: { input: { timelineId: trips, file: null, caption } },
        }),
        map: JSON.stringify({ f0: ["variables.input.file"] }),
        // three photos of one trip: other bytes each (the same bytes twice are refused)
        f0: { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([bytes, Buffer.from(caption)]) },
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }

  // One line for the three, in Ada's Updates (the notices are written by a background job).
  const grouped = ada.getByRole("article").filter({ hasText: 'added 3 memories to "Trips"' });
  await expect(async () => {
    await ada.goto("/app/updates");
    await expect(grouped).toHaveText(/Bo Jensen added 3 memories to "Trips"/, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await expect(
    ada.getByRole("article").filter({ hasText: /added (a new memory|\d+ memories) to "Trips"/ }),
  ).toHaveCount(1);
  await expectAccessible(ada, "Updates, grouped");
  await saveShot(ada, "updates-grouped");

  // Bo renames himself: the notice, read again, names him as he is now.
  await apiGraphql(bo, UPDATE_PROFILE, { input: { displayName: "Bo Berg" } });
  await ada.reload();
  await expect(grouped).toContainText('Bo Berg added 3 memories to "Trips"');
  await expect(ada.getByText(/Bo Jensen/)).toHaveCount(0);

  // Its View opens the timeline at the first memory new to Ada, and marks it read.
  await grouped.getByRole("link", { name: "View" }).click();
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${trips}&memory=[0-9a-f-]{36}$`));
  await expect(ada.getByRole("heading", { level: 1, name: "Trips" })).toBeVisible();
  expect(errors).toEqual([]);
  await bo.dispose();
});
