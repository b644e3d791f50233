import { expect, type Browser, type Page } from "@playwright/test";
import path from "node:path";
import { signInOverHttp } from "./api-sign-in";
import { axeViolations } from "./axe";

/** A phone-sized, touch context (390×844), as the journeys run. */
export const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Saves a full-page screenshot to $E2E_SCREENSHOTS (a folder) when set, to look at each screen. */
export async function saveShot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** axe: no serious or critical violation on the page as it is now (every rule of axe's default run). */
export async function expectAccessible(page: Page, screenName: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${screenName}`).toEqual([]);
}

export function trackPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  return errors;
}

/**
 * Signs `email` in, in a fresh phone-sized context, and answers that context's page, open on
 * /terms: a page of the app's origin that runs none of the app's code, from which `graphql` and
 * the upload helpers send a journey's setup with the page's cookie and origin. The journey then
 * opens its first screen itself, so the app boots once per person, on a screen under test (it
 * used to boot on /app first, a screen no journey looked at).
 *
 * The sign-in itself goes over HTTP in the context (the real request, the real mail in the
 * outbox, the link's token verified), and the session is checked to be signed in as `email`: the
 * /login and verify screens and the landing on /app are the subject of sign-in.spec.ts.
 */
export async function signIn(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ ...phone, baseURL });
  await signInOverHttp(context.request, baseURL, email);
  const session = await context.request.get("/api/auth/check-session");
  expect(await session.json()).toMatchObject({ isAuthenticated: true, user: { email } });
  const page = await context.newPage();
  await page.goto("/terms");
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
