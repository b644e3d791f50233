import styles from "./photo-dots.module.css";

/**
 * The quiet cue of where a photo is among its memory's (docs/decisions/051-several-photos-per-memory.md):
 * a dot for each, the current one filled, read as "Photo 2 of 4".
 */
export function PhotoDots({ index, count, label }: { index: number; count: number; label: string }) {
  return (
    <p className={styles.dots} role="img" aria-label={label} data-testid="photo-position">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={styles.dot} data-current={i === index || undefined} />
      ))}
    </p>
  );
}
