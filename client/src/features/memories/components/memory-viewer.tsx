import { useId, useRef } from "react";
import { createPortal } from "react-dom";
import { Button } from "../../../components/ui/button";
import { CalendarIcon, CloseIcon, MapPinIcon } from "../../../components/ui/icons";
import type { MediaType } from "../../../gql/graphql";
import { useModalFocus } from "../../../lib/use-modal-focus";
import { formatMemoryDate } from "../lib/memory-date";
import styles from "./memory-viewer.module.css";

export type MemoryViewerTheme = "teal" | "rose" | "blue";

/**
 * What the viewer shows. The `MemoryViewer_memory` fragment
 * (features/memories/api/memory-viewer.graphql) selects exactly this; any object of this shape works.
 */
export interface MemoryViewerMemory {
  id: string;
  caption?: string | null;
  location?: string | null;
  /** "YYYY-MM-DD" or null */
  memoryDate?: string | null;
  meaning?: string | null;
  media: {
    type: MediaType;
    url: string;
    posterUrl?: string | null;
    thumbUrl?: string | null;
    width?: number | null;
    height?: number | null;
  };
}

interface MemoryViewerProps {
  memory: MemoryViewerMemory;
  /** teal: the app's timelines; rose: Memories; blue: the public profile (docs/product.md §2). */
  theme?: MemoryViewerTheme;
  onClose: () => void;
  /** Shows "Edit Memory"; pass it only when the viewer may edit this memory (docs/product.md §2, §6). */
  onEdit?: () => void;
}

/**
 * The full-screen memory viewer (docs/product.md §2): the photo or video, caption, date, location and the
 * "Why this moment matters" box. A modal dialog: focus moves in and stays inside, Escape or the
 * close button closes it, and focus returns to what opened it.
 */
export function MemoryViewer({ memory, theme = "teal", onClose, onEdit }: MemoryViewerProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, { onEscape: onClose, initialFocus: "[data-autofocus]" });

  const caption = memory.caption?.trim() ?? "";
  const location = memory.location?.trim() ?? "";
  const meaning = memory.meaning?.trim() ?? "";
  const date = formatMemoryDate(memory.memoryDate);
  const { media } = memory;

  return createPortal(
    <div className={styles.overlay} data-theme={theme}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="memory-viewer"
      >
        <div className={styles.topBar}>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close" data-autofocus>
            <CloseIcon />
          </button>
        </div>

        <div className={styles.mediaFrame}>
          {media.type === "VIDEO" ? (
            <video
              className={styles.media}
              src={media.url}
              poster={media.posterUrl ?? undefined}
              controls
              playsInline
              preload="metadata"
              aria-label={caption ? `Video: ${caption}` : "Memory video"}
            />
          ) : (
            <img
              className={styles.media}
              src={media.url}
              alt={caption || "Memory photo"}
              width={media.width ?? undefined}
              height={media.height ?? undefined}
            />
          )}
        </div>

        <div className={styles.details}>
          <h2 id={titleId} className={caption ? styles.caption : `${styles.caption} ${styles.untitled}`}>
            {caption || "Untitled memory"}
          </h2>
          {date || location ? (
            <ul className={styles.facts}>
              {date ? (
                <li>
                  <CalendarIcon size={18} />
                  <time dateTime={memory.memoryDate ?? undefined}>{date}</time>
                </li>
              ) : null}
              {location ? (
                <li>
                  <MapPinIcon size={18} />
                  <span>{location}</span>
                </li>
              ) : null}
            </ul>
          ) : null}
          {meaning ? (
            <section className={styles.meaning} aria-labelledby={`${titleId}-meaning`}>
              <h3 id={`${titleId}-meaning`} className={styles.meaningTitle}>
                Why this moment matters
              </h3>
              <p className={styles.meaningText}>{meaning}</p>
            </section>
          ) : null}
          {onEdit ? (
            <Button block onClick={onEdit}>
              Edit Memory
            </Button>
          ) : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
