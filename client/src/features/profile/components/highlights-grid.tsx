import type { ReactNode } from "react";
import styles from "./highlights-grid.module.css";

/** What a highlight tile and the chooser show of a memory. */
export interface HighlightMemory {
  id: string;
  caption?: string | null;
  memoryDate?: string | null;
}

export const captionOf = (memory: HighlightMemory) => memory.caption?.trim() || "Untitled memory";

interface HighlightsGridProps<M extends HighlightMemory> {
  memories: readonly M[];
  label: string;
  /** The memory's picture (the screen composes the memories feature's thumbnail). */
  renderThumb: (memory: M) => ReactNode;
  /** Opens the memory viewer at this memory. */
  onOpen: (id: string) => void;
}

/**
 * A profile's highlights (docs/decisions/053-highlights.md), in the person's order: three to a row
 * on a phone, each a button that opens the memory.
 */
export function HighlightsGrid<M extends HighlightMemory>({
  memories,
  label,
  renderThumb,
  onOpen,
}: HighlightsGridProps<M>) {
  return (
    <ol className={styles.grid} aria-label={label}>
      {memories.map((memory) => {
        const caption = captionOf(memory);
        return (
          <li key={memory.id} className={styles.item}>
            <button
              type="button"
              className={styles.tile}
              aria-label={`Open ${caption}`}
              onClick={() => onOpen(memory.id)}
            >
              {renderThumb(memory)}
              <span className={styles.caption}>{caption}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
