import { expect, test, type Page } from "./helpers/test";
import yauzl from "yauzl";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { keptData, offlineCaches } from "./helpers/offline";
import { SIGN_IN_COOLDOWN_SECONDS } from "./helpers/server-settings";

/**
 * "Your data, yours to take" and "Leaving cleanly" (docs/decisions/023-export-and-deletion.md),
 * on a 390×844 phone: Ada shares a timeline with Bo, downloads her data from Profile (the zip holds
 * keepsake.json and her photo), deletes her account with the typed confirmation and lands on the
 * landing page; Bo keeps the timeline with "Former member"; Ada signs in again to an empty account.
 */

const shot = (page: Page, name: string) => saveShot(page, `account-${name}`);

/** Waits out what is left of the sign-in mail cooldown of an address counted from `since` (the steps between usually take longer). */
async function waitForCooldown(since: number): Promise<void> {
  const left = (SIGN_IN_COOLDOWN_SECONDS + 1) * 1000 - (Date.now() - since);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** Every entry of a zip file, by name (read with yauzl, as any unzip tool would). */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error("not a zip"));
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

test("download my data, then delete my account, on a phone", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const adaEmail = `ada-leaving-${stamp}@example.com`;
  const boEmail = `bo-leaving-${stamp}@example.com`;
  let adaAskedAt = 0;
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, adaEmail).then((page) => {
      // after the server counted Ada's request (the cooldown's window starts there, not at the call)
      adaAskedAt = Date.now();
      return page;
    }),
    signIn(browser, baseURL, boEmail),
  ]);
  const adaErrors = trackPageErrors(ada);

  await graphql(bo, "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }", {
    input: { displayName: "Bo Jensen" },
  });
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    bo,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "Summer by the sea", collaboratorEmail: adaEmail, privacy: "PRIVATE" } },
  );
  const timelineId = createTimeline.timeline.id;
  await graphql(ada, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await addMemoryWithPhoto(ada, timelineId, { caption: "Ada's shell" });
  await addMemoryWithPhoto(bo, timelineId, { caption: "Bo's wave" });

  // ---- Download my data ------------------------------------------------------------------
  await ada.goto("/app/profile");
  const download = ada.getByRole("link", { name: "Download my data" });
  await download.scrollIntoViewIfNeeded();
  await expect(download).toBeVisible();
  await shot(ada, "profile-your-data");
  await expectAccessible(ada, "Profile with Your data");
  const [file] = await Promise.all([ada.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^keepsake-.+-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = testInfo.outputPath("export.zip");
  await file.saveAs(saved);
  const entries = await unzip(saved);
  const doc = JSON.parse(entries.get("keepsake.json")!.toString("utf8")) as {
    profile: { email: string };
    timelines: { title: string; memories: { caption: string; file: string; addedByYou: boolean }[] }[];
  };
  expect(doc.profile.email).toBe(adaEmail);
  const shared = doc.timelines.find((t) => t.title === "Summer by the sea")!;
  expect(shared.memories.map((m) => m.caption).sort()).toEqual(["Ada's shell", "Bo's wave"]);
  const mine = shared.memories.find((m) => m.addedByYou)!;
  const jpeg = entries.get(mine.file)!;
  expect(jpeg.subarray(0, 3).toString("hex")).toBe("ffd8ff"); // a real JPEG
  expect(entries.get("index.html")!.toString("utf8")).toContain("Summer by the sea");

  // Three exports an hour: past them, the app says so (the server's 429 message) and downloads nothing.
  for (let i = 0; i < 2; i++) await Promise.all([ada.waitForEvent("download"), download.click()]);
  let downloadedAgain = false;
  ada.on("download", () => (downloadedAgain = true));
  await download.click();
  await expect(ada.getByRole("alert")).toContainText("You can download your data 3 times an hour");
  await shot(ada, "profile-export-limited");
  expect(downloadedAgain).toBe(false);

  // ---- Delete my account -----------------------------------------------------------------
  // What this phone keeps for Ada first: the timeline's page, its thumbnails, the signed-in mark.
  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  await expect(ada.getByRole("button", { name: /Bo's wave/ })).toBeVisible();
  await expect.poll(() => ada.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect.poll(() => keptData(ada)).toContain("Summer by the sea");
  await expect.poll(async () => (await offlineCaches(ada)).media.length).toBeGreaterThan(0);
  await ada.goto("/app/profile");
  await ada.getByRole("button", { name: "Delete my account" }).click();
  const dialog = ada.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("textbox", { name: "Type DELETE to confirm" }).fill("DELETE");
  await expect(confirm).toBeEnabled();
  await shot(ada, "delete-dialog");
  await expectAccessible(ada, "Delete account dialog");
  await confirm.click();
  await expect(ada).toHaveURL(`${baseURL}/`, { timeout: 15_000 });
  // The landing page does not offer to open the deleted account, and this phone kept nothing of it.
  await expect(ada.locator("header.site-header")).toBeVisible();
  await expect(ada.getByRole("link", { name: "Open Keepsake" })).toHaveCount(0);
  await shot(ada, "after-deletion");
  expect(await offlineCaches(ada)).toEqual({ media: [], account: false });
  await ada.context().setOffline(true);
  await ada.goto("/app/timelines").catch(() => undefined);
  await expect(ada).toHaveURL(/\/login$/);
  await expect(ada.getByText("Summer by the sea")).toHaveCount(0);
  await ada.context().setOffline(false);
  expect(adaErrors).toEqual([]);

  // ---- Bo keeps the timeline, with "Former member" -------------------------------------------
  await bo.goto("/app/timelines");
  const card = bo.getByRole("link", { name: /Summer by the sea/ });
  await expect(card).toContainText("Former member");
  await shot(bo, "bo-former-member");
  const { timeline } = await graphql<{ timeline: { memories: { edges: { node: { caption: string } }[] } } }>(
    bo,
    "query ($id: ID!) { timeline(id: $id) { memories { edges { node { caption } } } } }",
    { id: timelineId },
  );
  expect(timeline.memories.edges.map((e) => e.node.caption)).toEqual(["Bo's wave"]);

  // ---- The same address again: a fresh, empty account ------------------------------------
  // The per-address cooldown between sign-in mails outlives the account (it protects the mailbox,
  // not the account: docs/decisions/023-export-and-deletion.md); the journeys' server shortens it.
  await waitForCooldown(adaAskedAt);
  const again = await signIn(browser, baseURL, adaEmail);
  const { timelines } = await graphql<{ timelines: { edges: unknown[] } }>(
    again,
    "{ timelines { edges { node { id } } } }",
  );
  expect(timelines.edges).toEqual([]);
  await again.goto("/app/timelines");
  await shot(again, "fresh-account");
});
