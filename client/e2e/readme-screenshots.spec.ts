import { expect, test, type Page } from "./helpers/test";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { addDemoMemory } from "./helpers/demo-photo";
import { graphql, signIn } from "./helpers/journey";

/**
 * The README's phone-size screenshots (docs/screenshots/*.png), made from a small lived-in demo:
 * `npm run screenshots` at the root (it builds, then runs this file with README_SCREENSHOTS=1).
 * Skipped in the ordinary end-to-end run.
 */
test.skip(!process.env.README_SCREENSHOTS, "set README_SCREENSHOTS=1 (npm run screenshots) to refresh them");

const out = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const UPDATE_PROFILE = "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }";
const CREATE_TIMELINE = "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }";
const ACCEPT = "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }";

/** A phone-size PNG at 1× (small files), of the viewport as a person sees it. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle");
  // at rest: no opening animation caught halfway (the viewer grows and its ground fades in)
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await page.screenshot({ path: path.join(out, `${name}.png`), scale: "css" });
}

test("README screenshots", async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const adaEmail = `ada-shots-${stamp}@example.com`;
  const ada = await signIn(browser, baseURL, adaEmail);
  await graphql(ada, UPDATE_PROFILE, { input: { displayName: "Ada Lovelace" } });

  const friends = ["Tomás Silva", "Mei Chen", "Jonas Berg", "Priya Nair", "Lena Vogel"];
  const timelines: string[] = [];
  let tomas: Page | undefined;
  for (const [i, name] of friends.entries()) {
    const email = `friend-${i}-${stamp}@example.com`;
    const title = ["Trips with Tomás", "Sunday kitchen", "Mountain weekends", "Letters & tea", "Garden year"][i]!;
    const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(ada, CREATE_TIMELINE, {
      input: { title, collaboratorEmail: email, privacy: i === 2 ? "PUBLIC" : i === 1 ? "SEMI_PRIVATE" : "PRIVATE" },
    });
    timelines.push(createTimeline.timeline.id);
    if (i === 4) continue; // one stays pending
    if (i === 0) {
      // Tomás is followed in the browser too (his Updates)
      tomas = await signIn(browser, baseURL, email);
      await graphql(tomas, UPDATE_PROFILE, { input: { displayName: name } });
      await graphql(tomas, ACCEPT, { id: createTimeline.timeline.id });
      continue;
    }
    const friend = await apiSignIn(baseURL, email);
    await apiGraphql(friend, UPDATE_PROFILE, { input: { displayName: name } });
    await apiGraphql(friend, ACCEPT, { id: createTimeline.timeline.id });
    await friend.dispose();
  }
  const trips = timelines[0]!;
  const memories = [
    { caption: "First morning in Lisbon", location: "Alfama, Lisbon", memoryDate: "2024-04-12", hue: 205 },
    { caption: "Tram 28, all the way up", location: "Lisbon", memoryDate: "2024-04-13", hue: 30 },
    { caption: "Sunset at the miradouro", location: "Miradouro da Graça", memoryDate: "2024-04-14", hue: 12 },
    { caption: "Rain in Porto", location: "Ribeira, Porto", memoryDate: "2025-02-02", hue: 220 },
    { caption: "The long walk home", location: "Douro", memoryDate: "2025-02-03", hue: 160 },
  ];
  for (const m of memories) {
    await addDemoMemory(ada, trips, m.hue, {
      caption: m.caption,
      location: m.location,
      memoryDate: m.memoryDate,
      meaning: m.hue === 12 ? "We stayed until the lights came on, and did not say much." : "",
    });
  }
  for (const [i, id] of timelines.slice(1, 4).entries()) {
    await addDemoMemory(ada, id, 90 + i * 70, { caption: "A good day", memoryDate: `2025-0${i + 3}-10` });
  }

  // "Saved for offline" is said once per account, on its first visit with the service worker: said
  // before the screenshots, never over them
  for (const person of [ada, tomas!]) {
    await person.goto("/app/timelines");
    await expect(person.getByText("Saved for offline")).toBeVisible();
  }
  await ada.setViewportSize({ width: 390, height: 844 });
  const page = await ada.context().newPage();
  await page.goto("/");
  await shoot(page, "landing");
  await page.close();

  await ada.goto("/app/timelines");
  await expect(ada.getByRole("link", { name: /Trips with Tomás/ })).toBeVisible();
  await shoot(ada, "timelines");

  await ada.goto(`/app/view-timeline?id=${trips}`);
  await expect(ada.getByRole("button", { name: /Sunset at the miradouro/ })).toBeVisible();
  await shoot(ada, "timeline-strip");
  await ada.getByRole("button", { name: /Sunset at the miradouro/ }).focus();
  await ada.keyboard.press("Enter");
  await expect(ada.getByRole("dialog", { name: "Sunset at the miradouro" })).toBeVisible();
  await shoot(ada, "viewer");

  await ada.goto("/app/create-timeline");
  await expect(ada.getByRole("heading", { level: 1 })).toBeVisible();
  await shoot(ada, "create-timeline");

  await ada.goto("/app/profile");
  await expect(ada.getByTestId("connection-web").locator("[data-web-node]")).toHaveCount(friends.length);
  await ada.getByTestId("connection-web").scrollIntoViewIfNeeded();
  await shoot(ada, "connection-web");

  // Tomás's side: Updates with Ada's memories grouped.
  await tomas!.goto("/app/updates");
  await expect(tomas!.getByText(/added 5 memories/)).toBeVisible();
  await shoot(tomas!, "updates");
});
