import styles from "./new-mark.module.css";

/**
 * A small dot on a memory the other person added since this person last opened the timeline; its
 * accessible label "New" joins the name of the button it sits in
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md).
 */
export function NewMark() {
  return (
    <span className={styles.dot} data-new-mark="">
      <span className="visually-hidden">New</span>{" "}
    </span>
  );
}
