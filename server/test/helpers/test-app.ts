import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { DataSource } from "typeorm";
import { inject } from "vitest";
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
  const s3 = opts.env?.S3_BUCKET ? {} : await suiteBucket();
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    AUTH_IP_HOURLY_LIMIT: "10000",
    UPLOAD_RATE_LIMIT: "10000",
    APP_URL: "http://keepsake.test",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    ...s3,
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

/**
 * With TEST_STORAGE=s3 (see test/setup/global-setup.ts): a fresh bucket on the suite's S3 server
 * for this app, so files running in parallel never see each other's objects; else nothing.
 */
async function suiteBucket(): Promise<Record<string, string>> {
  const s3Env = inject("s3Env");
  if (!s3Env) return {};
  // The SDK's standard credential chain reads these from the process, as in a deployment.
  for (const name of [
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED",
  ]) {
    process.env[name] = s3Env[name];
  }
  const bucket = `ks-${crypto.randomBytes(6).toString("hex")}`;
  const client = new S3Client({
    endpoint: s3Env.S3_ENDPOINT,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: s3Env.AWS_ACCESS_KEY_ID!, secretAccessKey: s3Env.AWS_SECRET_ACCESS_KEY! },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return { ...s3Env, S3_BUCKET: bucket };
}
