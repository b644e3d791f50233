import crypto from "node:crypto";
import type { Pool, QueryResultRow } from "pg";
import { QueryFailedError, type DataSource } from "typeorm";
import { poolOf } from "./data-source.js";

/**
 * The hot reads as named prepared statements (docs/decisions/049-prepared-statements.md): each
 * connection of the pool parses and plans a statement text once, then runs it with only its
 * values (pg's `name`), so PostgreSQL does not parse and plan the same SQL on every request.
 * Only for fixed SQL texts built by the code (values always travel as parameters); past
 * `MAX_NAMED` distinct texts a statement runs unnamed, so a connection never holds more than that.
 */
const MAX_NAMED = 200;
const names = new Map<string, string>();

/** The statement name of a SQL text: a hash, so equal texts share a name and different ones never do. */
function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `ks_${crypto.createHash("sha1").update(text).digest("hex")}`;
  names.set(text, name);
  return name;
}

/** Runs a named prepared statement on a pg pool (the session store's read, session.ts). */
export function preparedOn<R extends QueryResultRow>(pool: Pool, text: string, values: unknown[]) {
  const name = nameOf(text);
  return pool.query<R>(name ? { name, text, values } : { text, values });
}

/**
 * A SELECT as a named prepared statement on TypeORM's pool, returning its rows as `ds.query`
 * does: announced to TypeORM's logger first (which is what the statement counters of the tests
 * and the query logging see), a failure thrown as TypeORM's `QueryFailedError`.
 */
export async function preparedRows<R extends QueryResultRow = Record<string, unknown>>(
  ds: DataSource,
  text: string,
  values: unknown[],
): Promise<R[]> {
  ds.logger.logQuery(text, values);
  try {
    return (await preparedOn<R>(poolOf(ds), text, values)).rows;
  } catch (err) {
    ds.logger.logQueryError(err as Error, text, values);
    throw new QueryFailedError(text, values, err as Error);
  }
}
