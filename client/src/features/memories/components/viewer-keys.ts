/** The keys the viewer answers to that are kept while its code is still loading. */
export type ViewerKey = "ArrowLeft" | "ArrowRight";

export function isViewerKey(key: string): key is ViewerKey {
  return key === "ArrowLeft" || key === "ArrowRight";
}

/**
 * The slide the viewer opens on after the ← → pressed while its code loaded, each applied as it
 * would have been: one slide back or on, never past either end
 * (docs/decisions/059-immersive-viewer.md).
 */
export function slideAfterKeys(start: number, keys: readonly ViewerKey[], slideCount: number): number {
  return keys.reduce(
    (slide, key) => Math.min(Math.max(slide + (key === "ArrowRight" ? 1 : -1), 0), Math.max(slideCount - 1, 0)),
    start,
  );
}
