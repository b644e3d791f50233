import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import path from "node:path";
import { signInOverHttp } from "./api-sign-in";

/** A phone-sized, touch context (390×844), as the journeys run. */
export const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Saves a full-page screenshot to $E2E_SCREENSHOTS (a folder) when set, to look at each screen. */
export async function saveShot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** axe: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page, screenName: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(serious, `axe on ${screenName}`).toEqual([]);
}

export function trackPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  return errors;
}

/**
 * Signs `email` in, in a fresh phone-sized context, and opens /app. The sign-in itself goes over
 * HTTP in the context (the real request, the real mail in the outbox, the link's token verified):
 * the /login and verify screens are the subject of sign-in.spec.ts, not of every journey.
 */
export async function signIn(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ ...phone, baseURL });
  await signInOverHttp(context.request, baseURL, email);
  const page = await context.newPage();
  await page.goto("/app");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/app$/);
  return page;
}

/** A GraphQL operation from the page, with its session cookie (and the CSRF header the app sends). */
export async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch("/graphql", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Apollo-Require-Preflight": "true" },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    },
    { query, variables },
  );
  if (answer.errors?.length) throw new Error(answer.errors.map((e) => e.message).join("; "));
  return answer.data as T;
}
