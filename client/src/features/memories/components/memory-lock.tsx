import { LockIcon } from "../../../components/ui/icons";
import { NARROWER_MEMORY_LABEL } from "../lib/messages";
import styles from "./memory-lock.module.css";

interface MemoryLockProps {
  /** "badge": over a strip card's photo; "inline": beside the viewer's words. */
  variant?: "badge" | "inline";
}

/**
 * The small lock on a memory seen by fewer people than its timeline
 * (docs/decisions/052-memory-privacy.md): on a strip card with its words for assistive technology
 * (part of the card's name); in the viewer beside the same words, shown.
 */
export function MemoryLock({ variant = "badge" }: MemoryLockProps) {
  // inline, the words beside it say it: the icon is not read twice
  if (variant === "inline")
    return (
      <span className={styles.inline} aria-hidden="true" data-testid="memory-lock">
        <LockIcon size={14} />
      </span>
    );
  return (
    <span
      className={variant === "badge" ? styles.badge : styles.inline}
      role="img"
      aria-label={NARROWER_MEMORY_LABEL}
      title={NARROWER_MEMORY_LABEL}
      data-testid="memory-lock"
    >
      <LockIcon size={16} aria-hidden="true" />
    </span>
  );
}
