import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Button, ButtonLink } from "../../../components/ui/button";
import { AlertIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useSignInLink } from "./use-sign-in-link";
import styles from "./verify-screen.module.css";

/** Spec §9: the success message shows this long before the app opens. */
export const VERIFY_REDIRECT_DELAY_MS = 800;

/**
 * Spec §2 Verify: spinner → "Email Verified!" → the app after 800 ms; on failure "Verification
 * Failed" with Retry and Back to Login. Opened in another browser than the one that asked, the
 * link first asks "Continue as j•••@example.com" (docs/decisions/002-sign-in-safety.md: scanners must not sign in).
 */
export function VerifyScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const { phase, confirm, retry } = useSignInLink(new URLSearchParams(location.search).get("token"));

  useEffect(() => {
    if (phase.kind !== "success") return;
    const timer = setTimeout(() => navigate(phase.redirectTo, { replace: true }), VERIFY_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  const title =
    phase.kind === "success"
      ? "Email Verified!"
      : phase.kind === "error"
        ? "Verification Failed"
        : phase.kind === "confirm"
          ? "Continue signing in?"
          : "Verifying your email";
  useDocumentTitle(title);

  return (
    <main className="app-column app-main app-main--bare">
      <section className={styles.page} aria-labelledby="verify-title">
        {phase.kind === "verifying" ? (
          <>
            <h1 id="verify-title" className="visually-hidden">
              {title}
            </h1>
            <Spinner label="Verifying your email..." showLabel />
          </>
        ) : null}

        {phase.kind === "success" ? (
          <>
            <div className={styles.icon} aria-hidden="true">
              ✓
            </div>
            <h1 id="verify-title" className={styles.title}>
              {title}
            </h1>
            <p className={styles.text} role="status">
              Email verified successfully! Redirecting...
            </p>
          </>
        ) : null}

        {phase.kind === "confirm" ? (
          <>
            <h1 id="verify-title" className={styles.title}>
              {title}
            </h1>
            <p className={styles.text}>
              This link signs in as <strong>{phase.maskedEmail}</strong>. It was opened in a different browser from the
              one that asked for it: continue only if you asked for this link.
            </p>
            {phase.signedInAs ? (
              <p className={styles.text}>
                This browser is signed in as {phase.signedInAs} now; continuing switches accounts.
              </p>
            ) : null}
            <div className={styles.actions}>
              <Button block onClick={confirm} busy={phase.busy} busyLabel="Signing in...">
                Continue as {phase.maskedEmail}
              </Button>
              <ButtonLink block variant="ghost" to="/login">
                Back to Login
              </ButtonLink>
            </div>
          </>
        ) : null}

        {phase.kind === "error" ? (
          <>
            <div className={`${styles.icon} ${styles.iconError}`}>
              <AlertIcon size={28} />
            </div>
            <h1 id="verify-title" className={styles.title}>
              {title}
            </h1>
            <p className={styles.text} role="alert">
              {phase.message}
            </p>
            <div className={styles.actions}>
              <Button block onClick={retry}>
                Retry
              </Button>
              <ButtonLink block variant="secondary" to="/login">
                Back to Login
              </ButtonLink>
            </div>
          </>
        ) : null}
      </section>
    </main>
  );
}
