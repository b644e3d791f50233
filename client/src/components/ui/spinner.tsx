import styles from "./spinner.module.css";

interface SpinnerProps {
  /** Announced to assistive technology; shown when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  size?: "small" | "medium";
}

/** The decorative spinning ring alone (e.g. inside a busy button). */
export function SpinnerRing({ size = "small" }: { size?: "small" | "medium" }) {
  return (
    <span className={size === "small" ? styles.small : undefined} aria-hidden="true">
      <span className={styles.ring} />
    </span>
  );
}

export function Spinner({ label = "Loading…", showLabel = false, size = "medium" }: SpinnerProps) {
  return (
    <span role="status" className={`${styles.spinner} ${size === "small" ? styles.small : ""}`}>
      <span className={styles.ring} aria-hidden="true" />
      <span className={showLabel ? undefined : "visually-hidden"}>{label}</span>
    </span>
  );
}

/**
 * A spinner with its label, centred in a block as tall as the page (route-level loading), a
 * screen's content or a panel of a screen.
 */
export function CenteredSpinner({
  label = "Loading…",
  height,
}: {
  label?: string;
  height: "page" | "content" | "panel";
}) {
  return (
    <div className={`${styles.centered} ${styles[height]}`}>
      <Spinner label={label} showLabel />
    </div>
  );
}

/** A spinner centred in the page, for route-level loading. */
export function PageSpinner({ label = "Loading…" }: { label?: string }) {
  return <CenteredSpinner label={label} height="page" />;
}
