import { afterAll, beforeAll } from "vitest";
import { startMailCatcher, type MailCatcher } from "./mail-catcher.js";
import { createTestApp, type TestApp } from "./test-app.js";

/**
 * One test app per file that sends its mail over real SMTP to an in-process server
 * (docs/decisions/014-testing.md). Registers the file's `beforeAll`/`afterAll` and hands both
 * to `ready` once they are up:
 *
 *   let t: TestApp;
 *   let smtp: MailCatcher;
 *   appWithMail((app, catcher) => ((t = app), (smtp = catcher)));
 */
export function appWithMail(ready: (t: TestApp, smtp: MailCatcher) => void, env: Record<string, string> = {}): void {
  let t: TestApp | undefined;
  let smtp: MailCatcher | undefined;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, ...env } });
    ready(t, smtp);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
}
