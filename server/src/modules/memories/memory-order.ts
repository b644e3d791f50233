import type { SelectQueryBuilder } from "typeorm";
import type { KeysetOrder, KeyTerm } from "../../db/keyset.js";
import { applyOrder, keysetOrder } from "../../db/keyset.js";
import { badInput } from "../../lib/errors.js";
import type { Memory } from "../../entities/memory.entity.js";

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

/** A `sort=` value: the default when absent, 400 naming the allowed values otherwise. */
export function parseMemorySort(value: unknown): MemorySort {
  if (value === undefined || value === "") return "-memory_date";
  if (typeof value === "string" && (MEMORY_SORTS as readonly string[]).includes(value)) return value as MemorySort;
  throw badInput(`sort must be one of ${MEMORY_SORTS.join(", ")}`);
}

const DATE: KeyTerm = { column: "{a}.memory_date", type: "date" };
const POSITION: KeyTerm = { column: "{a}.position", type: "int" };
const CREATED: KeyTerm = { column: "{a}.created_at", type: "time" };
const ID: KeyTerm = { column: "{a}.id", type: "uuid" };

const time = (m: Memory) => m.createdAt.toISOString();
const dateKey = (m: Memory) => [m.memoryDate, time(m), m.id];
const positionKey = (m: Memory) => [m.position, time(m), m.id];
const createdKey = (m: Memory) => [time(m), m.id];

/**
 * Each sort as a keyset order (docs/decisions/024-paged-reads.md): the spec's key first (a
 * missing memory_date counts as the earliest, docs/product.md §2), then the creation time, then
 * the id, so the order is total and pages never repeat or skip a memory.
 */
export const MEMORY_ORDERS: Record<MemorySort, KeysetOrder<Memory>> = {
  "-memory_date": keysetOrder({ tag: "m-date", direction: "DESC", terms: [DATE, CREATED, ID], key: dateKey }),
  memory_date: keysetOrder({ tag: "m+date", direction: "ASC", terms: [DATE, CREATED, ID], key: dateKey }),
  position: keysetOrder({ tag: "m+pos", direction: "ASC", terms: [POSITION, CREATED, ID], key: positionKey }),
  "-position": keysetOrder({ tag: "m-pos", direction: "DESC", terms: [POSITION, CREATED, ID], key: positionKey }),
  "-created_at": keysetOrder({ tag: "m-created", direction: "DESC", terms: [CREATED, ID], key: createdKey }),
  created_at: keysetOrder({ tag: "m+created", direction: "ASC", terms: [CREATED, ID], key: createdKey }),
};

export function memoryOrder(sort: MemorySort = "-memory_date"): KeysetOrder<Memory> {
  return MEMORY_ORDERS[sort] ?? MEMORY_ORDERS["-memory_date"];
}

/** Applies a memory sort to a query builder whose memory alias is `alias`. */
export function orderMemories<Q extends SelectQueryBuilder<Memory>>(
  qb: Q,
  sort: MemorySort = "-memory_date",
  alias = "m",
): Q {
  return applyOrder(qb, memoryOrder(sort), alias);
}
