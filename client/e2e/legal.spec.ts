import { axeViolations, PUBLIC_PAGE_TAGS } from "./helpers/axe";
import { expect, test, type Page } from "./helpers/test";

/** /privacy and /terms: real pages, static HTML without any script. */
test.use({ viewport: { width: 390, height: 844 } });

const seriousAxeViolations = (page: Page) => axeViolations(page, PUBLIC_PAGE_TAGS);

async function open(page: Page, path: string) {
  const errors: Error[] = [];
  const scripts: string[] = [];
  page.on("pageerror", (error) => errors.push(error));
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(req.url());
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return { errors, scripts };
}

test.describe("legal pages", () => {
  test("/privacy describes what the software does", async ({ page }) => {
    const { errors, scripts } = await open(page, "/privacy");
    await expect(page).toHaveTitle("Privacy Policy · Keepsake");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    const main = page.getByRole("main");

    // The tiers exactly as enforced (docs/decisions/003-privacy-tiers.md).
    const tiers = main.getByRole("table", { name: /privacy tier/ });
    await expect(tiers.getByRole("rowheader")).toHaveText(["Private", "Semi-private", "Public"]);
    await expect(tiers).toContainText("The two participants only.");
    await expect(tiers).toContainText("people within 2 degrees of either participant");
    await expect(tiers).toContainText("by a chain of at most 6 connections");
    await expect(main).toContainText("visible to its two participants only");
    await expect(main).toContainText("Nobody who is signed out can see");
    await expect(main).toContainText("at retrieval");

    // Storage, media, cookies, mail, deletion.
    await expect(main).toContainText("kept privately on our server");
    await expect(main).toContainText("re-encoded as WebP");
    await expect(main).toContainText("no EXIF, so no GPS location");
    await expect(main).toContainText("Videos are stored as uploaded");
    await expect(main).toContainText("HttpOnly");
    await expect(main).toContainText("30 days after you signed in");
    await expect(main).toContainText("lasts 15 minutes");
    await expect(main).toContainText("valid for 15 minutes and work once");
    await expect(main).toContainText("Deleting a memory deletes its photo or video");
    await expect(main).toContainText("Deleting a timeline deletes all of its memories and their files");

    // The in-page contents jump to their sections.
    await main
      .getByRole("navigation", { name: "On this page" })
      .getByRole("link", { name: "Sessions and cookies" })
      .click();
    await expect(page).toHaveURL(/#cookies$/);
    await expect(page.getByRole("heading", { level: 2, name: "Sessions and cookies" })).toBeInViewport();

    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("/terms is a real page", async ({ page }) => {
    const { errors, scripts } = await open(page, "/terms");
    await expect(page).toHaveTitle("Terms of Service · Keepsake");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveCount(8);
    await expect(main).toContainText("both of you can add memories to it, edit or delete any of its memories");
    await expect(main.getByRole("link", { name: "Privacy Policy" }).first()).toHaveAttribute("href", "/privacy");
    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const path of ["/privacy", "/terms"]) {
    test(`${path}: header and footer lead back to the landing page's sections`, async ({ page }) => {
      await open(page, path);
      const footer = page.locator("footer.site-footer");
      await expect(footer).toContainText("© Keepsake");
      await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
      await expect(page.locator("header.site-header").getByRole("link", { name: "Sign in" })).toHaveAttribute(
        "href",
        "/login",
      );

      await footer.getByRole("link", { name: "How it works" }).click();
      await expect(page).toHaveURL(/\/#product$/);
      await expect(page.locator("#product")).toBeInViewport();

      await page.goto(path);
      await page.locator("footer.site-footer").getByRole("link", { name: "FAQ" }).click();
      await expect(page).toHaveURL(/\/#faq$/);
      await expect(page.locator("#faq")).toBeInViewport();

      await page.goto(path);
      await page.locator("header.site-header").getByRole("link", { name: "Privacy", exact: true }).click();
      await expect(page).toHaveURL(/\/#privacy$/);
      await expect(page.locator("#privacy")).toBeInViewport();

      await page.goto(path);
      await page.locator("header.site-header").getByRole("link", { name: "Keepsake" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Keepsake");
    });

    test(`${path}: axe finds no serious or critical violation`, async ({ page }) => {
      await open(page, path);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});
