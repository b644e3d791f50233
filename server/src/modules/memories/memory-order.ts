import type { SelectQueryBuilder } from "typeorm";
import type { Memory } from "./memory.entity.js";

/** Sort orders of `GET /api/memories/filter?sort=` (default newest memory_date first). */
export type MemorySort = "-memory_date" | "memory_date" | "position" | "-position" | "-created_at" | "created_at";
export const MEMORY_SORTS: readonly MemorySort[] = [
  "-memory_date",
  "memory_date",
  "position",
  "-position",
  "-created_at",
  "created_at",
];

type OrderTerm = [column: string, direction: "ASC" | "DESC", nulls?: "NULLS FIRST" | "NULLS LAST"];
const ORDER: Record<MemorySort, OrderTerm[]> = {
  "-memory_date": [
    ["memoryDate", "DESC", "NULLS LAST"],
    ["createdAt", "DESC"],
    ["id", "DESC"],
  ],
  memory_date: [
    ["memoryDate", "ASC", "NULLS FIRST"],
    ["createdAt", "ASC"],
    ["id", "ASC"],
  ],
  position: [
    ["position", "ASC"],
    ["createdAt", "ASC"],
  ],
  "-position": [
    ["position", "DESC"],
    ["createdAt", "DESC"],
  ],
  "-created_at": [
    ["createdAt", "DESC"],
    ["id", "DESC"],
  ],
  created_at: [
    ["createdAt", "ASC"],
    ["id", "ASC"],
  ],
};

/** Applies a memory sort to a query builder whose memory alias is `alias`. */
export function orderMemories<Q extends SelectQueryBuilder<Memory>>(
  qb: Q,
  sort: MemorySort = "-memory_date",
  alias = "m",
): Q {
  (ORDER[sort] ?? ORDER["-memory_date"]).forEach(([column, direction, nulls], i) => {
    if (i === 0) qb.orderBy(`${alias}.${column}`, direction, nulls);
    else qb.addOrderBy(`${alias}.${column}`, direction, nulls);
  });
  return qb;
}

/** Sorts loaded memories like the SQL does (for batched loads). */
export function compareMemories(a: Memory, b: Memory): number {
  if (a.memoryDate !== b.memoryDate) {
    if (a.memoryDate === null) return 1;
    if (b.memoryDate === null) return -1;
    return a.memoryDate < b.memoryDate ? 1 : -1;
  }
  const t = b.createdAt.getTime() - a.createdAt.getTime();
  if (t) return t;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
