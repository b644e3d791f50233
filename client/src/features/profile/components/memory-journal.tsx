import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { ImageIcon, PlayIcon } from "../../../components/ui/icons";
import { formatMemoryDate } from "../../memories/lib/memory-date";
import { MemoryViewer, type MemoryViewerMemory, type MemoryViewerTheme } from "../../memories/components/memory-viewer";
import styles from "./memory-journal.module.css";

export interface JournalMemory extends MemoryViewerMemory {
  canEdit?: boolean;
}

/** Newest memory date first; memories without a date last (spec §2 "newest memory first"). */
export function newestFirst<T extends { memoryDate?: string | null }>(memories: readonly T[]): T[] {
  return memories
    .map((memory, index) => ({ memory, index }))
    .sort((a, b) => {
      const left = a.memory.memoryDate ?? "";
      const right = b.memory.memoryDate ?? "";
      if (left !== right) {
        if (!left) return 1;
        if (!right) return -1;
        return left < right ? 1 : -1;
      }
      return a.index - b.index;
    })
    .map(({ memory }) => memory);
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
  /** The viewer's theme: rose on Memories, blue on the public profile (spec §2). */
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
  const sorted = newestFirst(memories);
  const open = sorted.find((memory) => memory.id === openId) ?? null;

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
        <MemoryViewer
          memory={open}
          theme={theme}
          onClose={() => setOpenId(null)}
          onEdit={open.canEdit ? () => void navigate(`/app/edit-memory?id=${encodeURIComponent(open.id)}`) : undefined}
        />
      ) : null}
    </>
  );
}
