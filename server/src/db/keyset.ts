import { badInput } from "../lib/errors.js";
import { isUuid } from "../lib/uuid.js";

/**
 * Keyset (cursor) pagination (docs/decisions/024-paged-reads.md): a list is read in a fixed order
 * whose last term is unique, and the next page starts strictly after the sort key of the last row
 * shown. The cursor is that key, opaque to callers: base64url of the JSON array
 * `[orderTag, ...keyValues]`. No OFFSET: page N costs what page 1 costs.
 */

/** How a key value travels in a cursor and is cast in SQL. */
export type KeyType =
  /** YYYY-MM-DD or null; SQL sorts `COALESCE(column, '-infinity')` so a missing date is the earliest */
  | "date"
  /** an ISO instant with milliseconds (the columns are timestamptz(3), so it round-trips exactly) */
  | "time"
  | "uuid"
  | "int";

export type KeyValue = string | number | null;

export interface KeyTerm {
  /** the column, written with `{a}` for the table alias, e.g. `{a}.created_at` */
  column: string;
  type: KeyType;
}

/** One order of one list: every term in the same direction, the last one unique. */
export interface KeysetOrder<T> {
  /** names the order inside the cursor, so a cursor of one order is refused by another */
  tag: string;
  direction: "ASC" | "DESC";
  terms: readonly KeyTerm[];
  /** the sort key of a row, one value per term, as the cursor carries it */
  key(row: T): KeyValue[];
}

const ORDERS = new Map<string, KeysetOrder<never>>();

/** Declares an order; its tag must be unique (a cursor names the order it belongs to). */
export function keysetOrder<T>(order: KeysetOrder<T>): KeysetOrder<T> {
  if (ORDERS.has(order.tag)) throw new Error(`keyset order ${order.tag} declared twice`);
  ORDERS.set(order.tag, order as KeysetOrder<never>);
  return order;
}

/**
 * Whether a cursor is one this server could have made, for some order: checked before a query
 * runs (graphql/list-size-plugin.ts), so a malformed `after` is a 400. The list reading it then
 * checks that it is one of its own order.
 */
