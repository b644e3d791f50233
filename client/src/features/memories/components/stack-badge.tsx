import { mediaCountLabel } from "../lib/media-count";
import styles from "./stack-badge.module.css";

/**
 * The strip's sign that a memory holds several photos or videos: a small stack of pictures with
 * their number, named for screen readers ("4 photos"); nothing for a memory of one
 * (docs/decisions/051-several-photos-per-memory.md).
 */
export function StackBadge({ items }: { items: readonly { type: string }[] }) {
  if (items.length < 2) return null;
  return (
    <span className={styles.badge} role="img" aria-label={mediaCountLabel(items)} data-testid="stack-badge">
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="7" y="3" width="14" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M3 7v12a2 2 0 0 0 2 2h12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span aria-hidden="true">{items.length}</span>
    </span>
  );
}
