import { expect, test, type Page } from "./helpers/test";

/** Fails the test on uncaught exceptions in the page. */
function trackPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  return errors;
}

test.describe("smoke: signed out", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("/ shows the public landing page", async ({ page }) => {
    const errors = trackPageErrors(page);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Keepsake" })).toBeVisible();
    // The landing page is its own document, not the app shell with its bottom navigation.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("/app ends on /login", async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto("/app");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("an unknown app path resolves to /app and so ends on /login", async ({ page }) => {
    const errors = trackPageErrors(page);
    const response = await page.goto("/app/nope");
    // The server answers every client route with the app shell.
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    expect(errors).toEqual([]);
  });
});
