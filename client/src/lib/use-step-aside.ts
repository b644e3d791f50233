import { useEffect, useState, type RefObject } from "react";

/** True when two boxes share any area. */
export function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The part of `el`'s box that is on screen inside its clipping container (`[data-clip]`), or null. */
function visibleBox(el: Element): DOMRect | null {
  const box = el.getBoundingClientRect();
  const clip = el.closest("[data-clip]")?.getBoundingClientRect();
  if (!clip) return box;
  const left = Math.max(box.left, clip.left);
  const top = Math.max(box.top, clip.top);
  const right = Math.min(box.right, clip.right);
  const bottom = Math.min(box.bottom, clip.bottom);
  return right > left && bottom > top ? new DOMRect(left, top, right - left, bottom - top) : null;
}

/**
 * Whether the floating element `ref` would cover one of the elements matching `selector` (clipped
 * by their `[data-clip]` container) right now: checked after scrolling, resizing, and any change
 * of the page (a pan or zoom of the connection web moves its people by their style). The caller
 * steps aside while it is true (docs/decisions/044-shell-that-covers-nothing.md).
 */
export function useStepAside(ref: RefObject<HTMLElement | null>, selector: string | undefined): boolean {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    if (!selector) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const own = ref.current?.getBoundingClientRect();
      if (!own) return;
      const hit = [...document.querySelectorAll(selector)].some((el) => {
        const box = visibleBox(el);
        return box !== null && overlaps(own, box);
      });
      setCovering(hit);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true, capture: true });
    window.addEventListener("resize", schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["style"] });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
      observer.disconnect();
    };
  }, [ref, selector]);
  return covering;
}
