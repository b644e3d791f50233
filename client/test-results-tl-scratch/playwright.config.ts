import { defineConfig } from "@playwright/test";
import base from "../playwright.config";
export default defineConfig({
  ...base,
  testDir: "/work/main/client/test-results-tl-scratch",
  outputDir: "/tmp/tl-scratch-out",
  timeout: 300_000,
  webServer: { ...(base.webServer as object), command: "node ../e2e/start-server.mjs" } as never,
});
