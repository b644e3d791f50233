import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { ImageIcon, PlayIcon } from "../../../components/ui/icons";
import { formatMemoryDate } from "../lib/memory-date";
import { newestFirst } from "../lib/memory-order";
import styles from "./memory-journal.module.css";
import { LazyMemoryViewer, usePreloadMemoryViewer } from "./lazy-memory-viewer";
import type { MemoryViewerMemory, MemoryViewerTheme } from "./memory-viewer-types";

export interface JournalMemory extends MemoryViewerMemory {
  canEdit?: boolean;
}

/** The small round picture of a memory: its thumbnail, a video's poster, or a placeholder. */
export function MemoryThumb({ memory, size }: { memory: MemoryViewerMemory; size: number }) {
  const { media } = memory;
  const src = media.thumbUrl ?? media.posterUrl ?? (media.type === "IMAGE" ? media.url : null);
  return (
    <span className={styles.thumb} style={{ width: size, height: size }}>
      {src ? (
        <img src={src} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className={styles.placeholder}>
          <ImageIcon size={Math.round(size / 3)} />
        </span>
      )}
      {media.type === "VIDEO" ? (
        <span className={styles.play}>
          <PlayIcon size={16} />
        </span>
      ) : null}
    </span>
  );
}

interface MemoryJournalProps {
  memories: readonly JournalMemory[];
  /** The viewer's theme: rose on Memories, blue on the public profile (docs/product.md §2). */
  theme: MemoryViewerTheme;
  label: string;
}

/**
 * A vertical timeline of round thumbnails, newest first; tapping one opens the memory viewer,
 * with "Edit Memory" when the viewer may edit it.
 */
export function MemoryJournal({ memories, theme, label }: MemoryJournalProps) {
  const navigate = useNavigate();
  const [openId, setOpenId] = useState<string | null>(null);
  usePreloadMemoryViewer();
  const sorted = newestFirst(memories);
  const open = sorted.some((memory) => memory.id === openId) ? openId : null;

  return (
    <>
      <ol className={styles.journal} aria-label={label}>
        {sorted.map((memory) => {
          const caption = memory.caption?.trim() || "Untitled memory";
          const date = formatMemoryDate(memory.memoryDate);
          const location = memory.location?.trim();
          return (
            <li key={memory.id} className={styles.entry}>
              <button type="button" className={styles.open} onClick={() => setOpenId(memory.id)}>
                <MemoryThumb memory={memory} size={72} />
                <span className={styles.text}>
                  <span className={styles.caption}>{caption}</span>
                  {date ? <span className={styles.meta}>{date}</span> : null}
                  {location ? <span className={styles.meta}>{location}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {open ? (
        <LazyMemoryViewer
          memories={sorted}
          startId={open}
          theme={theme}
          onClose={() => setOpenId(null)}
          onEdit={(memory) => void navigate(`/app/edit-memory?id=${encodeURIComponent(memory.id)}`)}
        />
      ) : null}
    </>
  );
}
