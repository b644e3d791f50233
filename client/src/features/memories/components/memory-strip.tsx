import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { ImageIcon, PlayIcon } from "../../../components/ui/icons";
import type { TimelineMemory_MemoryFragment } from "../../../gql/graphql";
import { formatMemoryDate } from "../lib/memory-date";
import styles from "./memory-strip.module.css";

/** Spec §9: strip cards are 280 px apart. */
export const STRIP_SPACING = 280;
/** How long a click waits for a second one before it counts as a single click. */
export const DOUBLE_CLICK_WINDOW_MS = 250;

interface MemoryStripProps {
  memories: readonly TimelineMemory_MemoryFragment[];
  /** Single click (or Enter/Space): open the viewer. */
  onOpen: (memory: TimelineMemory_MemoryFragment) => void;
  /** Double click: edit (only offered for memories the viewer may edit). */
  onEdit: (memory: TimelineMemory_MemoryFragment) => void;
  /** After the last card: the next page's sentinel (docs/decisions/024-paged-reads.md). */
  end?: ReactNode;
}

function roundImageFor(memory: TimelineMemory_MemoryFragment): string | null {
  const { media } = memory;
  if (media.type === "VIDEO") return media.posterUrl ?? media.thumbUrl ?? null;
  return media.thumbUrl ?? media.url;
}

/**
 * A timeline's memories on a horizontal line of round images (docs/product.md §2): each card shows the
 * caption, date, location and meaning. A single click opens the viewer, a double click opens
 * Edit Memory; single clicks wait briefly so a double click does not also open the viewer.
 */
export function MemoryStrip({ memories, onOpen, onEdit, end }: MemoryStripProps) {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onClick = (event: MouseEvent, memory: TimelineMemory_MemoryFragment) => {
    window.clearTimeout(timer.current);
    // Keyboard activation has no click count: open at once.
    if (event.detail === 0) return onOpen(memory);
    timer.current = window.setTimeout(() => onOpen(memory), DOUBLE_CLICK_WINDOW_MS);
  };
  const onDoubleClick = (memory: TimelineMemory_MemoryFragment) => {
    window.clearTimeout(timer.current);
    if (memory.canEdit) onEdit(memory);
    else onOpen(memory);
  };

  const width = (memories.length - 1) * STRIP_SPACING + 248 + (end ? STRIP_SPACING : 0);
  return (
    <div className={styles.scroller}>
      <ul className={styles.strip} style={{ width }} aria-label="Memories">
        {memories.map((memory, index) => {
          const image = roundImageFor(memory);
          const date = formatMemoryDate(memory.memoryDate);
          const caption = memory.caption.trim();
          return (
            <li key={memory.id} className={styles.item} style={{ left: index * STRIP_SPACING }}>
              <button
                type="button"
                className={styles.card}
                title={memory.canEdit ? "Click to view, double-click to edit" : undefined}
                onClick={(event) => onClick(event, memory)}
                onDoubleClick={() => onDoubleClick(memory)}
              >
                <span className={styles.circle}>
                  {image ? (
                    <img className={styles.image} src={image} alt="" loading="lazy" draggable={false} />
                  ) : (
                    <span className={styles.noImage}>
                      <ImageIcon size={36} />
                    </span>
                  )}
                  {memory.media.type === "VIDEO" ? (
                    <span className={styles.videoMark}>
                      <PlayIcon size={18} />
                    </span>
                  ) : null}
                </span>
                <span className={styles.text}>
                  {caption ? (
                    <span className={styles.caption}>{caption}</span>
                  ) : (
                    <span className="visually-hidden">Untitled memory</span>
                  )}
                  {date ? <span className={styles.date}>{date}</span> : null}
                  {memory.location.trim() ? <span className={styles.location}>{memory.location}</span> : null}
                  {memory.meaning.trim() ? <span className={styles.meaning}>{memory.meaning}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
        {end ? (
          <li className={styles.end} style={{ left: memories.length * STRIP_SPACING }}>
            {end}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
