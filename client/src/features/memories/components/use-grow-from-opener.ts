import { useLayoutEffect, type RefObject } from "react";

/** How long the photo takes to grow from the circle that was tapped. */
export const GROW_MS = 320;

/**
 * Opening from a memory's circle (the strip, the days grid, a highlight): the current photo grows
 * from that circle to its place, a FLIP animation (measured before the first paint, played with
 * the Web Animations API on transform and clip-path only, so the viewer's content is there in its
 * first frame). Without a photo in the opener, off screen, or under prefers-reduced-motion the
 * viewer keeps its plain fade (docs/decisions/059-immersive-viewer.md).
 */
export function useGrowFromOpener(overlayRef: RefObject<HTMLElement | null>, reducedMotion: boolean): void {
  // once, at opening: the opener is still the focused element (focus moves in afterwards)
  useLayoutEffect(() => grow(overlayRef.current, reducedMotion), []);
}

function grow(root: HTMLElement | null, reducedMotion: boolean): void {
  const opener = document.activeElement;
  if (reducedMotion || !root || !(opener instanceof HTMLElement) || root.contains(opener)) return;
  const circle = opener.querySelector("img");
  const frame = root.querySelector<HTMLElement>("[data-active] [data-viewer-frame]");
  const slide = frame?.closest<HTMLElement>("[data-active]");
  const viewport = root.querySelector<HTMLElement>("[data-viewer-viewport]");
  if (!circle || !frame || !slide || !viewport || typeof frame.animate !== "function") return;
  const from = circle.getBoundingClientRect();
  const onScreen =
    from.width > 0 &&
    from.bottom > 0 &&
    from.top < window.innerHeight &&
    from.right > 0 &&
    from.left < window.innerWidth;
  const to = frame.getBoundingClientRect();
  if (!onScreen || to.width === 0 || to.height === 0) return;
  // the carousel has not moved its track yet: where the frame will be once the slide is in view
  const shift = slide.getBoundingClientRect().left - viewport.getBoundingClientRect().left;
  // the photo as shown in the frame (contained): scaled to cover the opener's photo, as its crop does
  const shown = shownSize(frame, to);
  const scale = Math.max(from.width / shown.width, from.height / shown.height);
  const dx = from.left + from.width / 2 - (to.left - shift + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  // at the start the frame is cut to the opener's photo: its size and its roundness (a circle on the strip)
  const insetX = Math.max(0, (to.width - from.width / scale) / 2);
  const insetY = Math.max(0, (to.height - from.height / scale) / 2);
  const radius = roundnessOf(circle, from) / scale;
  root.dataset.grow = "";
  // its details fade in after the photo: this slide only, not every slide moved to later
  slide.dataset.growSlide = "";
  frame.animate(
    [
      {
        transform: `translate(${dx}px, ${dy}px) scale(${scale})`,
        clipPath: `inset(${insetY}px ${insetX}px round ${radius}px)`,
      },
      { transform: "none", clipPath: "inset(0px 0px round 0px)" },
    ],
    { duration: GROW_MS, easing: "cubic-bezier(0.2, 0, 0, 1)" },
  );
}

/** The corner radius (px) of the opener's photo, or of the round box that clips it. */
function roundnessOf(image: HTMLElement, box: DOMRect): number {
  const half = Math.min(box.width, box.height) / 2;
  for (const element of [image, image.parentElement]) {
    if (!element) continue;
    const style = getComputedStyle(element);
    const value = style.borderTopLeftRadius || style.borderRadius;
    const radius = value.endsWith("%") ? (parseFloat(value) / 100) * box.width : parseFloat(value);
    if (radius > 0) return Math.min(radius, half);
  }
  return 0;
}

/** The size of the photo inside the frame (object-fit: contain), from its width and height; else the frame's. */
function shownSize(frame: HTMLElement, box: DOMRect): { width: number; height: number } {
  const image = frame.querySelector("img");
  const ratio = Number(image?.getAttribute("width")) / Number(image?.getAttribute("height"));
  if (!Number.isFinite(ratio) || ratio <= 0) return box;
  return box.width / box.height > ratio
    ? { width: box.height * ratio, height: box.height }
    : { width: box.width, height: box.width / ratio };
}
