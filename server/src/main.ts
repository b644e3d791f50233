import "reflect-metadata";
import http from "node:http";
import path from "node:path";
import { createApp } from "./app.js";
import { ConfigError, parseEnv, type Env } from "./config/env.js";
import { openDataSource } from "./db/data-source.js";
import type { EmbeddedDatabase } from "./db/embedded-postgres.js";
import { superviseEmbedded } from "./db/embedded-supervisor.js";
import type { HealthState } from "./http/health.routes.js";
import { createLogger } from "./lib/logger.js";
import { guardProcess } from "./lib/process-guard.js";

/**
 * env → database → createApp → listen; graceful shutdown on SIGTERM/SIGINT:
 * `/readyz` turns 503, no new connections, every in-flight request finishes (bounded by
 * SHUTDOWN_TIMEOUT_MS), background jobs stop, the pool closes, then the embedded database stops.
 */
async function main(): Promise<void> {
  let env: Env;
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

  // A signal during start-up is honoured once the server is up (nothing is half-started then).
  let signalled: string | null = null;
  let onSignal = (signal: string) => void (signalled ??= signal);
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
  // An error no code handled: kept serving when known to be harmless, else the same graceful
  // stop as a signal, exiting with 1 (docs/decisions/031-no-input-ends-the-process.md).
  let onFatal = (_reason: string): void => process.exit(1);
  guardProcess(logger, (reason) => onFatal(reason));

  const health: HealthState = { shuttingDown: false };
  let embedded: EmbeddedDatabase | null = null;
  let supervisor: { stop(): void } | null = null;
  if (!env.DATABASE_URL) {
    // Imported only here: with DATABASE_URL the embedded-postgres package is never loaded.
    const { startEmbeddedPostgres } = await import("./db/embedded-postgres.js");
    embedded = await startEmbeddedPostgres({ dir: path.join(env.DATA_DIR, "pg"), port: env.EMBEDDED_PG_PORT, logger });
    logger.info({ dataDir: path.resolve(env.DATA_DIR) }, "embedded PostgreSQL started");
    // If its process dies: 503 at once, and started again (db/embedded-supervisor.ts).
    supervisor = superviseEmbedded(embedded, health, logger);
  }
  const ds = await openDataSource(env.DATABASE_URL ?? embedded!.url);

  const httpServer = http.createServer();
  const { app, services, stop } = await createApp({ ds, env, logger, httpServer, health, backgroundJobs: true });

  // Uploads cut off by the previous process (stopped past its timeout, or killed): their temp
  // files, and stored files that never got their row. Only files older than this moment are
  // swept, so the uploads this process is about to receive are never touched. A shared store (a
  // bucket other processes write to) keeps the usual grace: their files land just before their rows.
  const tempFiles = await services.media.storage.clearTemp();
  const grace = services.media.storage.shared ? undefined : 0;
  const startupSweep = services.media.sweepExclusive(undefined, grace).then(
    (swept) =>
      logger.info({ event: "startup_sweep", tempFiles, ...(swept ?? { skipped: true }) }, "start-up clean-up done"),
    (err: unknown) => logger.error({ err }, "start-up clean-up failed"),
  );

  httpServer.on("request", app);
  httpServer.keepAliveTimeout = 5_000;
  httpServer.requestTimeout = 5 * 60_000; // large uploads on slow phones
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(env.PORT, () => resolve());
  });
  logger.info({ url: env.APP_URL, port: env.PORT }, `Keepsake is running at ${env.APP_URL}`);

  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    health.shuttingDown = true;
    logger.info({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, "shutting down: finishing in-flight requests");
    // Whatever hangs after the drain (a pool that does not close), the process still ends.
    setTimeout(() => {
      logger.error("shutdown did not finish; exiting");
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + 15_000).unref();
    try {
      await stop(); // the drain: closes the listener, waits for in-flight requests (SHUTDOWN_TIMEOUT_MS)
      await startupSweep;
      await ds.destroy();
      supervisor?.stop();
      await embedded?.stop();
      logger.info({ signal }, "stopped");
      process.exit(exitCode);
    } catch (err) {
      logger.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  onSignal = (signal) => void shutdown(signal);
  onFatal = (reason) => void shutdown(reason, 1);
  if (signalled) void shutdown(signalled);
}

main().catch((err: unknown) => {
  process.stderr.write(`Keepsake failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
