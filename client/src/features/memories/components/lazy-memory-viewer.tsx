import { lazy, Suspense, useEffect, type ComponentProps } from "react";
import { importWithReload } from "../../../lib/stale-chunk";
import type { MemoryViewer as MemoryViewerType } from "./memory-viewer";

/**
 * The memory viewer's code (the carousel and pinch-zoom libraries, about a quarter of a timeline
 * screen's JavaScript) is not part of the screen's first load: it is fetched once the screen is
 * idle (`usePreloadMemoryViewer`), when a pointer goes down on a memory (`preloadMemoryViewer`),
 * or at the latest when a memory is opened
 * (docs/decisions/040-boot-in-short-tasks.md).
 */
const load = () => importWithReload(() => import("./memory-viewer"));
const Viewer = lazy(() => load().then((module) => ({ default: module.MemoryViewer })));

let started = false;

/** Starts fetching the viewer's code now (a finger or a button went down on a memory). */
export function preloadMemoryViewer(): void {
  if (started) return;
  started = true;
  load().catch(() => undefined);
}

/** Starts fetching the viewer's code when the browser is idle after the screen's first paint. */
export function usePreloadMemoryViewer(): void {
  useEffect(() => {
    if (started) return;
    const start = preloadMemoryViewer;
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 1500);
    return () => window.clearTimeout(id);
  }, []);
}

export function LazyMemoryViewer(props: ComponentProps<typeof MemoryViewerType>) {
  return (
    <Suspense fallback={null}>
      <Viewer {...props} />
    </Suspense>
  );
}
