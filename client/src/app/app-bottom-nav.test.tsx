import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onThisDayMock } from "../features/presence/testing/presence-mocks";
import { unreadCountMock } from "../features/notifications/testing/notification-mocks";
import { timelinesMock } from "../features/timelines/testing/timeline-mocks";
import { mockSessionCheck, signedIn } from "../testing/mock-session";
import { renderRoute } from "../testing/render";
import { routes } from "./router";

describe("the bottom navigation's Updates badge", () => {
  it('shows the real unread count, capped at "9+"', async () => {
    mockSessionCheck(signedIn());
    // on a screen that reads nothing else about notices (Updates would read its list again when
    // the count says more are unread than it shows)
    renderRoute("/app/timelines", routes, { mocks: [unreadCountMock(14), timelinesMock([]), onThisDayMock()] });
    const link = await screen.findByRole("link", { name: "Updates 14 unread" }, { timeout: 4000 });
    expect(link).toHaveTextContent("9+");
  });
});

describe("the installed app's icon (Badging API)", () => {
  afterEach(() => {
    delete (navigator as unknown as Record<string, unknown>).setAppBadge;
    delete (navigator as unknown as Record<string, unknown>).clearAppBadge;
  });

  it("carries the unread count, and is cleared when nothing is unread", async () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { setAppBadge, clearAppBadge });
    mockSessionCheck(signedIn());
    renderRoute("/app/timelines", routes, { mocks: [unreadCountMock(3), timelinesMock([]), onThisDayMock()] });
    await screen.findByRole("link", { name: "Updates 3 unread" }, { timeout: 4000 });
    expect(setAppBadge).toHaveBeenLastCalledWith(3);
    const { showAppBadge } = await import("../lib/app-badge");
    showAppBadge(0);
    expect(clearAppBadge).toHaveBeenCalled();
  });
});
