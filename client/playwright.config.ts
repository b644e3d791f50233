import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./e2e/chromium-path";
import { SIGN_IN_COOLDOWN_SECONDS } from "./e2e/helpers/server-settings";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * End-to-end journeys against the built app: `node ../server/dist/main.js` (which serves
 * client/dist) on a fresh data directory, driven by the system Chromium.
 * `npm run test:e2e` at the root builds the client and the server first.
 */
export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // CI (.ci/run sets CI) runs two journeys at a time: each makes its own people and reads only
  // their mail, and the server's limits are per address or account (docs/decisions/014-testing.md).
  // One elsewhere: the development machine is shared.
  workers: process.env.CI ? 2 : 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    // A phone: the app is mobile web only.
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node e2e/start-server.mjs",
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(port),
      // Links in e-mails must use the same origin as the browser, or the session cookie is lost.
      APP_URL: baseURL,
      E2E_PORT: String(port),
      AUTH_IP_HOURLY_LIMIT: "1000",
      AUTH_EMAIL_COOLDOWN_SECONDS: String(SIGN_IN_COOLDOWN_SECONDS),
      UPLOAD_RATE_LIMIT: "1000",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
