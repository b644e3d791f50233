import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("virtual:pwa-register", () => ({ registerSW: vi.fn() }));

describe("registerServiceWorker", () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("does nothing in tests, even where service workers exist", async () => {
    Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
    const { registerSW } = await import("virtual:pwa-register");
    const { registerServiceWorker } = await import("./register-service-worker");
    registerServiceWorker();
    expect(registerSW).not.toHaveBeenCalled();
  });
});
