import styles from "./char-counter.module.css";

interface CharCounterProps {
  current: number;
  max: number;
  /** Reference it from the field with aria-describedby. */
  id?: string;
}

/** Spec §5: the warning text when the count exceeds the maximum. */
export function characterLimitMessage(current: number, max: number): string {
  return `⚠️ Character limit exceeded (${current}/${max})`;
}

export function CharCounter({ current, max, id }: CharCounterProps) {
  const over = current > max;
  if (over) {
    // A polite status so the warning is announced; the plain count is not (it would chatter).
    return (
      <span id={id} role="status" className={`${styles.counter} ${styles.over}`}>
        {characterLimitMessage(current, max)}
      </span>
    );
  }
  return (
    <span id={id} className={styles.counter}>
      {current}/{max}
    </span>
  );
}
