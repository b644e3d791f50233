type MemoryDate = string | null | undefined;

/**
 * Memory dates ("YYYY-MM-DD", so they compare as strings) newest first, a missing date last.
 * The order of a timeline's memories on the server, of Memories and of the journal.
 */
export function compareNewestFirst(a: MemoryDate, b: MemoryDate): number {
  const left = a ?? "";
  const right = b ?? "";
  if (left === right) return 0;
  if (!left) return 1;
  if (!right) return -1;
  return left < right ? 1 : -1;
}

/** Newest memory date first (Memories, the journal); memories without a date last. Equal dates keep their order. */
export function newestFirst<T extends { memoryDate?: MemoryDate }>(memories: readonly T[]): T[] {
  return [...memories].sort((a, b) => compareNewestFirst(a.memoryDate, b.memoryDate));
}

/**
 * Memory date ascending (a timeline opened from a public profile); a missing date counts as the
 * earliest. Equal dates keep their order.
 */
export function oldestFirst<T extends { memoryDate?: MemoryDate }>(memories: readonly T[]): T[] {
  return [...memories].sort((a, b) => compareNewestFirst(b.memoryDate, a.memoryDate));
}
