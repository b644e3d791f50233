import styles from "./auth-notice.module.css";

/**
 * A live region for sign-in messages. It is always in the document (empty when silent) so
 * screen readers announce the text when it appears: politely for news, at once for errors.
 */
export function AuthNotice({ tone, message }: { tone: "success" | "error"; message: string | null }) {
  return (
    <p
      className={`${styles.notice} ${tone === "success" ? styles.success : styles.error}`}
      role={tone === "error" ? "alert" : "status"}
      aria-live={tone === "error" ? "assertive" : "polite"}
    >
      {message ?? ""}
    </p>
  );
}
