import { test as base } from "@playwright/test";

export * from "@playwright/test";

/**
 * Playwright's `test`, plus one automatic fixture: every browser context a journey opens itself
 * (each person's `signIn` has its own) is closed when the journey ends. Without it, the pages of
 * every finished journey stay open in the one browser of the run, each still polling the server.
 * The test's own `context` is left to Playwright, which saves its trace and screenshot on failure.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser, context }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((c) => !before.has(c) && c !== context);
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
