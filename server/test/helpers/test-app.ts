import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import { createApp, type App, type AppDeps } from "../../src/app.js";
import { parseEnv, type Env } from "../../src/config/env.js";
import { FakeClock } from "../../src/lib/clock.js";
import { createLogger } from "../../src/lib/logger.js";
import { createTestDatabase } from "./test-db.js";

export interface TestApp extends App {
  ds: DataSource;
  env: Env;
  clock: FakeClock;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, for one test file. `env` overrides any variable;
 * `deps` can replace the clock, the services or the client build folder.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; deps?: Partial<AppDeps> & { clock?: FakeClock } } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-app-"));
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    AUTH_IP_HOURLY_LIMIT: "10000",
    UPLOAD_RATE_LIMIT: "10000",
    APP_URL: "http://keepsake.test",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    ...opts.env,
  });
  const clock = opts.deps?.clock ?? new FakeClock(new Date());
  const app = await createApp({
    ds: db.ds,
    env,
    logger: createLogger(env.LOG_LEVEL),
    clock,
    clientDist: path.join(dataDir, "no-client"),
    ...opts.deps,
  });
  return {
    ...app,
    ds: db.ds,
    env,
    clock,
    dataDir,
    async close() {
      await app.stop();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
