import { expect, test } from "./helpers/test";
import path from "node:path";
import { expectAccessible, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { memoriesOf, photos, sharedTimelineOf } from "./helpers/trip-photos";

/**
 * Add many (docs/decisions/058-add-many-and-share-target.md), at phone size: a 40-photo trip over
 * three days is grouped into memories by day (at most ten each), captioned while it uploads, and
 * saved at once; the strip shows memories of several photos. Then a trip left in the middle of its
 * uploads is resumed after a reload: the finished photos are not sent again, the others resume
 * from the tus addresses kept in the draft once the same photos are chosen again.
 */

test("a 40-photo trip is grouped by day, captioned while it uploads and saved at once", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const ada = await signIn(browser, baseURL, `ada-many-${stamp}@example.com`);
  const errors = trackPageErrors(ada);
  const timelineId = await sharedTimelineOf(ada, baseURL, stamp, "A week in Lisbon");
  const dir = testInfo.outputPath("trip");
  const files = [
    ...(await photos(dir, "2026-07-01", 13, 200)),
    ...(await photos(dir, "2026-07-02", 10, 120)),
    ...(await photos(dir, "2026-07-03", 17, 40)),
  ];
  expect(files).toHaveLength(40);

  await ada.goto(`/app/add-memory?timeline_id=${timelineId}`);
  await ada.getByRole("link", { name: "Add many" }).click();
  await expect(ada.getByRole("heading", { name: "Add many" })).toBeVisible();
  await ada.locator('input[name="trip-files"]').setInputFiles(files);

  // by day, at most ten to a memory: 13 → 7 + 6, 10, 17 → 9 + 8
  const cards = ada.getByTestId("trip-memory");
  await expect(cards).toHaveCount(5);
  await expect(cards.getByRole("heading")).toHaveText([
    "Wednesday 1 July 2026",
    "Wednesday 1 July 2026",
    "Thursday 2 July 2026",
    "Friday 3 July 2026",
    "Friday 3 July 2026",
  ]);
  await expect(ada.getByText(/ of 40 uploaded/)).toBeVisible();

  // written while the uploads run
  await cards
    .nth(0)
    .getByRole("textbox", { name: /Caption/ })
    .fill("Arrival");
  await cards
    .nth(0)
    .getByRole("textbox", { name: /Why this moment matters/ })
    .fill("The first light on the river");
  // the two memories of the first day become one (13 > 10: they cannot); move one photo instead
  await cards
    .nth(1)
    .getByRole("button", { name: /^2026-07-01-07\.jpg/ })
    .click();
  await cards.nth(1).getByRole("button", { name: "To previous memory" }).click();
  await expect(cards.nth(0).getByText("8 photos")).toBeVisible();
  await cards
    .nth(2)
    .getByRole("textbox", { name: /Caption/ })
    .fill("Sintra");
  await saveShot(ada, "add-many-review");
  await expectAccessible(ada, "Add many review");

  await expect(ada.getByText("40 of 40 uploaded")).toBeVisible({ timeout: 90_000 });
  await ada.getByRole("button", { name: "Save all (5 memories)" }).click();
  await expect(ada).toHaveURL(/\/app\/view-timeline\?id=/, { timeout: 30_000 });
  await expect(ada.getByText("5 memories added")).toBeVisible();
  const arrival = ada.getByRole("button", { name: /Arrival/ });
  await expect(arrival).toBeVisible();
  await expect(arrival.getByRole("img", { name: "8 photos" })).toBeVisible();
  await saveShot(ada, "add-many-strip");

  const memories = await memoriesOf(ada, timelineId);
  expect(memories.map((m) => `${m.memoryDate} ${m.media.length}`).sort()).toEqual([
    "2026-07-01 5",
    "2026-07-01 8",
    "2026-07-02 10",
    "2026-07-03 8",
    "2026-07-03 9",
  ]);
  expect(memories.find((m) => m.caption === "Arrival")?.media).toHaveLength(8);
  expect(errors).toEqual([]);
});

test("a trip left in the middle resumes: finished photos are kept, the rest resume once chosen again", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const ada = await signIn(browser, baseURL, `ada-many-resume-${stamp}@example.com`);
  const timelineId = await sharedTimelineOf(ada, baseURL, stamp, "A weekend away");
  const files = await photos(testInfo.outputPath("weekend"), "2026-08-08", 6, 90);
  const late = new Set(files.slice(3).map((file) => path.basename(file)));

  // The network: the uploads of the last three photos are made, but their bytes never get through.
  const lateUploads = new Set<string>();
  await ada.route("**/api/uploads**", async (route) => {
    const request = route.request();
    if (request.method() === "POST") {
      const metadata = request.headers()["upload-metadata"] ?? "";
      const name = Buffer.from(/filename ([^,]+)/.exec(metadata)?.[1] ?? "", "base64").toString();
      const response = await route.fetch();
      if (late.has(name)) lateUploads.add(new URL(response.headers()["location"]!, baseURL).pathname);
      return route.fulfill({ response });
    }
    if (request.method() === "PATCH" && lateUploads.has(new URL(request.url()).pathname)) {
      return route.abort("connectionreset");
    }
    return route.continue();
  });

  await ada.goto(`/app/add-many?timeline_id=${timelineId}`);
  await ada.locator('input[name="trip-files"]').setInputFiles(files);
  const card = ada.getByTestId("trip-memory");
  await expect(card).toHaveCount(1);
  await card.getByRole("textbox", { name: /Caption/ }).fill("Half a weekend");
  await expect(ada.getByText("3 of 6 uploaded")).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => lateUploads.size).toBe(3);
  await ada.waitForTimeout(1000); // the draft is kept half a second after a change

  // The page is left and opened again.
  await ada.unroute("**/api/uploads**");
  const sent: string[] = [];
  ada.on("request", (request) => {
    if (request.url().includes("/api/uploads")) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await ada.reload();
  await ada.getByRole("button", { name: "Resume" }).click();
  await expect(ada.getByText(/Choose the same photos again to finish/)).toBeVisible();
  await expect(ada.getByText("3 of 6 uploaded")).toBeVisible();
  await expect(card.getByRole("textbox", { name: /Caption/ })).toHaveValue("Half a weekend");
  await saveShot(ada, "add-many-resume");

  await ada.locator('input[name="trip-files-again"]').setInputFiles(files);
  await expect(ada.getByText("6 of 6 uploaded")).toBeVisible({ timeout: 30_000 });
  // nothing sent twice: no new upload was made, the three kept addresses were resumed
  expect(sent.filter((s) => s.startsWith("POST"))).toEqual([]);
  expect(new Set(sent.filter((s) => s.startsWith("HEAD")).map((s) => s.slice(5)))).toEqual(lateUploads);

  await ada.getByRole("button", { name: "Save all (1 memory)" }).click();
  await expect(ada).toHaveURL(/\/app\/view-timeline\?id=/, { timeout: 30_000 });
  const memories = await memoriesOf(ada, timelineId);
  expect(memories.map((m) => [m.caption, m.memoryDate, m.media.length])).toEqual([["Half a weekend", "2026-08-08", 6]]);

  // the draft is gone: Add many starts afresh
  await ada.goto(`/app/add-many?timeline_id=${timelineId}`);
  await expect(ada.getByRole("button", { name: "Choose photos and videos" })).toBeVisible();
  await expect(ada.getByRole("button", { name: "Resume" })).toHaveCount(0);
});
