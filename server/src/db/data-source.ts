import "reflect-metadata";
import { DataSource } from "typeorm";
import type { PostgresDriver } from "typeorm/driver/postgres/PostgresDriver.js";
import type { Pool } from "pg";
import { entities } from "./entities.js";
import { migrations } from "./migrations/index.js";

/** One DataSource shape for the embedded database, a real server and the tests (DESIGN §2). */
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
  await ds.runMigrations({ transaction: "each" });
  return ds;
}
