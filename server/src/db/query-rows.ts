import type { EntityManager } from "typeorm";

/**
 * Raw SQL through TypeORM returning the rows, whatever the statement: TypeORM answers
 * `[rows, rowCount]` for UPDATE/DELETE (… RETURNING) and `rows` for everything else.
 */
export async function queryRows<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === "number") {
    return result[0] as T[];
  }
  return result as T[];
}
