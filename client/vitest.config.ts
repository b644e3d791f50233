import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
  resolve: {
    // graphql@16 ships CJS ("main") and ESM ("module"); dependencies load the CJS build, so our
    // imports must too, or graphql fails with "from another module or realm" (docs/decisions/012-stack-and-decorators.md P6).
    alias: [
      { find: /^graphql$/, replacement: "graphql/index.js" },
      // The PWA plugin is not part of the test build.
      {
        find: "virtual:pwa-register",
        replacement: fileURLToPath(new URL("src/testing/pwa-register-stub.ts", import.meta.url)),
      },
    ],
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "codegen/**/*.test.ts", "build/**/*.test.ts"],
    exclude: ["e2e/**", "node_modules/**", "dist/**"],
    setupFiles: ["./src/testing/setup.ts"],
    unstubGlobals: true,
    css: false,
  },
});
