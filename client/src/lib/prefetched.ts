import type { DocumentNode, OperationVariables } from "@apollo/client";

/**
 * The queries a route loader started at navigation (app/prefetch.ts), so the screen's first
 * `cache-and-network` read does not ask the server a second time for what just arrived (or is on
 * its way: Apollo shares the request in flight). Each mark is used once, and only shortly after.
 */
const FRESH_MS = 10_000;
const marks = new Map<string, number>();

const keyOf = (query: DocumentNode, variables?: OperationVariables) =>
  `${(query.definitions[0] as { name?: { value: string } } | undefined)?.name?.value ?? "?"}:${JSON.stringify(variables ?? {})}`;

export function markPrefetched(query: DocumentNode, variables?: OperationVariables, now = Date.now()): void {
  marks.set(keyOf(query, variables), now);
}

/** True (once) when a loader started this query in the last few seconds. */
export function takePrefetched(query: DocumentNode, variables?: OperationVariables, now = Date.now()): boolean {
  const key = keyOf(query, variables);
  const at = marks.get(key);
  marks.delete(key);
  return at !== undefined && now - at < FRESH_MS;
}

/**
 * Queries whose answer the page brought (./first-data.ts): their loader marks them prefetched
 * without asking the server (app/prefetch.ts). Each is used once.
 */
const primed = new Set<string>();

export function markPrimed(query: DocumentNode, variables?: OperationVariables): void {
  primed.add(keyOf(query, variables));
}

/** True (once) when the page's own data already answered this query. */
export function takePrimed(query: DocumentNode, variables?: OperationVariables): boolean {
  return primed.delete(keyOf(query, variables));
}
