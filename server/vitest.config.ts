import { defineConfig } from "vitest/config";

export default defineConfig({
  // graphql@16 has CJS "main" + ESM "module" and no exports map; force the CJS entry that the
  // externalised deps (type-graphql, apollo) load, else "another module or realm" (docs/decisions/012-stack-and-decorators.md P6).
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/setup/global-setup.ts"],
    setupFiles: ["test/setup/per-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
