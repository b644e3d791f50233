import styles from "./audience-line.module.css";

interface AudienceLineProps {
  id: string;
  /** undefined while it loads: the line keeps its height, so nothing below it moves */
  text: string | undefined;
}

/**
 * "Only you two" / "About 14 people, including Maya and Leo" under a privacy tier
 * (docs/decisions/025-audience-preview.md). It sits inside the tier's label but is read as the
 * radio's description (aria-describedby), not as part of its name.
 */
export function AudienceLine({ id, text }: AudienceLineProps) {
  return (
    <span id={id} className={styles.line} aria-hidden="true">
      {text ?? "\u00a0"}
    </span>
  );
}
