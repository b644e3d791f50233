import { expect, test } from "./helpers/test";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * Uploads that survive the network (docs/decisions/050-trip-uploads.md), at phone size: a photo
 * larger than one 8 MiB chunk goes up resumably; the connection drops twice during its second
 * chunk; the app asks the server how far it got and sends only the rest, and the memory is added.
 * Then a photo that knows where it was taken prefills the place the server named.
 */

const CHUNK = 8 * 1024 * 1024;
const photoGps = fileURLToPath(new URL("./fixtures/photo-gps.jpg", import.meta.url));

test("an upload resumes from the server's offset after the network drops", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const ada = await signIn(browser, baseURL, `ada-resume-${stamp}@example.com`);
  const boEmail = `bo-resume-${stamp}@example.com`;
  const bo = await apiSignIn(baseURL, boEmail);
  const errors = trackPageErrors(ada);
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    ada,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "A week away", collaboratorEmail: boEmail, privacy: "PRIVATE" } },
  );
  const timelineId = createTimeline.timeline.id;
  await apiGraphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await bo.dispose();

  // A 12-megapixel photo of noise: JPEG cannot squeeze it, so it takes two chunks.
  const big = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 50 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(big.length).toBeGreaterThan(CHUNK);
  expect(big.length).toBeLessThan(25 * 1024 * 1024);

  // The network: the second chunk is cut off twice, then goes through.
  const seen: string[] = [];
  let drops = 0;
  await ada.route("**/api/uploads/*", async (route) => {
    const request = route.request();
    const offset = Number(request.headers()["upload-offset"] ?? -1);
    seen.push(`${request.method()} ${request.method() === "PATCH" ? offset : ""}`.trim());
    if (request.method() === "PATCH" && offset >= CHUNK && drops < 2) {
      drops += 1;
      return route.abort("connectionreset");
    }
    return route.continue();
  });

  await ada.goto(`/app/add-memory?timeline_id=${timelineId}`);
  await ada.locator('input[type="file"]').setInputFiles({ name: "trip.jpg", mimeType: "image/jpeg", buffer: big });
  await expect(ada.getByText("Uploaded")).toBeVisible({ timeout: 60_000 });
  await saveShot(ada, "resumable-uploaded");

  expect(drops).toBe(2);
  const patches = seen.filter((s) => s.startsWith("PATCH"));
  // Never started over: one first chunk, then the second one from where the server got to.
  expect(patches.filter((p) => p === "PATCH 0")).toHaveLength(1);
  expect(patches.slice(1).every((p) => p === `PATCH ${CHUNK}`)).toBe(true);
  expect(seen).toContain("HEAD");

  await ada.getByRole("textbox", { name: /Caption/ }).fill("The whole week");
  await ada.getByRole("button", { name: "Add Memory" }).click();
  await expect(ada.getByText("Memory added")).toBeVisible({ timeout: 20_000 });
  await expect(ada.getByRole("button", { name: /The whole week/ })).toBeVisible();

  // A photo taken by the Eiffel Tower: the place is named by the server, the person may change it.
  await ada.unroute("**/api/uploads/*");
  await ada.goto(`/app/add-memory?timeline_id=${timelineId}`);
  await ada
    .locator('input[type="file"]')
    .setInputFiles({ name: "paris.jpg", mimeType: "image/jpeg", buffer: await readFile(photoGps) });
  await expect(ada.getByRole("textbox", { name: /Location/ })).toHaveValue("Paris, France", { timeout: 30_000 });
  await saveShot(ada, "place-prefilled");
  expect(errors).toEqual([]);
});
