import { expect, test, type Page } from "./helpers/test";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { expectAccessible, phone, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * Updates: the outcome of a proposal shows wherever it was given
 * (docs/decisions/046-proposal-outcome-on-the-notice.md). Bo has the app open on
 * two devices (two browser contexts with their own caches, signed in as Bo). He accepts
 * one proposal on the timeline's own page of the first device, then opens Updates there: "You
 * accepted", no buttons. On the second device, whose Updates had already shown both proposals
 * waiting, he declines the other one on its own page; back in Updates of each device both
 * proposals show their outcome and no button.
 */

const shot = (page: Page, name: string) => saveShot(page, `proposal-outcome-${name}`);

function proposalIn(page: Page, title: string) {
  return page.getByRole("article").filter({ hasText: `"${title}"` });
}

async function openUpdates(page: Page): Promise<void> {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Updates/ })
    .click();
  await expect(page.getByRole("heading", { name: "Updates", level: 1 })).toBeVisible();
}

test("a proposal answered on its timeline's page, or on another device, shows its outcome in Updates", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000); // three sign-ins through the outbox on a shared machine
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const boEmail = `bo-outcome-${stamp}@example.com`;
  const phoneA = await signIn(browser, baseURL, boEmail);
  // The second device: its own browser context (own cache, own service worker), Bo's session.
  const second = await browser.newContext({ ...phone, baseURL });
  await second.addCookies(await phoneA.context().cookies());
  const phoneB = await second.newPage();
  const errors = [...trackPageErrors(phoneA), ...trackPageErrors(phoneB)];
  const ada = await apiSignIn(baseURL, `ada-outcome-${stamp}@example.com`);
  const propose = async (title: string) =>
    (
      await apiGraphql<{ createTimeline: { timeline: { id: string } } }>(
        ada,
        "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
        { input: { title, collaboratorEmail: boEmail, privacy: "PRIVATE" } },
      )
    ).createTimeline.timeline.id;
  const yes = await propose("Our garden");
  const no = await propose("Night shifts");

  // The second device reads Updates while both still wait: Accept and Reject on each.
  await phoneB.goto("/app/updates");
  for (const title of ["Our garden", "Night shifts"]) {
    await expect(proposalIn(phoneB, title).getByRole("button", { name: "Accept" })).toBeVisible();
  }

  // ---- Accept on the timeline's own page (first device), then Updates --------------------------
  await phoneA.goto(`/app/view-timeline?id=${yes}`);
  await phoneA.getByRole("button", { name: "Accept" }).click();
  await expect(phoneA.getByRole("link", { name: "Add First Memory" })).toBeVisible();
  await openUpdates(phoneA);
  const accepted = proposalIn(phoneA, "Our garden");
  await expect(accepted.getByTestId("proposal-outcome")).toHaveText("You accepted");
  await expect(accepted.getByRole("button")).toHaveCount(0);
  await expect(proposalIn(phoneA, "Night shifts").getByRole("button", { name: "Reject" })).toBeVisible();
  await shot(phoneA, "accepted-on-page");

  // ---- Reject on the other device's timeline page ----------------------------------------------
  await phoneB.goto(`/app/view-timeline?id=${no}`);
  await phoneB.getByRole("button", { name: "Reject" }).click();
  await phoneB
    .getByRole("alertdialog", { name: "Reject this timeline?" })
    .getByRole("button", { name: "Reject" })
    .click();
  await expect(phoneB).toHaveURL(/\/app\/timelines$/);
  await openUpdates(phoneB);
  await expect(proposalIn(phoneB, "Night shifts").getByTestId("proposal-outcome")).toHaveText("You rejected");
  // the acceptance given on the first device reached this one through the server
  await expect(proposalIn(phoneB, "Our garden").getByTestId("proposal-outcome")).toHaveText("You accepted");
  await expect(phoneB.getByTestId("notification").getByRole("button")).toHaveCount(0);

  // ---- The first device learns the decline made on the second ------------------------------------
  await phoneA
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Timelines/ })
    .click();
  await openUpdates(phoneA);
  const declined = proposalIn(phoneA, "Night shifts");
  await expect(declined.getByTestId("proposal-outcome")).toHaveText("You rejected");
  await expect(declined.getByRole("button")).toHaveCount(0);
  await expect(phoneA.getByRole("button", { name: /Mark all as read/ })).toHaveCount(0);
  await expectAccessible(phoneA, "Updates, answered proposals");
  await shot(phoneA, "declined-elsewhere");
  expect(errors).toEqual([]);
  await ada.dispose();
});
