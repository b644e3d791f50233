import { lazy, Suspense, useEffect, useState, type ComponentProps } from "react";
import { importWithReload } from "../../../lib/stale-chunk";
import type { MemoryViewer as MemoryViewerType } from "./memory-viewer";
import { isViewerKey, type ViewerKey } from "./viewer-keys";

/**
 * The memory viewer's code (the carousel and pinch-zoom libraries, about a quarter of a timeline
 * screen's JavaScript) is not part of the screen's first load: it is fetched once the screen is
 * idle (`usePreloadMemoryViewer`), when a pointer goes down on a memory (`preloadMemoryViewer`),
 * or at the latest when a memory is opened
 * (docs/decisions/040-boot-in-short-tasks.md). A key pressed while it still loads is not lost:
 * ← → are kept and applied when the viewer opens, Escape closes it before it ever shows
 * (docs/decisions/059-immersive-viewer.md).
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
  // the keys pressed while loading, in order: filled by the fallback, read once by the viewer
  const [keys] = useState<ViewerKey[]>(() => []);
  return (
    <Suspense fallback={<KeysWhileLoading keys={keys} onEscape={props.onClose} />}>
      <Viewer {...props} keysBeforeOpen={keys} />
    </Suspense>
  );
}

/** While the viewer's code loads: ← → are kept for it (and not handed to the strip), Escape closes. */
export function KeysWhileLoading({ keys, onEscape }: { keys: ViewerKey[]; onEscape: () => void }) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target;
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
      )
        return;
      if (event.key === "Escape") onEscape();
      else if (isViewerKey(event.key)) keys.push(event.key);
      else return;
      event.preventDefault();
      event.stopPropagation();
    }
    // capture on the window: before the strip's own ← → (its roving focus) sees the key
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [keys, onEscape]);
  return null;
}
