import { expect, test, type Page } from "./helpers/test";
import path from "node:path";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { addDemoMemory } from "./helpers/demo-photo";
import { graphql, phone, signIn } from "./helpers/journey";

/**
 * The walk through every screen (docs/decisions/044-shell-that-covers-nothing.md,
 * client/e2e/README.md): a signed-in person with real data (timelines with memories, a pending proposal,
 * grouped notices, a connection web) and a signed-out visitor, each screen at 390×844, 360×740 and
 * 1280×800. On each, what a careful designer checks by eye is also measured: nothing wider than
 * the screen (no sideways scrolling), no visible button or link smaller than 44×44 px (text links
 * inside a sentence excepted, as WCAG 2.5.8 does), and no control covered by another element at
 * its centre. `E2E_SCREENSHOTS=/dir` keeps a screenshot of each screen at each size.
 */

const SIZES = [
  { name: "390x844", width: 390, height: 844 },
  { name: "360x740", width: 360, height: 740 },
  { name: "1280x800", width: 1280, height: 800 },
];
const UPDATE_PROFILE = "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }";
const CREATE_TIMELINE = "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }";
const ACCEPT = "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }";

/** The screen as a person sees it (the viewport, not the whole page), to $E2E_SCREENSHOTS when set. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * What is wrong with the screen as laid out now, in words (empty when nothing). While a modal
 * dialog is open only its controls count (the page behind it is out of reach by design); a
 * control under the bottom navigation or another fixed bar counts as covered only if scrolling
 * it to the middle of the screen does not free it.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const label = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 40)}"`;
    const modal = document.querySelector('[aria-modal="true"]') ?? document;
    const controls = modal.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], [role="tab"], input:not([type="hidden"]), select, textarea',
    );
    const coveredBy = (el: HTMLElement): Element | null => {
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
      const top = document.elementFromPoint(x, y);
      if (!top || top === el || el.contains(top) || top.contains(el) || top.closest("[data-sonner-toaster]"))
        return null;
      return top;
    };
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!box.width || !box.height || style.visibility === "hidden") continue;
      if (el.closest("[aria-hidden='true'], [inert], .visually-hidden")) continue;
      // a link inside a sentence is exempt from the target size (WCAG 2.5.8, "inline")
      const inline = el.tagName === "A" && style.display === "inline" && el.parentElement?.closest("p");
      const checkbox = el.tagName === "INPUT" && ["checkbox", "radio"].includes((el as HTMLInputElement).type);
      if (!inline && !checkbox && (box.width < 43.5 || box.height < 43.5))
        problems.push(`small target ${label(el)}: ${Math.round(box.width)}×${Math.round(box.height)}`);
      if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) continue;
      let top = coveredBy(el);
      if (top) {
        el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
        top = coveredBy(el);
        window.scrollTo({ top: 0, behavior: "instant" });
      }
      if (top) problems.push(`covered ${label(el)} by ${label(top)}`);
    }
    return problems;
  });
}

/**
 * Resolves once three frames in a row lay the screen out the same: after a resize, what measures
 * itself (a resize observer, a check on the next frame) has rendered its answer. Compared each
 * frame: the page's scroll size and the box and visibility of every control and image.
 */
