import type { DataSource } from "typeorm";
import { poolOf } from "./data-source.js";

/**
 * Runs `work` only if no other connection (in this process or any other on the same database)
 * holds the PostgreSQL advisory lock `name`; otherwise returns `{ ran: false }` at once. The lock
 * is a session lock on one pooled connection, held for the whole of `work`: if the process dies,
 * PostgreSQL drops the connection and the lock with it (docs/decisions/019-scaling-out.md).
 */
export async function withAdvisoryLock<T>(
  ds: DataSource,
  name: string,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = await poolOf(ds).connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked",
      [name],
    );
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, value: await work() };
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [name]).catch((err: Error) => {
        broken = err; // the connection is closed below, which releases the lock too
      });
    }
  } catch (err) {
    broken ??= err as Error;
    throw err;
  } finally {
    client.release(broken);
  }
}
