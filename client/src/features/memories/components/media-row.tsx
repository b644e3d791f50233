import { ALREADY_IN_TIMELINE, MEMORY_MEDIA_MAX } from "@keepsake/contract";
import { useId, useRef } from "react";
import { Button } from "../../../components/ui/button";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, ImageIcon, PlayIcon } from "../../../components/ui/icons";
import type { MediaItem } from "../api/use-media-list";
import styles from "./media-row.module.css";

interface MediaRowProps {
  items: readonly MediaItem[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onRetry: (key: string) => void;
  /** Shows the thumbnails (several); with one, only "Add more photos". */
  showItems: boolean;
  /** The contract's TOO_MANY_MEDIA when more were chosen. */
  notice?: string | null;
  disabled?: boolean;
}

/**
 * A memory's photos and videos as a row of thumbnails in their order, the first the cover, each
 * with Move earlier, Move later and Remove (44 px targets), its upload's state and Retry; and
 * "Add more photos" while fewer than MEMORY_MEDIA_MAX (docs/decisions/051-several-photos-per-memory.md).
 */
export function MediaRow({ items, onAdd, onRemove, onMove, onRetry, showItems, notice, disabled }: MediaRowProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const count = items.length;
  return (
    <div className={styles.row}>
      {showItems ? (
        <>
          <p className={styles.hint} id={`${id}-hint`}>
            {count} of {MEMORY_MEDIA_MAX}. The first is the cover.
          </p>
          <ol className={styles.list} aria-label="Photos and videos in this memory" aria-describedby={`${id}-hint`}>
            {items.map((item, index) => {
              const name = `${item.type === "VIDEO" ? "Video" : "Photo"} ${index + 1}`;
              const src = item.serverPreviewUrl ?? (item.type === "IMAGE" ? item.previewUrl : null);
              return (
                <li key={item.key} className={styles.item} data-testid="media-row-item">
                  <div className={styles.thumb}>
                    {src ? (
                      <img src={src} alt={index === 0 ? `${name}, the cover` : name} className={styles.image} />
                    ) : (
                      <span className={styles.placeholder} role="img" aria-label={name}>
                        {item.type === "VIDEO" ? <PlayIcon size={24} /> : <ImageIcon size={24} />}
                      </span>
                    )}
                    {index === 0 ? <span className={styles.cover}>Cover</span> : null}
                  </div>
                  <p className={styles.state} aria-live="polite">
                    {item.status === "uploading"
                      ? `Uploading… ${item.progress}%`
                      : item.status === "failed"
                        ? (item.error ?? "Upload failed")
                        : item.status === "duplicate"
                          ? ALREADY_IN_TIMELINE
                          : null}
                  </p>
                  <div className={styles.controls}>
                    <button
                      type="button"
                      className={styles.control}
                      onClick={() => onMove(item.key, -1)}
                      disabled={disabled || index === 0}
                      aria-label={`Move ${name} earlier`}
                    >
                      <ChevronLeftIcon size={20} />
                    </button>
                    <button
                      type="button"
                      className={styles.control}
                      onClick={() => onMove(item.key, 1)}
                      disabled={disabled || index === count - 1}
                      aria-label={`Move ${name} later`}
                    >
                      <ChevronRightIcon size={20} />
                    </button>
                    <button
                      type="button"
                      className={styles.control}
                      onClick={() => onRemove(item.key)}
                      disabled={disabled}
                      aria-label={`Remove ${name}`}
                    >
                      <CloseIcon size={20} />
                    </button>
                  </div>
                  {item.status === "failed" && item.retryable ? (
                    <Button variant="ghost" onClick={() => onRetry(item.key)} disabled={disabled}>
                      Retry
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
      {count < MEMORY_MEDIA_MAX ? (
        <Button variant="secondary" block onClick={() => inputRef.current?.click()} disabled={disabled}>
          Add more photos
        </Button>
      ) : null}
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept="image/*,video/*"
        multiple
        tabIndex={-1}
        aria-label="Add more photos"
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          if (files.length) onAdd(files);
          event.target.value = "";
        }}
      />
      {notice ? (
        <p role="alert" className={styles.notice}>
          {notice}
        </p>
      ) : null}
    </div>
  );
}
