import { itemsOf } from "../lib/media-count";
import type { MemoryViewerMedia, MemoryViewerMemory } from "./memory-viewer-types";

/** Which of its memory's photos a slide shows: `index` of `count`. */
export interface SlideItem {
  index: number;
  count: number;
}

export interface ViewerSlideEntry {
  key: string;
  memory: MemoryViewerMemory;
  memoryIndex: number;
  media: MemoryViewerMedia;
  item: SlideItem;
}

/**
 * The viewer's slides: each memory's photos and videos in their order, then the next memory's
 * (docs/decisions/051-several-photos-per-memory.md), so a swipe goes through a memory before it
 * moves on.
 */
export function viewerSlides(memories: readonly MemoryViewerMemory[]): ViewerSlideEntry[] {
  return memories.flatMap((memory, memoryIndex) => {
    const items = itemsOf(memory);
    return items.map((media, index) => ({
      key: index === 0 ? memory.id : `${memory.id}:${media.id ?? index}`,
      memory,
      memoryIndex,
      media,
      item: { index, count: items.length },
    }));
  });
}
