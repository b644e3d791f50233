import "reflect-metadata";
import { DataSource } from "typeorm";
import type { PostgresDriver } from "typeorm/driver/postgres/PostgresDriver.js";
import type { Pool } from "pg";
import { entities } from "../entities/index.js";
import { migrations } from "./migrations/index.js";

/** One DataSource shape for the embedded database, a real server and the tests (docs/decisions/001-one-database-engine.md). */
export function createDataSource(url: string, opts: { poolSize?: number; logging?: boolean } = {}): DataSource {
  return new DataSource({
    type: "postgres",
    url,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    logging: opts.logging ?? false,
    uuidExtension: "pgcrypto",
    installExtensions: false,
    poolSize: opts.poolSize ?? 10,
    extra: { connectionTimeoutMillis: 5000 },
  });
}

/** TypeORM's own pg pool, shared with connect-pg-simple and the rate limiter. */
export function poolOf(ds: DataSource): Pool {
  return (ds.driver as PostgresDriver).master as Pool;
}

export async function openDataSource(
  url: string,
  opts: { poolSize?: number; logging?: boolean } = {},
): Promise<DataSource> {
  const ds = createDataSource(url, opts);
  await ds.initialize();
  // Several processes may start at once on one database (docs/decisions/019-scaling-out.md): one
  // runs the pending migrations while the others wait on this lock, then find nothing to do.
  const client = await poolOf(ds).connect();
  let broken: Error | undefined;
  try {
    await client.query("SELECT pg_advisory_lock(hashtextextended('keepsake:migrations', 0))");
    await ds.runMigrations({ transaction: "each" });
    await client.query("SELECT pg_advisory_unlock(hashtextextended('keepsake:migrations', 0))");
  } catch (err) {
    broken = err as Error; // closing the connection lets go of the lock
    await ds.destroy().catch(() => undefined);
    throw err;
  } finally {
    client.release(broken);
  }
  return ds;
}
