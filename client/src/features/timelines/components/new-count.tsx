import styles from "./new-count.module.css";

/**
 * "{n} new" on a Timelines card: memories the other person added since this person last opened
 * the timeline (docs/decisions/055-reminders-invite-links-and-new-marks.md). Nothing when none.
 */
export function NewCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.newCount}>
      <span className={styles.dot} aria-hidden="true" />
      {`${count} new`}
    </span>
  );
}
