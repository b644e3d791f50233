/**
 * The phone of the bench's browser runs (a 390×844 touch screen at 2×, as the journeys use): a fresh
 * context with no service worker and the session's cookie, and a CDP session slowed down like
 * Lighthouse's mobile run (4× CPU). `bench/boot-long-tasks.ts` and `bench/phone-wait.ts`.
 */
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";

export async function phonePage(
  browser: Browser,
  cookie: string,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
    extraHTTPHeaders: { cookie }, // as the Lighthouse part passes the session
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { context, page, cdp };
}
