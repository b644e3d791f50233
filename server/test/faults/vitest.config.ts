import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:faults`: real server processes, a PostgreSQL restarted under load, SIGTERM and
 * kill -9 (see harness.ts). One scenario at a time: they measure timings on a shared machine.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    environment: "node",
    include: ["test/faults/**/*.faults.ts"],
    testTimeout: 150_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
  },
});
