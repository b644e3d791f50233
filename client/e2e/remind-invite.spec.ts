import { expect, test, type Page } from "./helpers/test";
import { addDemoMemory } from "./helpers/demo-photo";
import { expectAccessible, phone, saveShot, signIn, trackPageErrors } from "./helpers/journey";
import { waitForMail } from "./helpers/outbox";
import { proposeTimeline } from "./helpers/shared-timeline";

/**
 * The waiting page's "Remind {name}" and "Copy invite link", and what is new since a visit
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md), at 390×844. Ada proposes a timeline
 * to Bo's address (no account yet), reminds him once and sees when she may again; the server
 * refuses a second reminder the same day. She copies an invite link (the Clipboard API, "Link
 * copied"). Cy, signed in, opens it and is refused; nothing changes. Bo opens it signed out, signs
 * in with the code from the mail, lands on the proposal and accepts; Cy still cannot use it. Bo adds a memory: Ada's card says
 * "1 new", the strip marks it "New", and once she has opened the timeline the card says no more.
 */

const shot = (page: Page, name: string) => saveShot(page, `remind-invite-${name}`);

test("remind, copy an invite link, the invited person accepts through it, a third person is refused", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000); // three sign-ins through the outbox on a shared machine
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const boEmail = `bo-ri-${stamp}@example.com`;
  const boName = `bo-ri-${stamp}`;
  const ada = await signIn(browser, baseURL, `ada-ri-${stamp}@example.com`);
  const errors = trackPageErrors(ada);
  await ada.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const id = await proposeTimeline(ada, "Our balcony garden", boEmail, "PRIVATE");

  // ---- the waiting page: Remind, once a day ------------------------------------------------
  await ada.goto(`/app/view-timeline?id=${id}`);
  await expect(ada.getByRole("heading", { name: `Waiting for ${boName} to accept` })).toBeVisible();
  const remind = ada.getByRole("button", { name: `Remind ${boName}` });
  await expect(remind).toBeEnabled();
  await remind.click();
  await expect(ada.getByText(`Reminder sent to ${boName}`)).toBeVisible();
  await expect(
    ada.getByText(new RegExp(`^You can remind ${boName} again (at|tomorrow at) \\d\\d:\\d\\d$`)),
  ).toBeVisible();
  await expect(remind).toBeDisabled();
  // the server holds the limit whatever the page shows
  const again = await ada.evaluate(async (id) => {
    const response = await fetch(`/api/timelines/${id}/remind`, { method: "POST", credentials: "same-origin" });
    return { status: response.status, body: (await response.json()) as { message?: string } };
  }, id);
  expect(again.status).toBe(429);
  expect(again.body.message).toBe(`You can remind ${boName} again tomorrow`);

  // ---- Copy invite link --------------------------------------------------------------------
  await ada.getByRole("button", { name: "Copy invite link" }).click();
  await expect(ada.getByText("Link copied")).toBeVisible();
  const url = await ada.getByRole("textbox", { name: "Invite link" }).inputValue();
  expect(url).toMatch(/\/app\/invite\?token=[A-Za-z0-9_-]{43}$/);
  expect(await ada.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await shot(ada, "waiting");
  await expectAccessible(ada, "the waiting page with its link");
  const path = new URL(url).pathname + new URL(url).search;

  // ---- a third person is refused ------------------------------------------------------------
  const cy = await signIn(browser, baseURL, `cy-ri-${stamp}@example.com`);
  errors.push(...trackPageErrors(cy));
  await cy.goto(path);
  await expect(cy.getByRole("heading", { name: "This invite link can't be used" })).toBeVisible();
  await expect(cy.getByText(/was made for someone else/)).toBeVisible();
  await shot(cy, "someone-else");
  await expectAccessible(cy, "an invite link that is someone else's");

  // ---- the invited person opens it signed out, signs in with the code, lands on it, accepts --
  const boContext = await browser.newContext({ ...phone, baseURL });
  const bo = await boContext.newPage();
  errors.push(...trackPageErrors(bo));
  await bo.goto(path);
  await expect(bo).toHaveURL(/\/login$/);
  await bo.getByLabel("Email address").fill(boEmail);
  const since = Date.now();
  await bo.getByRole("button", { name: "Send Login Link" }).click();
  const mail = await waitForMail(boEmail, since, 15_000, (text) => text.includes("/auth/verify?token="));
  const code = /code in the app: ([A-Z2-9]{6})/.exec(mail.text)?.[1];
  expect(code).toBeTruthy();
  await bo.getByLabel("Sign-in code").fill(code!);
  await bo.getByRole("button", { name: "Sign in with code" }).click();
  await expect(bo).toHaveURL(new RegExp(`/app/view-timeline\\?id=${id}$`));
  const invitation = bo.getByRole("heading", { name: /invited you to share this timeline$/ });
  await expect(invitation).toBeVisible();
  await shot(bo, "proposal");
  await bo.getByRole("button", { name: "Accept" }).click();
  await expect(invitation).toBeHidden();
  await expect(bo.getByRole("link", { name: "Add Memory" })).toBeVisible();

  // the link is used: Cy still cannot, and nothing changed
  await cy.goto(path);
  await expect(cy.getByRole("heading", { name: "This invite link can't be used" })).toBeVisible();

  // ---- what is new since Ada's last visit ---------------------------------------------------
  await addDemoMemory(bo, id, 150, { caption: "First tomatoes" });
  await ada.goto("/app/timelines");
  const card = ada.getByRole("link", { name: /Our balcony garden/ });
  await expect(card.getByText("1 new")).toBeVisible();
  await shot(ada, "card-new");
  await card.click();
  const first = ada.getByRole("list", { name: "Memories" }).getByRole("button").first();
  await expect(first).toHaveAccessibleName(/^New\s*First tomatoes/);
  await shot(ada, "strip-new");
  await expectAccessible(ada, "the strip with a new memory");
  await ada.getByRole("link", { name: "Timelines", exact: true }).first().click();
  await expect(ada.getByRole("link", { name: /Our balcony garden/ })).toBeVisible();
  await expect(ada.getByRole("link", { name: /Our balcony garden/ }).getByText("1 new")).toHaveCount(0);

  expect(errors).toEqual([]);
});
