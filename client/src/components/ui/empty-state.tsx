import type { ReactNode } from "react";
import styles from "./empty-state.module.css";

interface EmptyStateProps {
  title: string;
  message?: string;
  icon?: ReactNode;
  /** A call to action, e.g. a ButtonLink. */
  action?: ReactNode;
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, message, icon, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={styles.empty} aria-label={title}>
      {icon ? <div className={styles.icon}>{icon}</div> : null}
      <Heading className={styles.title}>{title}</Heading>
      {message ? <p className={styles.message}>{message}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}

/**
 * Offline, in place of what was never opened online on this device: the truth, rather than "not
 * found" or "no memories" (docs/decisions/036-offline-truth-and-memory-urls.md).
 */
export function NotSavedHere({ icon }: { icon?: ReactNode }) {
  return (
    <EmptyState
      icon={icon}
      title="Not saved on this phone yet"
      message="Open it once while you have a connection and it stays readable here."
    />
  );
}
