import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint } from "./after-first-paint";

type Callback = (list: { getEntries(): { name: string }[] }) => void;

/** A PerformanceObserver for "paint" that the test feeds by hand. */
function fakePaintObserver() {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    private readonly entry: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  return {
    paint: (name: string) => observers.forEach((o) => o.callback({ getEntries: () => [{ name }] })),
    observers,
  };
}

describe("afterFirstPaint", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("resolves at the first contentful paint, not at the first paint before it", async () => {
    vi.useFakeTimers();
    const paints = fakePaintObserver();
    let done = false;
    void afterFirstPaint(10_000).then(() => (done = true));
    paints.paint("first-paint");
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(false);
    paints.paint("first-contentful-paint");
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(paints.observers[0]!.disconnected).toBe(true);
  });

  it("resolves after the fallback when no paint is recorded", async () => {
    vi.useFakeTimers();
    fakePaintObserver();
    let done = false;
    void afterFirstPaint(300).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(299);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it("resolves at once on a hidden page, which paints nothing", async () => {
    const paints = fakePaintObserver();
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    await afterFirstPaint();
    expect(paints.observers).toHaveLength(0);
  });
});
