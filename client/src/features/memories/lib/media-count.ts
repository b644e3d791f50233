/** What a memory with several photos and videos holds, in words (docs/decisions/051-several-photos-per-memory.md). */
export function mediaCountLabel(items: readonly { type: string }[]): string {
  const videos = items.filter((item) => item.type === "VIDEO").length;
  const n = items.length;
  if (videos === 0) return `${n} photos`;
  if (videos === n) return `${n} videos`;
  return `${n} photos and videos`;
}

/** A memory's photos and videos in order, the cover first: its `items`, else its one `media`. */
export function itemsOf<T>(memory: { media: T; items?: readonly T[] | null }): readonly T[] {
  return memory.items?.length ? memory.items : [memory.media];
}
