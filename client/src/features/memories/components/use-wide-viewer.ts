import { useSyncExternalStore } from "react";

/** From this width the viewer sets the photo beside its details, with previous/next at its sides. */
export const WIDE_VIEWER_QUERY = "(min-width: 960px)";

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(WIDE_VIEWER_QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** Whether the viewer is wide enough for its desktop layout (docs/decisions/059-immersive-viewer.md). */
export function useWideViewer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_VIEWER_QUERY).matches,
    () => false,
  );
}
