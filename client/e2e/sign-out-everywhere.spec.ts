import { expect, test } from "./helpers/test";
import { signInOverHttp } from "./helpers/api-sign-in";
import { expectAccessible, phone as phoneSize, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * "Log out everywhere" (docs/decisions/032-who-may-learn-whom.md): Ada is signed in on her phone
 * and on a laptop left somewhere. From the phone's Profile she logs out everywhere: the phone
 * lands on the sign-in page, and the laptop, on its next screen, is signed out too and shows
 * none of her timelines.
 */
test("log out everywhere ends the session on every device", async ({ browser }, testInfo) => {
  test.setTimeout(180_000); // two sign-ins through the outbox on a shared machine
  const baseURL = String(testInfo.project.use.baseURL);
  const email = `ada-everywhere-${Date.now().toString(36)}@example.com`;
  const laptop = await signIn(browser, baseURL, email);
  // The phone has signed in before: it carries the owner mark such a sign-in leaves, so its new
  // request is its own and not held back by the laptop's a moment ago
  // (docs/decisions/032-who-may-learn-whom.md, quotas per asker).
  const phoneContext = await browser.newContext({ ...phoneSize, baseURL });
  const mark = (await laptop.context().cookies()).filter((c) => c.name === "ks.owner");
  expect(mark).toHaveLength(1);
  await phoneContext.addCookies(mark);
  await signInOverHttp(phoneContext.request, baseURL, email);
  const phone = await phoneContext.newPage();
  const errors = [...trackPageErrors(phone), ...trackPageErrors(laptop)];

  // both devices are signed in
  for (const page of [phone, laptop]) {
    await page.goto("/app/timelines");
    await expect(page.getByRole("heading", { level: 1, name: "Timelines" })).toBeVisible();
  }

  await phone.goto("/app/profile");
  await expectAccessible(phone, "Profile, with Log out everywhere");
  await phone.getByRole("button", { name: "Log out everywhere" }).click();
  await expect(phone).toHaveURL(/\/login/);
  await saveShot(phone, "sign-out-everywhere-phone");

  // the other device's session is gone on the server: its next screen is the sign-in page
  await laptop.goto("/app/profile");
  await expect(laptop).toHaveURL(/\/login/);
  await expect(laptop.getByRole("heading", { level: 1, name: "Timelines" })).toHaveCount(0);
  const me = await laptop.request.post("/graphql", {
    data: { query: "{ me { id } }" },
    headers: { Origin: baseURL },
  });
  expect(((await me.json()) as { data?: { me: unknown } }).data?.me ?? null).toBeNull();
  await saveShot(laptop, "sign-out-everywhere-laptop");
  expect(errors).toEqual([]);
});
