import { expect, test, type Page } from "./helpers/test";
import { signInLinkOf, waitForMail } from "./helpers/outbox";

/** Sign-in by e-mail link, on a phone-sized screen, with the mail read from the outbox. */

const shots = process.env.E2E_SCREENSHOTS; // a folder: save screenshots of each screen to look at

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

function trackPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  return errors;
}

async function askForLink(page: Page, email: string) {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Keepsake" })).toBeVisible();
  await shot(page, "1-login");
  await page.getByLabel("Email address").fill(email);
  const since = Date.now();
  await page.getByRole("button", { name: "Send Login Link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Please check your email for the login link!" }),
  ).toBeVisible();
  await shot(page, "2-login-sent");
  return waitForMail(email, since);
}

test("a new visitor signs in with the link, stays signed in on reload, and logs out", async ({ page }) => {
  const errors = trackPageErrors(page);
  const email = `new-${Date.now()}@example.com`;
  const mail = await askForLink(page, email);
  const link = signInLinkOf(mail);
  expect(link.startsWith(`${new URL(page.url()).origin}/auth/verify?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Email Verified!" })).toBeVisible();
  await expect(page.getByText("Email verified successfully! Redirecting...")).toBeVisible();
  expect(new URL(page.url()).search).toBe(""); // the token left the address bar
  await shot(page, "3-verified");

  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await shot(page, "4-app");
  await page.reload();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.goto("/app/profile");
  await page.getByRole("button", { name: "Log out", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/app");
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
});

test("another browser is asked to continue, and a scanner's visit does not use the link up", async ({
  page,
  browser,
}) => {
  const email = `other-${Date.now()}@example.com`;
  const link = signInLinkOf(await askForLink(page, email));

  // a mail scanner with JavaScript opens the link first and waits: it must not sign in or burn it
  const scanner = await browser.newContext();
  const scannerPage = await scanner.newPage();
  await scannerPage.goto(link);
  await expect(scannerPage.getByRole("button", { name: /^Continue as o•••@example\.com$/ })).toBeVisible();
  await scannerPage.waitForTimeout(1500);
  await scanner.close();

  const laptop = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const laptopPage = await laptop.newPage();
  await laptopPage.goto(link);
  const button = laptopPage.getByRole("button", { name: "Continue as o•••@example.com" });
  await expect(button).toBeVisible();
  await shot(laptopPage, "5-continue-as");
  await button.click();
  await expect(laptopPage).toHaveURL(/\/app$/);
  await laptop.close();

  // the phone that asked is still signed out
  await page.goto("/app");
  await expect(page).toHaveURL(/\/login$/);
});

test("the code from the e-mail signs in where the link cannot (installed app)", async ({ page }) => {
  const email = `code-${Date.now()}@example.com`;
  const mail = await askForLink(page, email);
  const code = /code in the app: ([A-Z2-9]{6})/.exec(mail.text)?.[1];
  expect(code).toBeTruthy();
  await page.getByLabel("Sign-in code").fill(code!);
  await shot(page, "6-code");
  await page.getByRole("button", { name: "Sign in with code" }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test("a second request within the cooldown counts down and a bad link explains itself", async ({ page }) => {
  const email = `wait-${Date.now()}@example.com`;
  await askForLink(page, email);
  await page.getByRole("button", { name: "Send Login Link" }).click();
  await expect(page.getByRole("button", { name: /^Wait \d+s to retry$/ })).toBeDisabled();
  await expect(page.getByRole("alert").filter({ hasText: /Please wait \d+ seconds/ })).toBeVisible();
  await expect(page.getByText(/You can request a new link at/)).toBeVisible();
  await shot(page, "7-rate-limited");

  await page.goto("/auth/verify?token=not-a-real-token-000000000000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "Verification Failed" })).toBeVisible();
  await expect(page.getByText("This sign-in link is invalid. Please request a new one.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
  await shot(page, "8-verify-failed");
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
