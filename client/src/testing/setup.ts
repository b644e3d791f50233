import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { takeConsoleErrorFailure, watchConsoleErrors } from "./console-errors";

beforeEach(() => {
  watchConsoleErrors();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // docs/decisions/014-testing.md: a test fails on an unexpected console.error or console.warn.
  const failure = takeConsoleErrorFailure();
  vi.restoreAllMocks();
  if (failure) throw failure;
});

// jsdom implements none of these; the memory viewer's carousel (embla-carousel) observes sizes
// and visibility, and react-router's scroll restoration calls scrollTo.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
if (typeof window !== "undefined") {
  window.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
  window.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
}

// jsdom implements neither of these; react-router's scroll restoration calls scrollTo.
if (typeof window !== "undefined") {
  window.scrollTo = () => {};
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
