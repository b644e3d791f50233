import { useState } from "react";
import { Button } from "./button";
import styles from "./load-problem.module.css";

interface LoadProblemProps {
  /** What could not be loaded, e.g. "We couldn't load your updates." */
  message: string;
  /** Loads again; the button is busy until it settles (a failure shows this block again). */
  onRetry: () => Promise<unknown>;
}

/** In place of a screen's content that failed to load: the message and "Try again". */
export function LoadProblem({ message, onRetry }: LoadProblemProps) {
  const [retrying, setRetrying] = useState(false);
  return (
    <div className={styles.problem} role="alert">
      <p>{message}</p>
      <Button
        variant="secondary"
        busy={retrying}
        busyLabel="Loading..."
        onClick={() => {
          setRetrying(true);
          onRetry()
            .catch(() => undefined)
            .finally(() => setRetrying(false));
        }}
      >
        Try again
      </Button>
    </div>
  );
}
