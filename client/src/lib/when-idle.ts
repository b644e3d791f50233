import { useEffect, useState } from "react";

/**
 * Runs `run` once the browser is idle after the work in front of it (the first screen's render and
 * commit), or after `timeoutMs` at the latest; a zero-delay timeout where there is no
 * `requestIdleCallback`. Returns a cancel function. Work the first screen does not need waits here,
 * so it is not part of the boot's long tasks (docs/decisions/029-first-load-and-shell.md).
 */
export function whenIdle(run: () => void, timeoutMs = 3000): () => void {
  if (typeof window !== "undefined" && typeof window.requestIdleCallback === "function") {
    const cancel = window.cancelIdleCallback.bind(window);
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancel(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/** False until the browser has been idle once after this component mounted (see `whenIdle`). */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
