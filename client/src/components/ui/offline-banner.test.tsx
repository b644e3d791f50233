import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OFFLINE_BANNER_HEIGHT, OfflineBanner } from "./offline-banner";

function goOffline(offline: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? "offline" : "online"));
  });
}

describe("OfflineBanner", () => {
  afterEach(() => vi.restoreAllMocks());

  it('says "Offline" while the browser is offline, and goes when it is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByText("Offline")).not.toBeInTheDocument();
    goOffline(true);
    expect(screen.getByRole("status")).toHaveTextContent("Offline");
    expect(screen.getByRole("status")).toHaveTextContent("Changes need a connection.");
    goOffline(false);
    expect(screen.queryByText("Offline")).not.toBeInTheDocument();
  });

  it("stays after a boot without the server until the connection comes back", () => {
    render(<OfflineBanner bootedOffline />);
    expect(screen.getByRole("status")).toHaveTextContent("Offline");
    goOffline(true);
    goOffline(false);
    expect(screen.queryByText("Offline")).not.toBeInTheDocument();
  });

  it("publishes its height while shown, so the toasts sit below it, and clears it when gone", () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ height: 44 } as DOMRect);
    const height = () => document.documentElement.style.getPropertyValue(OFFLINE_BANNER_HEIGHT);
    render(<OfflineBanner />);
    expect(height()).toBe("");
    goOffline(true);
    expect(height()).toBe("44px");
    goOffline(false);
    expect(height()).toBe("");
  });
});
