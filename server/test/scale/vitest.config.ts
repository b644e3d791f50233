import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:scale`: several real server processes on one database and one bucket (an
 * S3-protocol server in the test process), and the storage contract. Uses DATABASE_URL's server
 * when set (CI), else a PostgreSQL of its own. One file at a time: it prints load figures.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    environment: "node",
    include: ["test/scale/**/*.scale.ts", "test/media/storage.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
  },
});
