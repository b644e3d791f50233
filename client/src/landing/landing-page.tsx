import styles from "./landing-page.module.css";

/** Placeholder hero; the landing-page issue builds the full page (spec §2). */
export function LandingPage() {
  return (
    <main className={styles.hero}>
      <h1 className={styles.title}>Keepsake</h1>
      <p className={styles.tagline}>A calm, private place where two people share a timeline of memories.</p>
      <p>
        <a className={styles.cta} href="/login">
          Get a magic link
        </a>
      </p>
      <footer className={styles.footer}>
        <a href="/privacy">Privacy Policy</a> · <a href="/terms">Terms of Service</a>
      </footer>
    </main>
  );
}
