import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { Button, buttonClassName } from "../../../components/ui/button";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { isStaleChunkError } from "../../../lib/stale-chunk";
import styles from "./route-error-screen.module.css";

export const ERROR_HEADING = "Unexpected Application Error!";
export const STALE_CHUNK_TEXT = "Part of Keepsake could not be loaded. Check your connection and try again.";

/** The status line and the text the person sees; never a stack or a framework's developer page. */
export function describeRouteError(error: unknown): { status: string | null; text: string } {
  if (isRouteErrorResponse(error)) {
    const text =
      typeof error.data === "string" && error.data ? error.data : error.statusText || "Something went wrong.";
    return { status: `${error.status}${error.statusText ? ` ${error.statusText}` : ""}`, text };
  }
  if (isStaleChunkError(error)) return { status: null, text: STALE_CHUNK_TEXT };
  if (error instanceof Error && error.message) return { status: null, text: error.message };
  return { status: null, text: "Something went wrong." };
}

/**
 * The root route's error screen (docs/product.md §8: headed "Unexpected Application Error!" with
 * the status and text, or the message), with Retry (reloads the page) and "Go to timelines".
 * It replaces React Router's developer page, which must never reach people
 * (docs/decisions/020-offline-and-feedback.md).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  useDocumentTitle("Something went wrong");
  const { status, text } = describeRouteError(error);
  return (
    <div className="app-column" data-theme="teal">
      <main className={styles.screen}>
        <section className={styles.card} role="alert" aria-labelledby="route-error-heading">
          <h1 id="route-error-heading" className={styles.heading}>
            {ERROR_HEADING}
          </h1>
          {status ? <p className={styles.status}>{status}</p> : null}
          <p className={styles.text}>{text}</p>
          <div className={styles.actions}>
            <Button onClick={() => window.location.reload()}>Retry</Button>
            {/* A full document load: the router that failed is left behind. */}
            <Link to="/app/timelines" reloadDocument className={buttonClassName({ variant: "secondary" })}>
              Go to timelines
            </Link>
          </div>
        </section>
      </main>
    </div>
  );
}