export function isWellFormedCursor(cursor: string): boolean {
  try {
    const tag = (JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[])[0];
    const order = typeof tag === "string" ? ORDERS.get(tag) : undefined;
    return !!order && !!decodeCursor(order, cursor);
  } catch {
    return false;
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function termSql(term: KeyTerm, alias: string): string {
  const col = term.column.replaceAll("{a}", alias);
  return term.type === "date" ? `COALESCE(${col}, CAST('-infinity' AS date))` : col;
}

function paramSql(term: KeyTerm, placeholder: string): string {
  switch (term.type) {
    case "date":
      return `COALESCE(CAST(${placeholder} AS date), CAST('-infinity' AS date))`;
    case "time":
      return `CAST(${placeholder} AS timestamptz)`;
    case "uuid":
      return `CAST(${placeholder} AS uuid)`;
    case "int":
      return `CAST(${placeholder} AS integer)`;
  }
}

/** Applies the order to a TypeORM query builder (no joins: TypeORM passes the terms through). */
export function applyOrder<
  Q extends { orderBy(s: string, o: "ASC" | "DESC"): Q; addOrderBy(s: string, o: "ASC" | "DESC"): Q },
>(qb: Q, order: KeysetOrder<never>, alias: string): Q {
  order.terms.forEach((t, i) => {
    if (i === 0) qb.orderBy(termSql(t, alias), order.direction);
    else qb.addOrderBy(termSql(t, alias), order.direction);
  });
  return qb;
}

/** `ORDER BY` terms, e.g. `COALESCE(m.memory_date, …) DESC, m.created_at DESC, m.id DESC`. */
export function orderSql(order: KeysetOrder<unknown>, alias: string): string {
  return order.terms.map((t) => `${termSql(t, alias)} ${order.direction}`).join(", ");
}

/**
 * The condition "strictly after this key" as one row comparison (which an index on the same
 * terms answers directly). `placeholder(i)` names the i-th parameter (`:k0` for TypeORM, `$3`
 * for raw SQL); the parameters are the key values in order.
 */
export function afterSql(order: KeysetOrder<unknown>, alias: string, placeholder: (i: number) => string): string {
  const cols = order.terms.map((t) => termSql(t, alias)).join(", ");
  const params = order.terms.map((t, i) => paramSql(t, placeholder(i))).join(", ");
  return `(${cols}) ${order.direction === "DESC" ? "<" : ">"} (${params})`;
}

/** Named parameters `{k0: …, k1: …}` for `afterSql(order, alias, (i) => ":k" + i)`. */
export function afterParams(key: readonly KeyValue[]): Record<string, KeyValue> {
  return Object.fromEntries(key.map((v, i) => [`k${i}`, v]));
}

export function encodeCursor<T>(order: KeysetOrder<T>, row: T): string {
  return Buffer.from(JSON.stringify([order.tag, ...order.key(row)])).toString("base64url");
}

const INVALID = "Invalid cursor";

function validValue(type: KeyType, v: unknown): boolean {
  switch (type) {
    case "date":
      return v === null || (typeof v === "string" && DATE.test(v) && !Number.isNaN(Date.parse(v)));
    case "time":
      return typeof v === "string" && ISO.test(v) && !Number.isNaN(Date.parse(v));
    case "uuid":
      return isUuid(v);
    case "int":
      return typeof v === "number" && Number.isSafeInteger(v) && Math.abs(v) <= 2_147_483_647;
  }
}

/**
 * The key inside a cursor made by `encodeCursor` with the same order; a cursor that is not one
 * (tampered, from another list or order) is a 400 BAD_USER_INPUT, never a database error.
 */
export function decodeCursor<T>(order: KeysetOrder<T>, cursor: string, name = "after"): KeyValue[] {
  let parsed: unknown;
  try {
    if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error(INVALID);
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badInput(`${INVALID}: ${name}`);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== order.terms.length + 1 ||
    parsed[0] !== order.tag ||
    !order.terms.every((t, i) => validValue(t.type, parsed[i + 1]))
  ) {
    throw badInput(`${INVALID}: ${name}`);
  }
  return parsed.slice(1) as KeyValue[];
}

/** Compares two keys in the order's direction (to merge rows read in one batch for several lists). */
export function compareKeys(order: KeysetOrder<unknown>, a: readonly KeyValue[], b: readonly KeyValue[]): number {
  for (let i = 0; i < order.terms.length; i++) {
    // a missing date sorts as the earliest, like COALESCE(…, '-infinity') in SQL
    const x = a[i] ?? "";
    const y = b[i] ?? "";
    if (x === y) continue;
    const lower = x < y ? -1 : 1;
    return order.direction === "ASC" ? lower : -lower;
  }
  return 0;
}

/** One page of a list: the rows, each row's cursor, and whether more follow. */
export interface Page<T> {
  items: T[];
  cursors: string[];
  hasNextPage: boolean;
  /** set by reads that count the whole list (where a screen shows the count) */
  totalCount?: number;
}

/** A page from `size + 1` rows read in order: the extra row only says that more follow. */
export function pageOf<T>(order: KeysetOrder<T>, rows: T[], size: number): Page<T> {
  const items = rows.slice(0, size);
  return { items, cursors: items.map((r) => encodeCursor(order, r)), hasNextPage: rows.length > size };
}

/** What a caller asks for: how many, after which key. */
export interface PageRequest {
  size: number;
  after: KeyValue[] | null;
}

/** Limits of page sizes (docs/decisions/024-paged-reads.md). */
export const PAGE_LIMITS = {
  graphql: { default: 30, max: 100 },
  rest: { default: 100, max: 200 },
} as const;

/** A page size from a caller: an integer within [min, max], or the default when absent. */
export function pageSize(value: unknown, limits: { default: number; max: number }, name: string, min = 1): number {
  if (value === undefined || value === null || value === "") return limits.default;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > limits.max) {
    throw badInput(`${name} must be an integer from ${min} to ${limits.max}`);
  }
  return n;
}
