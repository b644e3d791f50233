import { useEffect, type RefObject } from "react";

/**
 * A mouse wheel over a horizontal scroller scrolls it sideways (a trackpad's own sideways swipe
 * already does). At either end the wheel is left to the page, so it never traps the person.
 */
export function useHorizontalWheel(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    function onWheel(event: WheelEvent) {
      if (!element || event.ctrlKey || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      const max = element.scrollWidth - element.clientWidth;
      if (max <= 0) return;
      const step = event.deltaMode === 1 ? event.deltaY * 40 : event.deltaY;
      const atStart = element.scrollLeft <= 0 && step < 0;
      const atEnd = element.scrollLeft >= max - 1 && step > 0;
      if (atStart || atEnd) return;
      event.preventDefault();
      element.scrollBy({ left: step, behavior: "instant" });
    }
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [ref]);
}
