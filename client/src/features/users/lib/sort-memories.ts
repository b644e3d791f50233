/**
 * Spec §2 (public profile timeline detail): memories by memory date ascending; a missing date
 * counts as the earliest. Equal dates keep their order.
 */
export function oldestFirst<T extends { memoryDate?: string | null }>(memories: readonly T[]): T[] {
  return memories
    .map((memory, index) => ({ memory, index }))
    .sort((a, b) => {
      const left = a.memory.memoryDate ?? "";
      const right = b.memory.memoryDate ?? "";
      if (left !== right) return left < right ? -1 : 1;
      return a.index - b.index;
    })
    .map(({ memory }) => memory);
}

/** "1 memory", "{n} memories". */
export function memoriesCount(count: number): string {
  return count === 1 ? "1 memory" : `${count} memories`;
}
