import type { ReactNode } from "react";
import styles from "./legal-page.module.css";

/** Shell of the static legal pages (privacy.html, terms.html). */
export function LegalPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className={styles.page}>
      <p>
        <a href="/">← Keepsake</a>
      </p>
      <h1 className={styles.title}>{title}</h1>
      {children ?? <p>This page is being written.</p>}
    </main>
  );
}
