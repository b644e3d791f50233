import "reflect-metadata";
import http from "node:http";
import path from "node:path";
import { createApp } from "./app.js";
import { ConfigError, parseEnv } from "./config/env.js";
import { openDataSource } from "./db/data-source.js";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded-postgres.js";
import { createLogger } from "./lib/logger.js";

/** env → database → createApp → listen; graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee .env.example for every variable and its default.\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(env.LOG_LEVEL);

  let embedded: EmbeddedDatabase | null = null;
  if (!env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({ dir: path.join(env.DATA_DIR, "pg"), port: env.EMBEDDED_PG_PORT, logger });
    logger.info({ dataDir: path.resolve(env.DATA_DIR) }, "embedded PostgreSQL started");
  }
  const ds = await openDataSource(env.DATABASE_URL ?? embedded!.url);

  const httpServer = http.createServer();
  const { app, health, stop } = await createApp({ ds, env, logger, httpServer, backgroundJobs: true });
  httpServer.on("request", app);
  httpServer.keepAliveTimeout = 5_000;
  httpServer.requestTimeout = 5 * 60_000; // large uploads on slow phones
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(env.PORT, () => resolve());
  });
  logger.info({ url: env.APP_URL, port: env.PORT }, `Keepsake is running at ${env.APP_URL}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    health.shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in 10 s; closing connections");
      httpServer.closeAllConnections();
    }, 10_000);
    force.unref();
    try {
      await stop(); // Apollo's drain plugin closes the HTTP server and waits for in-flight requests
      await new Promise<void>((resolve) => (httpServer.listening ? httpServer.close(() => resolve()) : resolve()));
      await ds.destroy();
      await embedded?.stop();
      logger.info("stopped");
      process.exit(0);
    } catch (err) {
      logger.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  process.stderr.write(`Keepsake failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
