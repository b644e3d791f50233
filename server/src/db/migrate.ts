/** Runs pending migrations against DATABASE_URL, or the embedded database under DATA_DIR. */
import path from "node:path";
import { parseEnv } from "../config/env.js";
import { createLogger } from "../lib/logger.js";
import { openDataSource } from "./data-source.js";
import { startEmbeddedPostgres } from "./embedded-postgres.js";

const env = parseEnv();
const logger = createLogger(env.LOG_LEVEL);
const embedded = env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dir: path.join(env.DATA_DIR, "pg"), port: env.EMBEDDED_PG_PORT, logger });
try {
  const ds = await openDataSource(env.DATABASE_URL ?? embedded!.url);
  logger.info({ migrations: ds.migrations.length }, "database is up to date");
  await ds.destroy();
} finally {
  await embedded?.stop();
}
