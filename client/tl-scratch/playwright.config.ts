import { defineConfig } from "@playwright/test";
import { chromiumPath } from "../e2e/chromium-path";
const port = Number(process.env.E2E_PORT ?? 3108);
const baseURL = `http://127.0.0.1:${port}`;
export default defineConfig({
  testDir: ".",
  outputDir: "/tmp/tl-scratch-out",
  timeout: 300_000,
  workers: 1,
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    launchOptions: { executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] },
  },
  webServer: {
    command: "node ../e2e/start-server.mjs",
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), APP_URL: baseURL, E2E_PORT: String(port), AUTH_IP_HOURLY_LIMIT: "1000", LOG_LEVEL: "warn", NODE_ENV: "test" },
  },
});
