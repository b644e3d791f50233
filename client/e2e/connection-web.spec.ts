import { expect, test, type Page } from "./helpers/test";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * The connection web on a phone: the floating button never covers a person of the web,
 * at rest, while the page scrolls and while the web is panned, at 390×844 and 360×740. It steps
 * aside while it would, and is back once nothing is under it.
 */

const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];
const NAMES = ["Bo Jensen", "Cleo Park", "Dev Shah", "Emi Sato", "Finn Berg", "Gia Rossi", "Hugo Lind", "Ines Ruiz"];

/** After the next two frames: the button's check runs on an animation frame. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The floating button as it is now: shown or stepped aside, and whether it covers a person. */
async function fabState(page: Page): Promise<{ shown: boolean; covers: string[] }> {
  return page.evaluate(() => {
    const fab = document.querySelector<HTMLElement>('[data-testid="floating-button"]');
    if (!fab) throw new Error("no floating button");
    const shown = getComputedStyle(fab).visibility !== "hidden";
    const own = fab.getBoundingClientRect();
    const clip = document.querySelector('[data-testid="connection-web"]')!.getBoundingClientRect();
    const covers = [...document.querySelectorAll<HTMLElement>("[data-web-node]")]
      .filter((node) => {
        const b = node.getBoundingClientRect();
        const left = Math.max(b.left, clip.left, own.left);
        const right = Math.min(b.right, clip.right, own.right);
        const top = Math.max(b.top, clip.top, own.top);
        const bottom = Math.min(b.bottom, clip.bottom, own.bottom);
        return right > left && bottom > top;
      })
      .map((node) => node.textContent ?? "");
    return { shown, covers: shown ? covers : [] };
  });
}

test("the floating button never covers a person of the web (scrolling and panning)", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const ada = await signIn(browser, baseURL, `ada-web-${stamp}@example.com`);
  const errors = trackPageErrors(ada);
  await graphql(ada, "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }", {
    input: { displayName: "Ada Lovelace" },
  });

  // Eight people share an accepted timeline with Ada: the web's three rings fill. The timelines
  // are made in order; the eight then sign in and accept at the same time (each its own session).
  const invited: { email: string; name: string; timelineId: string }[] = [];
  for (const [i, name] of NAMES.entries()) {
    const email = `web-${i}-${stamp}@example.com`;
    const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
      ada,
      "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
      { input: { title: `With ${name}`, collaboratorEmail: email, privacy: "PRIVATE" } },
    );
    invited.push({ email, name, timelineId: createTimeline.timeline.id });
  }
  await Promise.all(
    invited.map(async ({ email, name, timelineId }) => {
      const friend = await apiSignIn(baseURL, email);
      await apiGraphql(
        friend,
        "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }",
        { input: { displayName: name } },
      );
      await apiGraphql(friend, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
        id: timelineId,
      });
      await friend.dispose();
    }),
  );

  for (const size of SIZES) {
    await ada.setViewportSize(size);
    await ada.goto("/app/profile");
    const web = ada.getByTestId("connection-web");
    await expect(web.locator("[data-web-node]")).toHaveCount(NAMES.length + 1);
    await settle(ada);
    await saveShot(ada, `web-${size.width}`);

    // Scrolling the whole page, a step at a time.
    const height = await ada.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    let shownSomewhere = false;
    for (let y = 0; y <= height + 40; y += 40) {
      await ada.evaluate(
        (top) =>
          new Promise((done) => (window.scrollTo(0, top), requestAnimationFrame(() => requestAnimationFrame(done)))),
        y,
      );
      // the button's check runs on the next frame and React renders its answer soon after: on a
      // busy machine that can be a few frames, so the state is polled until it has settled
      let state = { shown: false, covers: [] as string[] };
      await expect
        .poll(async () => (state = await fabState(ada)).covers, {
          message: `${size.width}×${size.height}, scrolled to ${y}`,
        })
        .toEqual([]);
      shownSomewhere ||= state.shown;
    }
    // It steps aside only while it must: somewhere along the page it is there to be used.
    expect(shownSomewhere, `${size.width}×${size.height}: the button shows somewhere`).toBe(true);

    // Panning: the web dragged down and sideways under the button's corner, checked mid-drag.
    await web.scrollIntoViewIfNeeded();
    await ada.evaluate(() => window.scrollBy(0, 120));
    await settle(ada);
    const box = (await web.boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    for (const [dx, dy] of [
      [120, 200],
      [0, 260],
      [-120, 200],
    ] as const) {
      await ada.mouse.move(start.x, start.y);
      await ada.mouse.down();
      for (let step = 1; step <= 6; step++) {
        await ada.mouse.move(start.x + (dx * step) / 6, start.y + (dy * step) / 6);
        await settle(ada);
        await expect
          .poll(async () => (await fabState(ada)).covers, {
            message: `${size.width}: panned by ${dx},${dy} (step ${step})`,
          })
          .toEqual([]);
      }
      await ada.mouse.up();
      await saveShot(ada, `web-${size.width}-panned-${dx}-${dy}`);
      await ada.getByRole("button", { name: "Reset view" }).click();
    }
    await settle(ada);
    await expect.poll(async () => (await fabState(ada)).covers).toEqual([]);
  }
  expect(errors).toEqual([]);
});
