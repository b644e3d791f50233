/**
 * The real app (server/src/app.ts createApp) on 127.0.0.1 with production settings: NODE_ENV
 * production, a fixed SESSION_SECRET, silent logs, a high sign-in limit per IP, and the loopback
 * proxy trusted (so the bench can obtain the Secure session cookie over plain HTTP with
 * X-Forwarded-Proto: https).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { DataSource } from "typeorm";
import { createApp, type App } from "../../server/src/app.js";
import { parseEnv, type Env } from "../../server/src/config/env.js";
import { createLogger } from "../../server/src/lib/logger.js";

export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

export function benchEnv(dataDir: string, port = 0): Env {
  return parseEnv({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SESSION_SECRET: BENCH_SECRET,
    LOG_LEVEL: "silent",
    AUTH_IP_HOURLY_LIMIT: "1000000",
    UPLOAD_RATE_LIMIT: "1000000",
    TRUST_PROXY: "loopback",
    PORT: String(port || 3000),
    APP_URL: port ? `http://127.0.0.1:${port}` : undefined,
  });
}

export interface RunningApp extends App {
  url: string;
  port: number;
  env: Env;
  server: http.Server;
  close(): Promise<void>;
}

export async function listen(server: http.Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

export async function startApp(ds: DataSource, dataDir: string, clientDist?: string): Promise<RunningApp> {
  const server = http.createServer();
  const port = await listen(server);
  const env = benchEnv(dataDir, port);
  const app = await createApp({
    ds,
    env,
    logger: createLogger(env.LOG_LEVEL),
    httpServer: server,
    ...(clientDist ? { clientDist } : {}),
  });
  server.on("request", app.app);
  server.keepAliveTimeout = 30_000;
  return {
    ...app,
    url: `http://127.0.0.1:${port}`,
    port,
    env,
    server,
    async close() {
      await app.stop(); // the drain plugin closes the server
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}
