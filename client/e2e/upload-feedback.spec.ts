import { expect, test } from "./helpers/test";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * Feedback on Add Memory (docs/decisions/020-offline-and-feedback.md): a file the server
 * refuses shows the server's own message and a Retry button in place of a broken image; a good
 * photo then uploads, and saving the memory confirms with the toast "Memory added".
 */

const photo = fileURLToPath(new URL("./fixtures/photo-plain.jpg", import.meta.url));

test("a refused upload says why, without a Retry that cannot help; a saved memory confirms with a toast", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const ada = await signIn(browser, baseURL, `ada-upload-${stamp}@example.com`);
  const boEmail = `bo-upload-${stamp}@example.com`;
  const bo = await apiSignIn(baseURL, boEmail);
  const errors = trackPageErrors(ada);
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    ada,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "Kitchen notes", collaboratorEmail: boEmail, privacy: "PRIVATE" } },
  );
  const timelineId = createTimeline.timeline.id;
  await apiGraphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await bo.dispose();

  await ada.goto(`/app/add-memory?timeline_id=${timelineId}`);
  // the picker's own input (a second one, "Add more photos", appears once a file is chosen)
  const input = ada.locator('input[type="file"]').first();
  // Text dressed as a photo: the server reads the bytes, not the name, and refuses it.
  await input.setInputFiles({
    name: "not-a-photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("hello, not a JPEG"),
  });
  const failed = ada.getByRole("alert").filter({ hasText: "Unsupported file type" });
  await expect(failed).toContainText("Unsupported file type. Please choose an image or a video.");
  // the file itself was refused: sending it again cannot help, so there is no Retry
  await expect(failed.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(ada.locator("img[alt='Preview of the chosen photo']")).toHaveCount(0);
  await expectAccessible(ada, "Add Memory, refused upload");
  await saveShot(ada, "upload-refused");

  // A real photo: a preview, then the save confirms with a toast on the timeline.
  await input.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await readFile(photo) });
  await expect(ada.locator("img[alt='Preview of the chosen photo']")).toBeVisible();
  await expect(ada.getByRole("alert").filter({ hasText: "Unsupported file type" })).toHaveCount(0);
  await ada.getByRole("textbox", { name: /Caption/ }).fill("Bread, finally");
  await ada.getByRole("button", { name: "Add Memory" }).click();
  await expect(ada.getByText("Memory added")).toBeVisible({ timeout: 20_000 });
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));
  await expect(ada.getByRole("button", { name: /Bread, finally/ })).toBeVisible();
  await saveShot(ada, "upload-saved-toast");
  expect(errors).toEqual([]);
});