async function layoutSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((settled) => {
        const layout = () => {
          const root = document.documentElement;
          const boxes = [...document.querySelectorAll('button, a[href], [role="button"], input, img, svg')].map(
            (el) => {
              const box = el.getBoundingClientRect();
              return `${box.x},${box.y},${box.width},${box.height},${getComputedStyle(el).visibility}`;
            },
          );
          return `${root.scrollWidth}x${root.scrollHeight};${boxes.join(";")}`;
        };
        let last = layout();
        let same = 0;
        const check = () => {
          const now = layout();
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= 2) settled();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

async function walk(page: Page, name: string, ready: () => Promise<void>, found: string[]): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready();
    await page.evaluate(() => document.fonts.ready);
    await layoutSettled(page); // after the resize (the strip and the web measure themselves)
    // measure the screen at rest: after the transitions that are running (an opening viewer)
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    for (const problem of await layoutProblems(page)) found.push(`${name} @ ${size.name}: ${problem}`);
    await shot(page, `walk-${name}-${size.name}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("every screen at three sizes: no sideways scroll, no small or covered controls", async ({ browser }, testInfo) => {
  test.setTimeout(420_000);
  // the machine is shared: screens get longer than the default to appear
  const visible = { timeout: 30_000 };
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const adaEmail = `ada-walk-${stamp}@example.com`;
  const ada = await signIn(browser, baseURL, adaEmail);
  await graphql(ada, UPDATE_PROFILE, {
    input: { displayName: "Ada Lovelace", bio: "Counting stars and keeping the small moments." },
  });
  // Bo shares "Trips" with Ada and adds memories to it (grouped in Ada's Updates).
  const boEmail = `bo-walk-${stamp}@example.com`;
  const bo = await apiSignIn(baseURL, boEmail);
  await apiGraphql(bo, UPDATE_PROFILE, { input: { displayName: "Bo Jensen" } });
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(ada, CREATE_TIMELINE, {
    input: { title: "Trips with Bo", collaboratorEmail: boEmail, privacy: "SEMI_PRIVATE" },
  });
  const trips = createTimeline.timeline.id;
  await apiGraphql(bo, ACCEPT, { id: trips });
  const memories = [
    { caption: "First morning in Lisbon", location: "Alfama, Lisbon", memoryDate: "2024-04-12", hue: 205 },
    { caption: "Tram 28, all the way up", location: "Lisbon", memoryDate: "2024-04-13", hue: 30 },
    { caption: "Rain in Porto", location: "Ribeira, Porto", memoryDate: "2025-02-02", hue: 220 },
  ];
  for (const m of memories) {
    await addDemoMemory(ada, trips, m.hue, {
      caption: m.caption,
      location: m.location,
      memoryDate: m.memoryDate,
      meaning: "We stayed until the lights came on, and did not say much.",
    });
  }
  // Cara proposes a timeline to Ada: pending, with Accept and Reject in Updates.
  const cara = await apiSignIn(baseURL, `cara-walk-${stamp}@example.com`);
  await apiGraphql(cara, UPDATE_PROFILE, { input: { displayName: "Cara Okafor" } });
  const pending = (
    await apiGraphql<{ createTimeline: { timeline: { id: string } } }>(cara, CREATE_TIMELINE, {
      input: { title: "Sunday kitchen", collaboratorEmail: adaEmail, privacy: "PRIVATE" },
    })
  ).createTimeline.timeline.id;
  const boUser = await apiGraphql<{ me: { username: string } }>(bo, "query { me { username } }");
  await bo.dispose();
  await cara.dispose();

  const found: string[] = [];
  const heading = (name: string | RegExp) => () =>
    expect(ada.getByRole("heading", { level: 1, name })).toBeVisible(visible);

  await ada.goto("/app/timelines");
  await walk(ada, "timelines", heading("Your Timelines"), found);

  await ada.goto(`/app/view-timeline?id=${trips}`);
  await walk(
    ada,
    "timeline-strip",
    () => expect(ada.getByRole("button", { name: /Rain in Porto/ })).toBeVisible(),
    found,
  );
  await ada.getByRole("button", { name: /Rain in Porto/ }).click();
  await walk(ada, "viewer", () => expect(ada.getByTestId("viewer-position")).toBeVisible(visible), found);
  await ada.keyboard.press("Escape");

  await ada.goto(`/app/view-timeline?id=${pending}`);
  await walk(
    ada,
    "timeline-pending",
    () => expect(ada.getByRole("button", { name: "Accept" })).toBeVisible(visible),
    found,
  );

  await ada.goto("/app/memories");
  await walk(ada, "memories", heading("Your Memories"), found);

  await ada.goto("/app/updates");
  await walk(ada, "updates", () => expect(ada.getByRole("button", { name: "Accept" })).toBeVisible(visible), found);

  await ada.goto("/app/profile");
  await walk(ada, "profile-web", () => expect(ada.getByTestId("connection-web")).toBeVisible(visible), found);

  await ada.goto("/app/edit-profile");
  await walk(
    ada,
    "edit-profile",
    () => expect(ada.getByRole("button", { name: "Save Changes" })).toBeEnabled(visible),
    found,
  );

  await ada.goto("/app/create-timeline");
  await walk(ada, "create-timeline", heading("Create Timeline"), found);

  await ada.goto(`/app/add-memory?timeline_id=${trips}`);
  await walk(ada, "add-memory", () => expect(ada.getByRole("heading", { level: 1 })).toBeVisible(visible), found);

  await ada.goto(`/app/timeline-settings?id=${trips}`);
  await walk(ada, "timeline-settings", heading("Timeline Settings"), found);

  await ada.goto(`/app/public-profile?username=${boUser.me.username}`);
  await walk(
    ada,
    "public-profile",
    () => expect(ada.getByRole("heading", { name: "Bo Jensen" })).toBeVisible(visible),
    found,
  );

  // A visitor, signed out: the landing page and the login page.
  const visitor = await (await browser.newContext({ ...phone, baseURL })).newPage();
  await visitor.goto("/");
  await walk(visitor, "landing", () => expect(visitor.getByRole("heading", { level: 1 })).toBeVisible(visible), found);
  await visitor.goto("/login");
  await walk(visitor, "login", () => expect(visitor.getByLabel("Email address")).toBeVisible(visible), found);

  expect(found).toEqual([]);
});
