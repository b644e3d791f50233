/**
 * Resolves once the page's first contentful paint has been presented (the Paint Timing entry
 * `first-contentful-paint`, which the browser records when the frame is on the screen, not when
 * the main thread has prepared it). At once where the browser has no such entry type or the page
 * is hidden (it paints nothing), and after `fallbackMs` at the latest in any case.
 */
export function afterFirstPaint(fallbackMs = 300): Promise<void> {
  return new Promise((resolve) => {
    const supported =
      typeof PerformanceObserver === "function" && (PerformanceObserver.supportedEntryTypes ?? []).includes("paint");
    if (!supported || document.visibilityState === "hidden") {
      resolve();
      return;
    }
    // both called back later (the entries and the timer arrive in later tasks), never during this call
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === "first-contentful-paint")) done();
    });
    const timer = setTimeout(done, fallbackMs);
    function done() {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    }
    observer.observe({ type: "paint", buffered: true });
  });
}
