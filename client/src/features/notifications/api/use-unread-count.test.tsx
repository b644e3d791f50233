import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../../testing/render";
import { unreadCountMock } from "../testing/notification-mocks";
import { broadcastNotificationsUpdated } from "./notification-events";
import { UNREAD_COUNT_REFRESH_MS, useUnreadCount } from "./use-unread-count";

function Count() {
  return <output aria-label="unread">{useUnreadCount()}</output>;
}

const count = () => screen.getByRole("status", { name: "unread" });

/** Lets the mocked link answer (it answers after a 0 ms timer). */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1);
  });
}

describe("useUnreadCount (docs/product.md §4)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("loads the count, then refreshes it every 30 s", async () => {
    renderScreen(<Count />, { mocks: [unreadCountMock(3), unreadCountMock(5), unreadCountMock(6)] });
    expect(count()).toHaveTextContent("0");
    await settle();
    expect(count()).toHaveTextContent("3");

    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_COUNT_REFRESH_MS - 10);
    });
    expect(count()).toHaveTextContent("3");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(11);
    });
    expect(count()).toHaveTextContent("5");

    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_COUNT_REFRESH_MS);
    });
    expect(count()).toHaveTextContent("6");
  });

  it('refreshes when the "notificationsUpdated" event fires', async () => {
    renderScreen(<Count />, { mocks: [unreadCountMock(4), unreadCountMock(2)] });
    await settle();
    expect(count()).toHaveTextContent("4");
    act(() => broadcastNotificationsUpdated());
    await settle();
    expect(count()).toHaveTextContent("2");
  });

  it("shows 0 when the count fails to load, and recovers on the next refresh", async () => {
    renderScreen(<Count />, {
      mocks: [unreadCountMock(0, { result: undefined, error: new Error("down") }), unreadCountMock(8)],
    });
    await settle();
    expect(count()).toHaveTextContent("0");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_COUNT_REFRESH_MS);
    });
    expect(count()).toHaveTextContent("8");
  });

  it("shows 0 when a refresh fails after a good load", async () => {
    renderScreen(<Count />, {
      mocks: [unreadCountMock(4), unreadCountMock(0, { result: undefined, error: new Error("down") })],
    });
    await settle();
    expect(count()).toHaveTextContent("4");
    act(() => broadcastNotificationsUpdated());
    await settle();
    expect(count()).toHaveTextContent("0");
  });
});
