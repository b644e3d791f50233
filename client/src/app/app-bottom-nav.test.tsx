import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  aNotification,
  notificationsMock,
  unreadCountMock,
} from "../features/notifications/testing/notification-mocks";
import { mockSessionCheck, signedIn } from "../testing/mock-session";
import { renderRoute } from "../testing/render";
import { routes } from "./router";

describe("the bottom navigation's Updates badge", () => {
  it('shows the real unread count, capped at "9+"', async () => {
    mockSessionCheck(signedIn());
    // a world that agrees with itself: 14 unread notices in the list, 14 in the count
    const unread = Array.from({ length: 14 }, () => aNotification());
    renderRoute("/app/updates", routes, { mocks: [unreadCountMock(14), notificationsMock(unread)] });
    const link = await screen.findByRole("link", { name: "Updates 14 unread" }, { timeout: 4000 });
    expect(link).toHaveTextContent("9+");
  });
});
