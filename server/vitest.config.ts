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
    // Each worker imports the app once for all its files instead of once per file: the imports
    // were a third of the suite's summed time. Files still share nothing that matters: each has its
    // own database clone, app and data folder, and no file mocks a module
    // (docs/decisions/014-testing.md).
    isolate: false,
  },
});
